/**
 * The spec's toasts for a move (series, blueprints, applications, sessions, becoming a GM): a success toast, and on
 * failure the spec's "Failed to …" title with what went wrong underneath, translated by error code (lib/api).
 */
import { errorMessage } from '@/lib/api/errors';
import type { CodeWords } from '@/lib/api/error-words';
import { i18n, type TranslationKey } from '@/lib/i18n';
import { toast } from '@/lib/toast';

export function toastSuccess(key: TranslationKey) {
  toast.success(i18n.t(key));
}

/** `words`: the feature's own words for codes, before the app's. */
export function toastFailure(key: TranslationKey, error: unknown, words?: readonly CodeWords[]) {
  toast.error(i18n.t(key), { description: errorMessage(error, { words }) });
}
