/** A history row as a sentence ("Ann confirmed participation"), by its kind and, for a status move, the status. */
import type { TranslationKey } from '@/lib/i18n';

import type { SessionEvent } from '../api/sessions';

export function eventKey(event: SessionEvent): TranslationKey {
  if (event.kind === 'status_changed') {
    return event.status
      ? (`sessions.history.status.${event.status}` as TranslationKey)
      : 'sessions.history.status_changed';
  }
  return `sessions.history.${event.kind}` as TranslationKey;
}

/**
 * The newest first; `limit` of them when given. The server sends the history in the order it happened (by time,
 * then by the event's sequence), so this is that order reversed: events of the same second, which a sort by
 * time alone would leave as they came, keep their sequence.
 */
export function newestFirst(events: readonly SessionEvent[], limit?: number): SessionEvent[] {
  const sorted = [...events].reverse();
  return limit === undefined ? sorted : sorted.slice(0, limit);
}
