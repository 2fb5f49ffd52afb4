/**
 * Which buttons a session page shows: only what the server's `allowed_actions` allow now (issue 15), in the
 * spec's order, with the moves that cannot be taken back asking first.
 */
import type { ParticipantAction, SessionAction } from '../api/sessions';

/** The status moves of the GM's page, in the order their buttons appear. */
export const statusActions = [
  'fix_schedule',
  'start_preparation',
  'start',
  'complete',
  'stop_early',
  'start_planning',
  'cancel',
  'delete',
] as const satisfies readonly SessionAction[];
export type StatusAction = (typeof statusActions)[number];

/** These ask for confirmation in a dialog (the spec: complete, stop early, cancel, delete, change schedule). */
const confirmed = new Set<StatusAction>([
  'complete',
  'stop_early',
  'cancel',
  'delete',
  'start_planning',
]);

export function needsConfirmation(action: StatusAction): boolean {
  return confirmed.has(action);
}

/** The status buttons for `allowed`, in order. */
export function gmStatusButtons(allowed: readonly SessionAction[]): StatusAction[] {
  return statusActions.filter((action) => allowed.includes(action));
}

export function isDestructive(action: StatusAction): boolean {
  return action === 'cancel' || action === 'delete' || action === 'stop_early';
}

/** The player's own moves, in order. */
export const participantActions = [
  'confirm',
  'ready',
  'reject',
  'leave',
] as const satisfies readonly ParticipantAction[];

export function playerButtons(allowed: readonly ParticipantAction[]): ParticipantAction[] {
  return participantActions.filter((action) => allowed.includes(action));
}
