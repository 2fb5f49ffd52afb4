/** The pieces both session pages show: the header's status and "Add to calendar", status badges, the times, the facts, the history and "not found". */
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarPlus, CalendarX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { isNotFound } from '@/lib/gm-loader';
import { Page } from '@/components/page';
import { useFormat } from '@/lib/i18n';
import { sessionHrefs } from '@/lib/paths';

import type {
  ParticipantStatus,
  SessionEvent,
  SessionParticipant,
  SessionSchedule,
  SessionStatus,
} from '../api/sessions';
import { eventKey } from '../lib/history';
import { participantStatusKey } from '../lib/labels';
import { useSessionTime } from './use-session-time';
import { viewerZone } from '../lib/zone';

const statusVariants: Record<SessionStatus, BadgeProps['variant']> = {
  planning: 'secondary',
  scheduled: 'default',
  waiting_for_players: 'warning',
  waiting_for_payment: 'warning',
  ready_to_start: 'success',
  in_progress: 'success',
  completed: 'secondary',
  stopped_early: 'secondary',
  cancelled: 'secondary',
};

export function SessionStatusBadge({ status, testId }: { status: SessionStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={statusVariants[status]} data-testid={testId}>
      {t(`sessions.status.${status}`)}
    </Badge>
  );
}

/**
 * The page header's side: the session's status, and "Add to calendar", a plain download of the session's event
 * (the server names the file and answers only the GM and the session's players).
 */
export function SessionHeaderAction({ id, status }: { id: string; status: SessionStatus }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SessionStatusBadge status={status} testId="session-status" />
      <Button asChild variant="outline" size="sm">
        <a href={sessionHrefs.calendarEvent(id)} download>
          <CalendarPlus aria-hidden />
          {t('sessions.detail.addToCalendar')}
        </a>
      </Button>
    </div>
  );
}

export function ParticipantStatusBadge({
  status,
  viewer,
  testId,
}: {
  status: ParticipantStatus;
  viewer: 'gm' | 'player';
  testId?: string;
}) {
  const { t } = useTranslation();
  const variant: BadgeProps['variant'] =
    status === 'ready' || status === 'participating' || status === 'participated_fully'
      ? 'success'
      : status === 'confirmed'
        ? 'default'
        : status === 'invited'
          ? 'warning'
          : 'secondary';
  return (
    <Badge variant={variant} data-testid={testId}>
      {t(participantStatusKey(status, viewer))}
    </Badge>
  );
}

/**
 * "Times are shown in your zone…", only when the viewer's zone differs from the series' (the GM's). The GM reads
 * of her own series' zone as hers, not as "the game master's".
 */
export function ZoneNote({
  seriesZone,
  viewer = 'player',
}: {
  seriesZone: string;
  viewer?: 'gm' | 'player';
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const zone = viewerZone();
  if (zone === seriesZone) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="session-zone-note">
      {t(viewer === 'gm' ? 'sessions.detail.inYourZoneGm' : 'sessions.detail.inYourZone', {
        zone: format.zoneName(zone),
        gmZone: format.zoneName(seriesZone),
      })}
    </p>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** A titled part of a session page (h2), with its buttons on the right. */
export function Section({
  id,
  title,
  action,
  children,
  testId,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className="flex flex-col gap-4 rounded-2xl border border-border p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The history, as given (the caller orders it), each event a sentence with its message and time. */
export function HistoryList({
  events,
  participants,
}: {
  events: readonly SessionEvent[];
  participants: readonly Pick<SessionParticipant, 'player_id' | 'display_name'>[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const zone = viewerZone();
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('sessions.detail.noHistory')}</p>;
  }
  const playerName = (id: string | null | undefined) =>
    participants.find((participant) => participant.player_id === id)?.display_name ??
    t('sessions.history.aPlayer');
  return (
    <ol className="flex flex-col gap-2">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-1 border-l-2 border-border pl-3 text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">
              {t(eventKey(event), {
                actor: event.actor_id ? event.actor_display_name : t('sessions.history.platform'),
                player: playerName(event.player_id),
              })}
            </span>
            <time dateTime={event.at} className="text-xs text-muted-foreground">
              {format.dateTime(event.at, { timeZone: zone })}
            </time>
          </p>
          {event.message && (
            <p className="break-words whitespace-pre-line text-foreground/90">{event.message}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** An unknown session, or one that is not the viewer's (404). */
export function SessionNotFound({ listHref }: { listHref: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={CalendarX}
      headingLevel={1}
      title={t('sessions.notFound.title')}
      description={t('sessions.notFound.text')}
      action={
        <Button asChild variant="outline">
          <Link to={listHref}>{t('sessions.notFound.back')}</Link>
        </Button>
      }
    />
  );
}

/**
 * A session page's states: the session's own "not found" (unknown, not the viewer's, or a malformed id), loading, then
 * `children` with the session. Other failures go to the route's error screen.
 */
export function SessionGate<T>({
  query,
  listHref,
  malformed = false,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending'>;
  listHref: string;
  /** The address names no session at all (not an id): "not found", with the way back. */
  malformed?: boolean;
  children: (session: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (malformed || isNotFound(query.error)) {
    return (
      <Page>
        <SessionNotFound listHref={listHref} />
      </Page>
    );
  }
  if (query.error) throw query.error;
  if (query.isPending || query.data === undefined) {
    return (
      <Page>
        <p role="status" className="text-muted-foreground">
          {t('sessions.detail.loading')}
        </p>
      </Page>
    );
  }
  return children(query.data);
}

/** The schedule: start and end, duration, and when the preparation opens. */
export function ScheduleFacts({
  session,
}: {
  session: { schedule: SessionSchedule; preparation_opens_at: string };
}) {
  const { t } = useTranslation();
  const end = new Date(
    Date.parse(session.schedule.scheduled_start_datetime) +
      session.schedule.scheduled_duration_minutes * 60_000,
  ).toISOString();
  const time = useSessionTime();
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="session-schedule">
      <Fact label={t('sessions.detail.dateTime')}>
        <time dateTime={session.schedule.scheduled_start_datetime}>
          {time(session.schedule.scheduled_start_datetime)}
        </time>
        {' – '}
        <time dateTime={end}>{time(end)}</time>
      </Fact>
      <Fact label={t('sessions.detail.duration')}>
        {t('sessions.detail.minutes', { count: session.schedule.scheduled_duration_minutes })}
      </Fact>
      <Fact label={t('sessions.detail.preparationOpens')}>
        <time dateTime={session.preparation_opens_at}>{time(session.preparation_opens_at)}</time>
      </Fact>
    </dl>
  );
}
