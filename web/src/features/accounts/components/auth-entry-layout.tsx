import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

import type { UserContext } from '@/lib/auth/current-user';
import { returnToParam, sanitizeReturnTo, withReturnTo } from '@/lib/auth/return-to';
import { paths } from '@/lib/paths';

import { AuthCard } from './auth-card';
import { OidcSignInButton } from './oidc-sign-in-button';

const entries = {
  signIn: {
    title: 'accounts.signIn.title',
    lead: 'accounts.signIn.lead',
    success: 'accounts.signIn.success',
    otherPrompt: 'accounts.signIn.noAccount',
    otherLink: 'accounts.signIn.signUpLink',
    other: paths.signUp,
  },
  signUp: {
    title: 'accounts.signUp.title',
    lead: 'accounts.signUp.lead',
    success: 'accounts.signUp.success',
    otherPrompt: 'accounts.signUp.haveAccount',
    otherLink: 'accounts.signUp.signInLink',
    other: paths.signIn,
  },
} as const;

/**
 * The shell of the sign-in and sign-up pages: their card, the identity-provider button, the link to the other
 * page (both keep `?return_to=`), and what happens once someone is signed in (a toast, then back where they
 * came from). `children` is the form, given what to call with the new user context.
 */
export function AuthEntryLayout({
  entry,
  children,
}: {
  entry: keyof typeof entries;
  children: (onSignedIn: (context: UserContext) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get(returnToParam);
  const copy = entries[entry];

  return (
    <AuthCard
      title={t(copy.title)}
      lead={t(copy.lead)}
      footer={
        <>
          {t(copy.otherPrompt)}{' '}
          <Link
            to={withReturnTo(copy.other.getHref(), returnTo)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t(copy.otherLink)}
          </Link>
        </>
      }
    >
      {/* Sign-in through the identity provider named by GET /api/config, when there is one. */}
      <OidcSignInButton returnTo={returnTo} />
      {children((context) => {
        toast.success(t(copy.success, { name: context.user?.name ?? '' }));
        // Signing in lands on the Dashboard (what needs the user now); signing up on Home, where a new
        // account's profile wizard and the Questboard's sections start them off.
        const landing = entry === 'signIn' ? paths.dashboard.getHref() : paths.home.getHref();
        void navigate(sanitizeReturnTo(returnTo, landing), { replace: true });
      })}
    </AuthCard>
  );
}
