/** `/dashboard/player/my-sessions`: the sessions the player is invited to or plays in, in pages of 20. */
import type { QueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { offsetFrom } from '@/lib/gm-loader';
import { Page, PageHeader } from '@/components/page';
import { requireSignedIn } from '@/lib/auth/guards';

import { playerSessionsQueryOptions, usePlayerSessions } from '../api/sessions';
import { SessionCard } from '../components/session-card';
import { participantStatusKey } from '../lib/labels';
import { ZoneHint } from '../components/zone-hint';
import { pageSize } from '../lib/pages';
import { sessionHrefs } from '@/lib/paths';

/** My Games (the applications feature's page); a plain path, so this page imports nothing of that feature. */
const myGamesHref = '/dashboard/player/my-games';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    const offset = offsetFrom(request.url, pageSize);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(playerSessionsQueryOptions(offset));
    return null;
  };
}

export default function PlayerSessionsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const offset = offsetFrom(searchParams, pageSize);
  const { data: page } = usePlayerSessions(offset);
  return (
    <Page>
      <PageHeader
        title={t('sessions.pageTitles.mySessions')}
        intro={t('sessions.list.playerIntro')}
      />
      <ZoneHint />
      {page?.count === 0 && (
        <EmptyState
          icon={CalendarClock}
          title={t('sessions.list.empty')}
          description={t('sessions.list.playerEmptyText')}
          action={
            <Button asChild>
              <Link to={myGamesHref}>{t('sessions.list.playerEmptyAction')}</Link>
            </Button>
          }
        />
      )}
      {page && page.items.length > 0 && (
        <ul
          className="flex flex-col gap-3"
          aria-label={t('sessions.list.label')}
          data-testid="player-sessions"
        >
          {page.items.map((session) => (
            <li key={session.id}>
              <SessionCard
                href={sessionHrefs.playerSession(session.id)}
                title={session.series.title}
                status={session.status}
                start={session.schedule.scheduled_start_datetime}
                seats={session.seats}
                details={
                  <>
                    <span>{t('sessions.list.gm', { name: session.game_master_display_name })}</span>
                    <span>
                      {t('sessions.list.yourStatus', {
                        status: t(participantStatusKey(session.my_status, 'player')),
                      })}
                    </span>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {page && (
        <ListPagination
          offset={offset}
          limit={pageSize}
          count={page.count}
          onOffsetChange={(next) => {
            setSearchParams(next === 0 ? {} : { offset: String(next) });
          }}
        />
      )}
    </Page>
  );
}
