import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';

import { paths } from '@/lib/paths';

import { AuthCard } from '../components/auth-card';
import { OidcSignInButton } from '../components/oidc-sign-in-button';
import { SignInForm } from '../components/sign-in-form';
import { redirectIfSignedIn } from '@/lib/auth/guards';
import { returnToParam, sanitizeReturnTo, withReturnTo } from '@/lib/auth/return-to';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await redirectIfSignedIn(queryClient, request);
    return null;
  };
}

export default function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get(returnToParam);

  return (
    <AuthCard
      title={t('accounts.signIn.title')}
      lead={t('accounts.signIn.lead')}
      footer={
        <>
          {t('accounts.signIn.noAccount')}{' '}
          <Link
            to={withReturnTo(paths.signUp.getHref(), returnTo)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('accounts.signIn.signUpLink')}
          </Link>
        </>
      }
    >
      {/* Sign-in through the identity provider named by GET /api/config, when there is one. */}
      <OidcSignInButton returnTo={returnTo} />
      <SignInForm
        onSignedIn={(context) => {
          toast.success(t('accounts.signIn.success', { name: context.user?.name ?? '' }));
          void navigate(sanitizeReturnTo(returnTo), { replace: true });
        }}
      />
    </AuthCard>
  );
}
