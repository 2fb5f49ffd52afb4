/** `/dashboard/player/my-games`: the series where the player's application is accepted, in pages of 20. */
import type { QueryClient } from '@tanstack/react-query';
import { Dices, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { offsetFrom, useOffsetParam } from '@/lib/gm-loader';
import { questboardPaths, sessionPaths, applicationPaths } from '@/lib/paths';
import { requireSignedIn } from '@/lib/auth/guards';
import { useFormat } from '@/lib/i18n';

import { myGamesQueryOptions, useMyGames } from '../api/applications';
import { pageSize } from '../lib/filters';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(myGamesQueryOptions(offsetFrom(request.url, pageSize)));
    return null;
  };
}

export default function MyGamesRoute() {
  const { t } = useTranslation();
  const format = useFormat();
  const [offset, setOffset] = useOffsetParam(pageSize);
  const { data: page } = useMyGames(offset);
  const applications = (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <Link to={sessionPaths[0]}>{t('sessions.myGamesLink')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={applicationPaths.myApplications.getHref()}>
          <ListChecks aria-hidden />
          {t('applications.myGames.applications')}
        </Link>
      </Button>
    </div>
  );
  return (
    <ListPage
      header={{
        title: t('pageTitles.myGames'),
        intro: t('applications.myGames.intro'),
        action: applications,
      }}
      empty={{
        icon: Dices,
        title: t('applications.myGames.empty'),
        description: t('applications.myGames.emptyText'),
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
      onOffsetChange={setOffset}
      list={{ testId: 'my-games' }}
      itemClassName="flex flex-col gap-2 rounded-2xl border border-border p-4"
      item={(series) => (
        <>
          <Link
            to={questboardPaths.series.getHref(series.handle)}
            className="text-lg font-semibold break-words underline-offset-4 hover:underline"
          >
            {series.title}
          </Link>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="success">{t('applications.status.accepted')}</Badge>
            <span>
              {series.next_session_at
                ? t('applications.myGames.nextSession', {
                    date: format.dateTime(series.next_session_at),
                  })
                : t('applications.myGames.noSchedule')}
            </span>
          </div>
        </>
      )}
    />
  );
}
