/**
 * What the user is told once a session move is answered: the spec's success toast, or its failure toast — with
 * the spec's own words for a refusal it names (series_must_be_active, the schedule rules, …) instead.
 */
import type { TranslationKey } from '@/lib/i18n';
import {
  toastFailure as toastMoveFailure,
  toastSuccess as toastMoveSuccess,
} from '@/lib/outcome-toasts';
import { toast } from '@/lib/toast';

import { refusalMessage } from './refusals';

/** Every move a toast names: the GM's status moves and the rest. */
export type Outcome =
  | 'create'
  | 'schedule'
  | 'start_planning'
  | 'fix_schedule'
  | 'start_preparation'
  | 'start'
  | 'complete'
  | 'stop_early'
  | 'cancel'
  | 'delete'
  | 'addParticipants'
  | 'removeParticipant'
  | 'confirm'
  | 'ready'
  | 'reject'
  | 'leave';

export function toastSuccess(outcome: Outcome) {
  toastMoveSuccess(`sessions.toasts.success.${outcome}` as TranslationKey);
}

export function toastFailure(outcome: Outcome, error: unknown) {
  const refusal = refusalMessage(error);
  if (refusal) toast.error(refusal);
  else toastMoveFailure(`sessions.toasts.failure.${outcome}` as TranslationKey, error);
}
