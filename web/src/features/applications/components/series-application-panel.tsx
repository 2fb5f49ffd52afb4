/**
 * On a series' Questboard page, for a signed-in player: Apply Now while they have no application to it and the
 * series recruits; else their application's status, what was written, and Cancel or Reopen (Reopen only while it
 * recruits). Loaded lazily with the workspace strings.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/lib/auth/current-user';
import { focusLandingProps, useFocusLanding } from '@/lib/focus-landing';

import { applicationFor, useRecentApplications, type Series } from '../api/applications';
import { canApply, playerMoves, type PlayerMove } from '../lib/moves';
import { applicationPaths } from '@/lib/paths';
import { ApplyDialog, MoveDialog } from './application-dialogs';
import { MessageHistory, StatusBadge } from './application-parts';

export default function SeriesApplicationPanel({ series }: { series: Series }) {
  const { t } = useTranslation();
  const signedIn = useSignedInUser();
  const { data: recent, isPending } = useRecentApplications(signedIn !== undefined);
  const [dialog, setDialog] = useState<'apply' | PlayerMove | null>(null);
  const application = applicationFor(recent, series.id);
  // Apply Now (or Cancel, Reopen) is replaced by what it did: focus lands on the application's new status.
  const landing = useFocusLanding<HTMLHeadingElement>(application?.status);
  if (!signedIn || isPending) return null;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const own = series.game_master_id === signedIn.user.id;
  // A series closed to recruiting takes no application, new or reopened (the page says it is closed).
  const recruiting = series.recruitment_status === 'open';
  const moves = application
    ? playerMoves(application.status).filter((move) => recruiting || move !== 'reopen')
    : [];
  return (
    <>
      {canApply(application?.status) && !own && recruiting && (
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => {
              setDialog('apply');
            }}
          >
            {t('applications.actions.apply')}
          </Button>
        </div>
      )}
      {application && (
        <section
          aria-labelledby="own-application"
          className="flex flex-col gap-3 rounded-2xl border border-border bg-muted/30 p-5"
          data-testid="own-application"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2
              id="own-application"
              ref={landing}
              tabIndex={-1}
              {...focusLandingProps}
              className="flex items-center gap-2 text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t('applications.series.title')}
              <StatusBadge status={application.status} />
            </h2>
            <div className="flex flex-wrap gap-2">
              {moves.map((move) => (
                <Button
                  key={move}
                  variant={move === 'cancel' ? 'outline' : 'default'}
                  size="sm"
                  onClick={() => {
                    setDialog(move);
                  }}
                >
                  {t(`applications.actions.${move}`)}
                </Button>
              ))}
            </div>
          </div>
          <MessageHistory application={application} viewer="player" />
          <Link
            to={applicationPaths.myApplications.getHref(application.id)}
            className="w-fit text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('applications.series.viewAll')}
          </Link>
        </section>
      )}
      {dialog === 'apply' && (
        <ApplyDialog
          open
          onOpenChange={close}
          series={{
            id: series.id,
            title: series.title,
            min_player_age: series.requirements?.min_player_age ?? null,
          }}
        />
      )}
      {application && (dialog === 'cancel' || dialog === 'reopen') && (
        <MoveDialog open onOpenChange={close} move={dialog} application={application} />
      )}
    </>
  );
}
