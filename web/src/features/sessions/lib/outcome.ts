/**
 * What the user is told once a session move is answered: the spec's success toast, or its failure toast — with
 * the spec's own words for a refusal it names (series_must_be_active, the schedule rules, …) instead.
 */
import { describeError, translatorFor } from '@/lib/api/errors';
import { i18n, type TranslationKey } from '@/lib/i18n';
import { toast } from '@/lib/toast';

import { refusalKey } from './refusals';

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
  toast.success(i18n.t(`sessions.toasts.success.${outcome}` as TranslationKey));
}

export function toastFailure(outcome: Outcome, error: unknown) {
  const known = refusalKey(error);
  if (known) {
    toast.error(i18n.t(known));
    return;
  }
  const described = describeError(error, translatorFor(i18n));
  toast.error(i18n.t(`sessions.toasts.failure.${outcome}` as TranslationKey), {
    description:
      described.kind === 'toast' ? described.message : i18n.t('errors.codes.validation_failed'),
  });
}
