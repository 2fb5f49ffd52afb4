import type { ParticipantStatus, SessionStatus } from '../api/sessions';

/** A participant's status; the player reads "Participated" for their own full participation. */
export function participantStatusKey(status: ParticipantStatus, viewer: 'gm' | 'player') {
  return viewer === 'player' && status === 'participated_fully'
    ? ('sessions.playerParticipated' as const)
    : (`sessions.participantStatus.${status}` as const);
}

/** "Seats filled: 2 of 5", or without a total when the series sets no seat limit. */
export function seatsText(
  t: (
    key: 'sessions.detail.seatsFilled' | 'sessions.detail.seatsFilledNoLimit',
    options: Record<string, number>,
  ) => string,
  seats: { confirmed: number; total?: number | null },
): string {
  return seats.total === undefined || seats.total === null
    ? t('sessions.detail.seatsFilledNoLimit', { confirmed: seats.confirmed })
    : t('sessions.detail.seatsFilled', { confirmed: seats.confirmed, total: seats.total });
}

/** Completed, stopped early or cancelled: seats no longer fill (they are counted while the session is ahead). */
export function hasEnded(status: SessionStatus): boolean {
  return status === 'completed' || status === 'stopped_early' || status === 'cancelled';
}

/**
 * What a session in preparation waits for, from the server's counts: "2 of 4 players ready" while it waits for
 * players, "1 of 2 paid" while it waits for payment; nothing otherwise. `format` writes the numbers for the active
 * language; the plural follows the number needed.
 */
export function progressText(
  t: (
    key: 'sessions.detail.progressReady' | 'sessions.detail.progressPaid',
    options: Record<string, number | string>,
  ) => string,
  format: (value: number) => string,
  session: {
    status: SessionStatus;
    progress?: { needed: number; ready: number; ready_and_paid?: number | null } | null;
  },
): string | undefined {
  const progress = session.progress;
  if (!progress) return undefined;
  const needed = format(progress.needed);
  if (session.status === 'waiting_for_players') {
    return t('sessions.detail.progressReady', {
      count: progress.needed,
      needed,
      ready: format(progress.ready),
    });
  }
  if (session.status === 'waiting_for_payment' && typeof progress.ready_and_paid === 'number') {
    return t('sessions.detail.progressPaid', {
      count: progress.needed,
      needed,
      paid: format(progress.ready_and_paid),
    });
  }
  return undefined;
}
