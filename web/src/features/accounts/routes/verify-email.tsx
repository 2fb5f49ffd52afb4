import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage, translatorFor } from '@/lib/api/errors';

import { useSignedInUser } from '@/lib/auth/current-user';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { ResendVerificationButton } from '../components/resend-verification-button';

/**
 * Opened from the confirmation mail: confirms the address at once and says how it went. A link that is used,
 * expired or unknown offers a new one (signed in: at once; otherwise after signing in); a link opened again after
 * the address was confirmed says so instead of calling it expired.
 */
export default function VerifyEmailRoute() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const signedIn = useSignedInUser();
  // The page shows a failure itself (no toast on top of it).
  const verify = useVerifyEmail({ onError: () => undefined });
  const { mutate } = verify;
  // A token works once: do not send it a second time when React re-runs the effect (Strict Mode).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  const onwards = signedIn ? (
    <Button asChild>
      <Link to={paths.account.getHref()}>{t('emailVerification.toAccount')}</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to={paths.home.getHref()}>{t('emailVerification.continue')}</Link>
    </Button>
  );

  const alreadyVerified =
    verify.error instanceof ApiError && verify.error.detail?.code === 'email_already_verified';

  if (verify.isSuccess || alreadyVerified) {
    return (
      <AuthCard
        title={
          alreadyVerified
            ? t('emailVerification.alreadyVerifiedTitle')
            : t('emailVerification.successTitle')
        }
      >
        <div
          role="status"
          className="flex gap-3 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900"
        >
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            {alreadyVerified
              ? t('emailVerification.alreadyVerified')
              : t('emailVerification.success')}
          </p>
        </div>
        {onwards}
      </AuthCard>
    );
  }

  // "Ask for a new one": a button for the signed-in owner of an unverified address, else sign in first (the
  // account page offers it too).
  const newLink =
    signedIn === undefined ? (
      <Button asChild variant="outline" className="w-full">
        <Link to={paths.signIn.getHref(paths.account.getHref())}>
          {t('emailVerification.signInToResend')}
        </Link>
      </Button>
    ) : signedIn.account.email_verified ? null : (
      <ResendVerificationButton
        email={signedIn.account.primary_email.email}
        variant="default"
        className="w-full"
        label={t('emailVerification.resend')}
      />
    );

  if (token === '' || verify.isError) {
    const message =
      token === ''
        ? t('errors.codes.link_invalid')
        : errorMessage(verify.error, { t: translatorFor(i18n) });
    return (
      <AuthCard title={t('emailVerification.failedTitle')}>
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{message}</p>
        </div>
        {newLink}
        {onwards}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('pageTitles.verifyEmail')}>
      <p role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
        <span
          className="size-4 animate-spin rounded-full border-2 border-border border-t-primary"
          aria-hidden
        />
        {t('emailVerification.verifying')}
      </p>
    </AuthCard>
  );
}
