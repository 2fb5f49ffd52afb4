/** `/dashboard/player/my-sessions`: the sessions the player is invited to or plays in, in pages of 20. */
import type { QueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { offsetFrom, useOffsetParam } from '@/lib/gm-loader';
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
  const [offset, setOffset] = useOffsetParam(pageSize);
  const { data: page } = usePlayerSessions(offset);
  return (
    <ListPage
      header={{
        title: t('sessions.pageTitles.mySessions'),
        intro: t('sessions.list.playerIntro'),
      }}
      above={<ZoneHint />}
      empty={{
        icon: CalendarClock,
        title: t('sessions.list.empty'),
        description: t('sessions.list.playerEmptyText'),
        action: (
          <Button asChild>
            <Link to={myGamesHref}>{t('sessions.list.playerEmptyAction')}</Link>
          </Button>
        ),
      }}
      page={page}
      offset={offset}
      pageSize={pageSize}
      onOffsetChange={setOffset}
      list={{ testId: 'player-sessions', label: t('sessions.list.label') }}
      item={(session) => (
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
      )}
    />
  );
}
