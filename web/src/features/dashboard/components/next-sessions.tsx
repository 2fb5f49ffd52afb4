/**
 * A role's next sessions: each with its series, start in the viewer's zone (the schedule's clock in a note where it
 * differs), live countdown and status.
 */
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { ZonedTime } from '@/components/zoned-time';

import type { DashboardSession } from '../api/dashboard';
import { Countdown } from './countdown';

export function NextSessions({
  sessions,
  hrefOf,
  headingId,
  empty,
}: {
  sessions: readonly DashboardSession[];
  hrefOf: (id: string) => string;
  headingId: string;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold tracking-tight">
        {t('dashboard.nextSessions')}
      </h3>
      {sessions.length === 0 ? (
        empty
      ) : (
        <ul className="flex flex-col gap-3">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-col gap-1.5 rounded-2xl border border-border p-4"
              data-testid="next-session"
            >
              <Link
                to={hrefOf(session.id)}
                className="font-semibold break-words underline-offset-4 hover:underline"
              >
                {session.series.title}
              </Link>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
                <Countdown start={session.scheduled_start_datetime} status={session.status} />
                <ZonedTime
                  value={session.scheduled_start_datetime}
                  scheduleZone={session.series.time_zone}
                  className="text-muted-foreground"
                  noteClassName="basis-full"
                />
              </p>
              <p className="flex flex-wrap gap-2">
                <Badge variant="secondary">{t(`sessions.status.${session.status}`)}</Badge>
                {session.my_status && (
                  <Badge variant={session.my_status === 'invited' ? 'warning' : 'default'}>
                    {t('dashboard.you', {
                      status: t(`sessions.participantStatus.${session.my_status}`),
                    })}
                  </Badge>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
