/**
 * One session in a list: its series, when, its status and, while it is ahead, the seats; the title leads to the
 * session's page.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { SessionStatus } from '../api/sessions';
import { hasEnded, seatsText } from '../lib/labels';
import { SessionStatusBadge } from './session-parts';
import { useSessionTime } from './use-session-time';

export function SessionCard({
  href,
  title,
  status,
  start,
  seats,
  details,
}: {
  href: string;
  title: string;
  status: SessionStatus;
  start: string;
  seats: { confirmed: number; total?: number | null };
  details?: ReactNode;
}) {
  const { t } = useTranslation();
  const time = useSessionTime();
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link to={href} className="underline-offset-4 hover:underline">
            {title}
          </Link>
        </h2>
        <SessionStatusBadge status={status} />
      </div>
      <p className="text-sm">
        <time dateTime={start}>{time(start)}</time>
      </p>
      <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
        {/* Seats fill only while the session is ahead: a past one's would read "0 of 8". */}
        {!hasEnded(status) && <span data-testid="session-seats">{seatsText(t, seats)}</span>}
        {details}
      </p>
    </article>
  );
}
