/**
 * Errors reach the user in one place. `describeError` (pure) decides what a failure means for the user —
 * messages for form fields, or one translated message (`errorMessage`, with the words of ./error-words) — and
 * `handleApiError` shows it.
 */
import type { i18n as I18n } from 'i18next';
import { toast } from '@/lib/toast';

import { i18n, type TranslationKey } from '@/lib/i18n';

import { appCodeWords, codeMessage, type CodeWords } from './error-words';
import type { components } from './schema';

export type ErrorBody = components['schemas']['ErrorBody'];
export type ErrorDetail = ErrorBody['error'];
export type ErrorType = ErrorDetail['type'];
/** Every code the server sends (snake_case), from the OpenAPI document. */
export type ErrorCode = components['schemas']['ErrorCode'];
/** One broken rule of a field: its code, the English message and the values the message names. */
export type FieldError = components['schemas']['FieldError'];
export type FieldErrors = Record<string, FieldError[]>;

/** The server answered with an error (status >= 400). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  readonly status: number;
  /** Undefined when the body was not in the server's error format (e.g. a proxy's HTML page). */
  readonly detail: ErrorDetail | undefined;
  /** Seconds from the Retry-After header of a 429. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, detail: ErrorDetail | undefined, retryAfterSeconds?: number) {
    super(detail?.message ?? `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  static fromResponse(response: Response, body: unknown): ApiError {
    return new ApiError(
      response.status,
      isErrorBody(body) ? body.error : undefined,
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
}

/** The request never got an answer. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (!isRecord(value) || !isRecord(value.error)) return false;
  const { type, code, message } = value.error;
  return typeof type === 'string' && typeof code === 'string' && typeof message === 'string';
}

/** Retry-After as seconds; the HTTP-date form is turned into the seconds left. */
export function parseRetryAfter(
  header: string | null,
  now: number = Date.now(),
): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The openapi-fetch result as data, or an `ApiError` thrown. Use for every call that answers with a body.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok || result.error !== undefined || result.data === undefined) {
    throw ApiError.fromResponse(result.response, result.error);
  }
  return result.data;
}

/** Throws an `ApiError` unless the call succeeded. Use for calls that answer without a body (204, 202). */
export function ensureOk(result: { error?: unknown; response: Response }): void {
  if (!result.response.ok) throw ApiError.fromResponse(result.response, result.error);
}

export type Translate = (
  key: TranslationKey,
  options?: { count?: number } & Record<string, string | number>,
) => string;

/** The `Translate` of an i18next instance (the app's, or a test's). */
export function translatorFor(instance: I18n): Translate {
  return (key, options) => instance.t(key, options ?? {});
}

const translateActive = translatorFor(i18n);

/** The server's code for `error`, when the server answered in its error format. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.detail?.code : undefined;
}

export type ErrorOutcome =
  { kind: 'fields'; fields: FieldErrors } | { kind: 'toast'; message: string };

function nonEmptyFields(fields: FieldErrors | undefined): FieldErrors | undefined {
  if (fields === undefined) return undefined;
  const entries = Object.entries(fields).filter(([, errors]) => errors.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export type MessageOptions = {
  /** Defaults to the app's active language. */
  t?: Translate;
  /** The caller's own words for codes, looked up before the app's (./error-words). */
  words?: readonly CodeWords[];
  /** `false`: never the server's own (English) message, the generic translated one instead. */
  serverMessage?: boolean;
};

/**
 * `error` as one message: translated by the error's `code` (the caller's words, then the app's), falling back to
 * the server's English `message`, then to a generic translated message.
 */
export function errorMessage(
  error: unknown,
  { t = translateActive, words = [], serverMessage }: MessageOptions = {},
): string {
  if (error instanceof NetworkError) return t('errors.network');
  if (!(error instanceof ApiError) || error.detail === undefined) return t('errors.generic');

  const { code, message } = error.detail;
  if (code === 'rate_limited') {
    const seconds = error.retryAfterSeconds;
    return seconds === undefined
      ? t('errors.rateLimitedLater')
      : t('errors.rateLimited', { count: seconds });
  }
  const translated = codeMessage(code, t, [...words, ...appCodeWords]);
  if (translated !== undefined) return translated;
  if (serverMessage !== false && message.trim() !== '') return message;
  return t('errors.generic');
}

/**
 * What the user should see for `error`. Field messages go to the form when it can show them; otherwise one
 * toast with its `errorMessage`.
 */
export function describeError(
  error: unknown,
  t: Translate,
  options: Omit<MessageOptions, 't'> & { canShowFields?: boolean } = {},
): ErrorOutcome {
  const fieldMessages =
    error instanceof ApiError ? nonEmptyFields(error.detail?.fields) : undefined;
  if (options.canShowFields && fieldMessages) return { kind: 'fields', fields: fieldMessages };
  return { kind: 'toast', message: errorMessage(error, { ...options, t }) };
}

export type HandleApiErrorOptions = {
  /** The form's setter (react-hook-form's `setError` fits with a small adapter); `lib/forms` translates. */
  setFieldError?: (field: string, errors: FieldError[]) => void;
  /** Replaces an existing toast (e.g. a loading one) instead of adding another. */
  toastId?: string | number;
  /** Defaults to the app's active language. */
  t?: Translate;
  /** Shows a message that is not about one field (e.g. on the form itself); without it, a toast. */
  showMessage?: (message: string) => void;
};

/** Shows `error` to the user: on the form's fields when possible, otherwise as an error toast. */
export function handleApiError(
  error: unknown,
  { setFieldError, toastId, t = translateActive, showMessage }: HandleApiErrorOptions = {},
): ErrorOutcome {
  const outcome = describeError(error, t, { canShowFields: setFieldError !== undefined });
  if (outcome.kind === 'fields') {
    for (const [field, errors] of Object.entries(outcome.fields)) setFieldError?.(field, errors);
  } else if (showMessage) {
    showMessage(outcome.message);
  } else {
    toast.error(outcome.message, { id: toastId });
  }
  return outcome;
}
