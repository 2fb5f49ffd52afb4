/**
 * Apply Now until applications exist: a visitor is sent to sign in and comes back to the series; a signed-in
 * player goes to the series' page. Never a button that does nothing.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { useSignedInUser } from '@/lib/auth/current-user';
import { paths } from '@/lib/paths';

import { questboardPaths } from '../lib/paths';

export function ApplyLink({
  handle,
  title,
  size = 'sm',
}: {
  handle: string;
  title: string;
  size?: 'sm' | 'default';
}) {
  const { t } = useTranslation();
  const signedIn = useSignedInUser();
  const seriesHref = questboardPaths.series.getHref(handle);
  return (
    <Link
      to={signedIn ? seriesHref : paths.signIn.getHref(seriesHref)}
      className={buttonVariants({ size })}
      aria-label={t('questboard.card.applyTo', { title })}
    >
      {t('questboard.card.apply')}
    </Link>
  );
}
