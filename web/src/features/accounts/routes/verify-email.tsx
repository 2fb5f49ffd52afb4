import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { describeError, translatorFor } from '@/lib/api/errors';

import { useSignedInUser } from '../api/current-user';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';

/** Opened from the confirmation mail: confirms the address at once and says how it went. */
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
      <Link to={paths.account.getHref()}>{t('accounts.verifyEmail.toAccount')}</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to={paths.home.getHref()}>{t('accounts.verifyEmail.continue')}</Link>
    </Button>
  );

  if (token === '' || verify.isError) {
    const outcome = token === '' ? undefined : describeError(verify.error, translatorFor(i18n));
    const message =
      outcome === undefined
        ? t('errors.codes.link_invalid')
        : outcome.kind === 'toast'
          ? outcome.message
          : t('errors.generic');
    return (
      <AuthCard title={t('accounts.verifyEmail.failedTitle')}>
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{message}</p>
        </div>
        {onwards}
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard title={t('accounts.verifyEmail.successTitle')}>
        <div
          role="status"
          className="flex gap-3 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900"
        >
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{t('accounts.verifyEmail.success')}</p>
        </div>
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
        {t('accounts.verifyEmail.verifying')}
      </p>
    </AuthCard>
  );
}
