/**
 * What the signed-in user's profile still lacks (lib/completeness), said on Home (with the way to the profile)
 * and on the profile page itself; nothing once it is complete.
 */
import { UserRoundPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { useSignedInUser } from '@/lib/auth/current-user';
import { useLocale } from '@/lib/i18n';
import { paths } from '@/lib/paths';

import { useMyProfile } from '../api/get-my-profile';
import { missingParts, readWizardStep } from '../lib/completeness';

export function ProfileMissingNote({ linkToProfile = false }: { linkToProfile?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = useSignedInUser();
  const { data: profile } = useMyProfile();
  if (!signedIn || profile?.account_id !== signedIn.user.id) return null;
  const missing = missingParts(profile, readWizardStep(profile.account_id));
  if (missing.length === 0) return null;
  const parts = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    missing.map((part) => t(`home.profileMissing.parts.${part}`)),
  );
  return (
    <section
      aria-labelledby="profile-missing"
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="profile-missing"
    >
      <UserRoundPen className="size-6 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        <h2 id="profile-missing" className="font-semibold">
          {t('home.profileMissing.title')}
        </h2>
        <p className="text-sm">{t('home.profileMissing.text', { parts })}</p>
      </div>
      {linkToProfile && (
        <Link to={paths.profile.getHref()} className={buttonVariants({ variant: 'outline' })}>
          {t('home.profileMissing.action')}
        </Link>
      )}
    </section>
  );
}

export default ProfileMissingNote;
