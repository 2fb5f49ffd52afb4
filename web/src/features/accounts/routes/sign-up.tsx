import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';

import { paths } from '@/lib/paths';

import { AuthCard } from '../components/auth-card';
import { OidcSignInButton } from '../components/oidc-sign-in-button';
import { SignUpForm } from '../components/sign-up-form';
import { redirectIfSignedIn } from '@/lib/auth/guards';
import { returnToParam, sanitizeReturnTo, withReturnTo } from '@/lib/auth/return-to';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await redirectIfSignedIn(queryClient, request);
    return null;
  };
}

export default function SignUpRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get(returnToParam);

  return (
    <AuthCard
      title={t('accounts.signUp.title')}
      lead={t('accounts.signUp.lead')}
      footer={
        <>
          {t('accounts.signUp.haveAccount')}{' '}
          <Link
            to={withReturnTo(paths.signIn.getHref(), returnTo)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('accounts.signUp.signInLink')}
          </Link>
        </>
      }
    >
      <OidcSignInButton returnTo={returnTo} />
      <SignUpForm
        onSignedUp={(context) => {
          toast.success(t('accounts.signUp.success', { name: context.user?.name ?? '' }));
          void navigate(sanitizeReturnTo(returnTo), { replace: true });
        }}
      />
    </AuthCard>
  );
}
