/**
 * `/dashboard/player/my-games/applications`: the player's own applications, most recently changed first, in pages
 * of 20: each with its status, the message history and Cancel or Reopen. `?application=` selects one (the
 * palette's cancel and reopen act on it).
 */
import type { QueryClient } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { questboardPaths, applicationPaths } from '@/lib/paths';
import { requireSignedIn } from '@/lib/auth/guards';

import {
  myApplicationsQueryOptions,
  useMyApplications,
  type SeriesApplication,
} from '../api/applications';
import { ApplicationCard } from '../components/application-card';
import { MoveDialog } from '../components/application-dialogs';
import { pageSize, parseOffset } from '../lib/filters';
import { playerMoves, type PlayerMove } from '../lib/moves';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    const offset = parseOffset(new URL(request.url).searchParams.get('offset'));
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(myApplicationsQueryOptions(offset));
    return null;
  };
}

export default function MyApplicationsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const offset = parseOffset(searchParams.get('offset'));
  const selectedId = searchParams.get('application');
  const { data: page } = useMyApplications(offset);
  const [dialog, setDialog] = useState<{ move: PlayerMove; application: SeriesApplication }>();
  return (
    <ListPage
      header={{
        before: (
          <Link
            to={applicationPaths.myGames.getHref()}
            className="text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            {t('applications.myApplications.back')}
          </Link>
        ),
        title: t('pageTitles.myApplications'),
        intro: t('applications.myApplications.intro'),
      }}
      empty={{
        icon: ListChecks,
        title: t('applications.myApplications.empty'),
        description: t('applications.myApplications.emptyText'),
        action: (
          <Button asChild>
            <Link to={questboardPaths.questboard.getHref()}>
              {t('applications.myGames.findQuests')}
            </Link>
          </Button>
        ),
      }}
      page={page}
      offset={offset}
      pageSize={pageSize}
      onOffsetChange={(next) => {
        setSearchParams(next === 0 ? {} : { offset: String(next) });
      }}
      list={{ testId: 'my-applications', className: 'gap-4' }}
      item={(application) => (
        <ApplicationCard
          application={application}
          viewer="player"
          selected={application.id === selectedId}
          heading={
            <Link
              to={questboardPaths.series.getHref(application.series_handle)}
              className="underline-offset-4 hover:underline"
            >
              {application.series_title}
            </Link>
          }
          actions={
            <>
              <Button asChild variant="ghost" size="sm">
                <Link
                  to={`?${new URLSearchParams({
                    ...(offset ? { offset: String(offset) } : {}),
                    application: application.id,
                  }).toString()}`}
                  aria-label={`${t('applications.actions.select')}: ${application.series_title}`}
                  aria-current={application.id === selectedId ? 'true' : undefined}
                >
                  {t('applications.actions.select')}
                </Link>
              </Button>
              {playerMoves(application.status).map((move) => (
                <Button
                  key={move}
                  variant={move === 'cancel' ? 'outline' : 'default'}
                  size="sm"
                  onClick={() => {
                    setDialog({ move, application });
                  }}
                >
                  {t(`applications.actions.${move}`)}
                </Button>
              ))}
            </>
          }
        />
      )}
    >
      {dialog && (
        <MoveDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(undefined);
          }}
          move={dialog.move}
          application={dialog.application}
        />
      )}
    </ListPage>
  );
}
