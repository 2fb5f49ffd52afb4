/**
 * One application as a card: who and which series, its status, dates, the message history and the actions; to
 * the GM also the applicant's stated experience and the sessions they played.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import type { SeriesApplication } from '../api/get-application';
import { MessageHistory, StatusBadge } from './application-parts';

export function ApplicationCard({
  application,
  viewer,
  heading,
  subheading,
  actions,
  selected,
}: {
  application: SeriesApplication;
  viewer: 'player' | 'gm';
  /** The card's title: the series for the player, the player for the GM. */
  heading: ReactNode;
  subheading?: ReactNode;
  actions?: ReactNode;
  /** Selected in the list (the palette acts on it). */
  selected?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-border p-4 sm:p-5',
        selected && 'border-primary ring-2 ring-primary/30',
      )}
      aria-current={selected ? 'true' : undefined}
      data-testid="application-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <h2 className="text-lg font-semibold break-words">{heading}</h2>
          {subheading && <p className="text-sm break-words text-muted-foreground">{subheading}</p>}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <StatusBadge status={application.status} landing />
            <span>{t('applications.applied', { date: format.date(application.created_at) })}</span>
            <span>
              {t('applications.updated', { date: format.dateTime(application.updated_at) })}
            </span>
          </p>
          {viewer === 'gm' && (
            <p className="text-sm text-muted-foreground" data-testid="applicant-facts">
              {[
                t(`profiles.levels.${application.applicant.experience_level}`),
                t('applications.applicant.years', {
                  count: application.applicant.claimed_years_experience,
                }),
                t('applications.applicant.played', {
                  count: application.applicant.sessions_played,
                }),
              ].join(' · ')}
            </p>
          )}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <MessageHistory application={application} viewer={viewer} />
    </article>
  );
}
