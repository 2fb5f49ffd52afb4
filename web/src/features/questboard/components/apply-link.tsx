/**
 * Apply Now: a visitor is sent to sign in and comes back to the series; a signed-in player gets the Apply dialog
 * (loaded when first opened, so the Questboard's first load does not carry it). A series closed to recruiting
 * offers no way to apply (the server would refuse it): it says so instead.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import type { ApplyTarget } from '@/features/applications';
import type { components } from '@/lib/api/schema';
import { useSignedInUser } from '@/lib/auth/current-user';
import { paths, questboardPaths } from '@/lib/paths';

type RecruitmentStatus = components['schemas']['RecruitmentStatus'];

// Even the applications feature's front door loads on the first press: the Questboard's first load stays within
// its JavaScript budget (scripts/check-bundle-budget.mjs).
const ApplyDialog = lazy(() =>
  import('@/features/applications').then((module) => ({ default: module.ApplyDialog })),
);

export function ApplyLink({
  series,
  handle,
  size = 'sm',
}: {
  series: ApplyTarget & { recruitment_status: RecruitmentStatus };
  handle: string;
  size?: 'sm' | 'default';
}) {
  const { t } = useTranslation();
  const signedIn = useSignedInUser();
  const [open, setOpen] = useState(false);
  const label = t('questboard.card.applyTo', { title: series.title });
  if (series.recruitment_status !== 'open') {
    return (
      <p className="text-sm text-muted-foreground" data-testid="recruitment-closed">
        {t('questboard.card.closedNote')}
      </p>
    );
  }
  if (!signedIn) {
    return (
      <Link
        to={paths.signIn.getHref(questboardPaths.series.getHref(handle))}
        className={buttonVariants({ size })}
        aria-label={label}
      >
        {t('questboard.card.apply')}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={buttonVariants({ size })}
        aria-label={label}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('questboard.card.apply')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ApplyDialog open onOpenChange={setOpen} series={series} />
        </Suspense>
      )}
    </>
  );
}
