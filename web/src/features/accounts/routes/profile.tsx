import type { QueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';

import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useFormat } from '@/lib/i18n';

import { useSignedInUser, type SignedInUserContext } from '../api/current-user';
import { RoleBadge } from '../components/role-badge';
import { UserAvatar } from '../components/user-avatar';
import { loadCurrentUser, requireSignedIn } from '../lib/guards';

/**
 * `/profile` is the signed-in user's own; `/profile/{accountId}` may be anyone's, so it is not guarded.
 * Until the profiles feature arrives, only the viewer's own account facts can be shown.
 */
export function createLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    if (params.accountId === undefined) await requireSignedIn(queryClient, request);
    else await loadCurrentUser(queryClient);
    return null;
  };
}

export default function ProfileRoute() {
  const { accountId } = useParams();
  const signedIn = useSignedInUser();
  const isOwn =
    signedIn !== undefined && (accountId === undefined || accountId === signedIn.user.id);
  if (!isOwn) return <ProfileNotFound />;
  return <OwnProfile context={signedIn} />;
}

function ProfileNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-5 py-10 md:px-10">
      <EmptyState
        icon={UserX}
        headingLevel={1}
        title={t('accounts.profile.notFoundTitle')}
        description={t('accounts.profile.notFoundText')}
      />
    </div>
  );
}

function OwnProfile({ context }: { context: SignedInUserContext }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { user, account } = context;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-5 py-10 md:px-10">
      <header className="flex flex-wrap items-center gap-5">
        <UserAvatar name={user.name} className="size-16 text-xl" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="truncate text-3xl font-semibold tracking-tight">{user.name}</h1>
          <ul className="flex flex-wrap gap-2" aria-label={t('accounts.profile.roles')}>
            {user.roles.map((role) => (
              <li key={role}>
                <RoleBadge role={role} />
              </li>
            ))}
          </ul>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.account.getHref()}>{t('accounts.menu.accountSettings')}</Link>
        </Button>
      </header>

      <dl className="grid gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-2">
        <Fact label={t('accounts.profile.accountId')}>
          <code className="font-mono text-sm break-all">{account.account_id}</code>
        </Fact>
        <Fact label={t('accounts.profile.roles')}>
          {user.roles.map((role) => t(`accounts.roles.${role}`)).join(', ')}
        </Fact>
        <Fact label={t('accounts.profile.memberSince')}>
          <time dateTime={account.member_since}>{format.date(account.member_since)}</time>
        </Fact>
        <Fact label={t('accounts.profile.gmSince')}>
          {account.gm_since ? (
            <time dateTime={account.gm_since}>{format.date(account.gm_since)}</time>
          ) : (
            <span className="text-muted-foreground">{t('accounts.profile.notGameMaster')}</span>
          )}
        </Fact>
      </dl>

      <p className="text-sm text-muted-foreground">{t('accounts.profile.comingSoon')}</p>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 bg-background p-5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-base">{children}</dd>
    </div>
  );
}
