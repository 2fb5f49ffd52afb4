import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import enGB from '@/locales/en-GB.json';

import { createI18n } from '@/lib/i18n/create-i18n';

import {
  ApiError,
  describeError,
  NetworkError,
  parseRetryAfter,
  translatorFor,
  unwrap,
  type ErrorDetail,
} from './errors';

const tEn = translatorFor(createI18n('en-GB'));
const tPl = translatorFor(createI18n('pl-PL'));

function detail(overrides: Partial<ErrorDetail>): ErrorDetail {
  return { type: 'unknown_error', code: 'whatever', message: '', fields: {}, ...overrides };
}

function response(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('describeError', () => {
  it('translates a known code, ignoring the English message', () => {
    const error = new ApiError(
      409,
      detail({ type: 'conflict', code: 'stale_version', message: 'x' }),
    );
    expect(describeError(error, tPl)).toEqual({
      kind: 'toast',
      message: 'W międzyczasie ktoś inny wprowadził zmiany. Odśwież stronę i spróbuj ponownie.',
    });
  });

  it("translates a code of the workspace's strings once they are loaded", () => {
    const error = new ApiError(
      409,
      detail({ type: 'conflict', code: 'blueprint_limit_reached', message: 'x' }),
    );
    expect(describeError(error, tPl)).toEqual({
      kind: 'toast',
      message:
        'Masz już tyle szablonów przygód, ile można przechowywać. Usuń niepotrzebny, aby dodać kolejny.',
    });
    // Before they are there, the server's message.
    const shellOnly = i18next.createInstance();
    void shellOnly.init({ lng: 'en-GB', resources: { 'en-GB': { translation: enGB } } });
    expect(describeError(error, translatorFor(shellOnly))).toEqual({ kind: 'toast', message: 'x' });
  });

  it("falls back to the server's message for an unknown code", () => {
    const error = new ApiError(
      409,
      detail({
        type: 'unexpected_state',
        code: 'brand_new_code',
        message: 'Session already started.',
      }),
    );
    expect(describeError(error, tEn)).toEqual({
      kind: 'toast',
      message: 'Session already started.',
    });
  });

  it('falls back to a generic translated message when there is no message', () => {
    const error = new ApiError(500, detail({ code: 'brand_new_code', message: '  ' }));
    expect(describeError(error, tPl)).toEqual({
      kind: 'toast',
      message: 'Coś poszło nie tak. Spróbuj ponownie.',
    });
  });

  it('gives field messages to a form that can show them', () => {
    const titleRequired = { code: 'title_required' as const, message: 'Title is required' };
    const error = new ApiError(
      422,
      detail({
        type: 'invalid_data',
        code: 'validation_failed',
        message: 'Some fields are invalid.',
        fields: { title: [titleRequired], bio: [] },
      }),
    );
    expect(describeError(error, tEn, { canShowFields: true })).toEqual({
      kind: 'fields',
      fields: { title: [titleRequired] },
    });
    // Without a form the toast carries the translated code.
    expect(describeError(error, tPl)).toEqual({
      kind: 'toast',
      message: 'Niektóre pola są wypełnione nieprawidłowo.',
    });
  });

  it('tells how long to wait after a rate limit, with plural forms', () => {
    const error = new ApiError(
      429,
      detail({ type: 'not_allowed', code: 'rate_limited', message: 'Too many attempts.' }),
      5,
    );
    expect(describeError(error, tEn)).toEqual({
      kind: 'toast',
      message: 'Too many attempts. Try again in 5 seconds.',
    });
    expect(describeError(error, tPl)).toEqual({
      kind: 'toast',
      message: 'Zbyt wiele prób. Spróbuj ponownie za 5 sekund.',
    });
    const withoutDelay = new ApiError(429, detail({ code: 'rate_limited' }));
    expect(describeError(withoutDelay, tEn)).toEqual({
      kind: 'toast',
      message: 'Too many attempts. Try again later.',
    });
  });

  it('explains a network failure', () => {
    expect(describeError(new NetworkError(new TypeError('Failed to fetch')), tEn)).toEqual({
      kind: 'toast',
      message: 'Cannot reach Questline. Check your connection and try again.',
    });
  });

  it('shows a generic message for anything else', () => {
    expect(describeError(new Error('boom'), tEn)).toEqual({
      kind: 'toast',
      message: 'Something went wrong. Please try again.',
    });
    expect(describeError(new ApiError(502, undefined), tEn).kind).toBe('toast');
  });
});

describe('unwrap', () => {
  it('returns the data of a successful answer', () => {
    expect(unwrap({ data: { version: '1.0.0' }, response: response(200, {}) })).toEqual({
      version: '1.0.0',
    });
  });

  it('throws an ApiError with the parsed body and Retry-After', () => {
    const body = {
      error: detail({ type: 'not_allowed', code: 'rate_limited', message: 'Slow down' }),
    };
    let thrown: unknown;
    try {
      unwrap({ error: body, response: response(429, body, { 'Retry-After': '30' }) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const apiError = thrown as ApiError;
    expect(apiError.status).toBe(429);
    expect(apiError.detail?.code).toBe('rate_limited');
    expect(apiError.retryAfterSeconds).toBe(30);
  });

  it('keeps a body that is not in the error format out of the detail', () => {
    expect(() =>
      unwrap({ error: '<html>Bad gateway</html>', response: response(502, {}) }),
    ).toThrow(ApiError);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:10 GMT', now)).toBe(10);
  });
});
