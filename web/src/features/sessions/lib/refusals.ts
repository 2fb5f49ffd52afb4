/**
 * The refusals the sessions pages word themselves, by the server's stable code (issue 15's contract); any other
 * failure is the spec's failure toast for the move.
 */
import { ApiError, translatorFor } from '@/lib/api/errors';
import { i18n, type TranslationKey } from '@/lib/i18n';

const codeKeys: Record<string, TranslationKey> = {
  series_must_be_active: 'sessions.refusals.series_must_be_active',
  series_must_have_pricing: 'sessions.refusals.series_must_have_pricing',
  session_completed_or_cancelled: 'sessions.refusals.session_completed_or_cancelled',
  session_not_in_planning: 'sessions.refusals.session_not_in_planning',
  session_too_soon: 'sessions.refusals.session_too_soon',
  preparation_not_open: 'sessions.refusals.preparation_not_open',
  session_has_payments: 'sessions.refusals.session_has_payments',
  session_full: 'sessions.refusals.session_full',
};

/** The spec's words for a known refusal in `error`, as a translation key, or undefined. */
export function refusalKey(error: unknown): TranslationKey | undefined {
  if (!(error instanceof ApiError) || error.detail === undefined) return undefined;
  return Object.hasOwn(codeKeys, error.detail.code) ? codeKeys[error.detail.code] : undefined;
}

/** Server field errors on the forms' fields: `sessions.fieldErrors.<code>`, when we word that code. */
const fieldCodes = new Set([
  'required',
  'invalid',
  'not_accepted',
  'too_many',
  'too_soon',
  'too_short',
  'too_long',
  'already_participant',
  'message_too_long',
  'message_control_characters',
]);

export function fieldErrorKey(field: string, code: string): TranslationKey | undefined {
  if (!fieldCodes.has(code)) return undefined;
  const name = field.split('.').pop() ?? field;
  // Keys in camelCase: a code such as too_many would read as a plural form (`_many`) to i18next.
  const key = code.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase());
  return `sessions.fieldErrors.${name}.${key}` as TranslationKey;
}

/**
 * The server's field errors of `error`, translated, on the form's own fields (`fieldFor` names the form field of a
 * server field, undefined when the form has none).
 */
export function serverFieldErrors(
  error: unknown,
  fieldFor: (serverField: string) => string | undefined,
): Record<string, string[]> | undefined {
  if (!(error instanceof ApiError) || error.detail === undefined) return undefined;
  const fields = error.detail.fields as
    Record<string, { code: string; message: string }[]> | undefined;
  if (!fields) return undefined;
  const t = translatorFor(i18n);
  const result: Record<string, string[]> = {};
  for (const [serverField, errors] of Object.entries(fields)) {
    const field = fieldFor(serverField);
    if (field === undefined || errors.length === 0) return undefined;
    result[field] = [
      ...(result[field] ?? []),
      ...errors.map((fieldError) => {
        const key = fieldErrorKey(serverField, fieldError.code);
        return key ? t(key) : fieldError.message;
      }),
    ];
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** The schedule's server fields on the schedule fields. */
export function scheduleFieldFor(serverField: string): string | undefined {
  if (serverField === 'schedule.scheduled_start_datetime') return 'time';
  if (serverField === 'schedule.scheduled_duration_minutes') return 'duration';
  return undefined;
}
