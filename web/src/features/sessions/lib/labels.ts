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
