import type { NotificationKind } from '../api/types';

/**
 * Every kind, in the order the preferences list them: what a player hears about, then payments, then what a game
 * master hears about, then the rest.
 */
export const notificationKinds: readonly NotificationKind[] = [
  'application_accepted',
  'application_rejected',
  'session_invited',
  'schedule_fixed',
  'schedule_changed',
  'preparation_started',
  'payment_due',
  'session_started',
  'session_cancelled',
  'payment_receipt',
  'refund_issued',
  'participant_removed',
  'application_received',
  'review_received',
  'payment_disputed',
  'dispute_won',
  'refund_requested',
  'participation_rejected',
  'participant_left',
  'chat_message',
  'session_reminder',
];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return notificationKinds.some((kind) => kind === value);
}
