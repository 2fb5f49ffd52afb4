/**
 * The refusals the sessions pages word themselves, by the server's stable code (issue 15's contract), and the
 * sessions forms' words for a field's rule, by field and code; the translator is lib/api's.
 */
import { codeMessage, codeWords, fieldErrorMessage, fieldWords } from '@/lib/api/error-words';
import { ApiError, errorCode, translatorFor, type FieldErrors } from '@/lib/api/errors';
import { activeLocale, i18n } from '@/lib/i18n';

const refusalWords = codeWords('sessions.refusals');
const sessionFieldWords = fieldWords('sessions.fieldErrors');

/** The spec's words for a refusal in `error` the sessions pages word themselves, or undefined. */
export function refusalMessage(error: unknown): string | undefined {
  const code = errorCode(error);
  return code === undefined ? undefined : codeMessage(code, translatorFor(i18n), [refusalWords]);
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
  // A body without `fields` passes for the error format too (isErrorBody).
  const fields = error.detail.fields as FieldErrors | undefined;
  if (!fields) return undefined;
  const t = translatorFor(i18n);
  const locale = activeLocale(i18n);
  const result: Record<string, string[]> = {};
  for (const [serverField, errors] of Object.entries(fields)) {
    const field = fieldFor(serverField);
    if (field === undefined || errors.length === 0) return undefined;
    result[field] = [
      ...(result[field] ?? []),
      ...errors.map((fieldError) =>
        fieldErrorMessage(fieldError, t, locale, {
          field: serverField,
          words: [sessionFieldWords],
        }),
      ),
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
