/**
 * The spec's series toasts (§8): a success toast per action, and on failure the spec's "Failed to …" title
 * with what went wrong underneath (translated by error code).
 */
import { toast } from 'sonner';

import { describeError, translatorFor } from '@/lib/api/errors';
import { i18n, type TranslationKey } from '@/lib/i18n';

export function toastSuccess(key: TranslationKey) {
  toast.success(i18n.t(key));
}

export function toastFailure(key: TranslationKey, error: unknown) {
  const outcome = describeError(error, translatorFor(i18n));
  toast.error(i18n.t(key), {
    description:
      outcome.kind === 'toast' ? outcome.message : i18n.t('errors.codes.validation_failed'),
  });
}
