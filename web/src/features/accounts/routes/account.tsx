import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { NotificationPreferences } from '@/features/notifications';
import { useConfig } from '@/lib/runtime-config';

import { useSignedInUser } from '@/lib/auth/current-user';
import { AccountPreferencesForm } from '../components/account-preferences-form';
import { CalendarFeedSettings } from '../components/calendar-feed-settings';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { LinkedIdentities } from '../components/linked-identities';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { requireSignedIn } from '@/lib/auth/guards';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    return null;
  };
}

export default function AccountRoute() {
  const { t } = useTranslation();
  const signedIn = useSignedInUser();
  const { data: config } = useConfig();
  const [searchParams] = useSearchParams();
  // Signing out (or deleting the account) on this page leaves it on the way home.
  if (!signedIn) return null;
  const { account } = signedIn;
  // Accounts without a password sign in only through the provider: they always see how.
  const showIdentities = config?.oidc != null || !account.has_password;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-5 py-10 md:px-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t('accountSettings.title')}</h1>
        <p className="text-muted-foreground">{t('accountSettings.lead')}</p>
      </header>

      <Section title={t('accountSettings.email.title')} id="email">
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-medium break-all">{account.primary_email.email}</span>
          {account.email_verified ? (
            <Badge variant="success">{t('accountSettings.email.verified')}</Badge>
          ) : (
            <Badge variant="warning">{t('accountSettings.email.notVerified')}</Badge>
          )}
        </div>
        {!account.email_verified && (
          <>
            <p className="text-sm text-muted-foreground">
              {t('accountSettings.email.notVerifiedHint')}
            </p>
            <ResendVerificationButton email={account.primary_email.email} />
          </>
        )}
      </Section>

      <Section
        title={t('accountSettings.preferences.title')}
        hint={t('accountSettings.preferences.hint')}
        id="preferences"
      >
        <AccountPreferencesForm account={account} />
      </Section>

      <Section
        title={t('notifications.preferences.title')}
        hint={t('notifications.preferences.hint')}
        id="notifications"
        anchor="notifications"
      >
        <NotificationPreferences />
      </Section>

      <Section
        title={t('accountSettings.calendar.title')}
        hint={t('accountSettings.calendar.hint')}
        id="calendar"
      >
        <CalendarFeedSettings />
      </Section>

      {account.has_password && (
        <Section
          title={t('accountSettings.password.title')}
          hint={t('accountSettings.password.hint')}
          id="password"
        >
          <ChangePasswordForm email={account.primary_email.email} />
        </Section>
      )}

      {showIdentities && (
        <Section
          title={t('accountSettings.identities.title')}
          hint={t('accountSettings.identities.hint')}
          id="identities"
        >
          <LinkedIdentities account={account} />
        </Section>
      )}

      <Section
        title={t('accountSettings.delete.title')}
        hint={t('accountSettings.delete.hint')}
        id="delete"
        danger
      >
        <DeleteAccountDialog
          account={account}
          afterReauthentication={searchParams.get('delete') === 'confirm'}
        />
      </Section>
    </div>
  );
}

function Section({
  id,
  title,
  hint,
  danger = false,
  anchor,
  children,
}: {
  id: string;
  /** The section's element id, when an address names it (`/account#notifications`, from the unsubscribe page). */
  anchor?: string;
  title: string;
  hint?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = `account-${id}`;
  return (
    <section
      id={anchor}
      aria-labelledby={headingId}
      className={
        danger
          ? 'flex flex-col gap-4 rounded-2xl border border-red-200 bg-red-50/40 p-6'
          : 'flex flex-col gap-4 rounded-2xl border border-border bg-background p-6 shadow-xs'
      }
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </section>
  );
}
