import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { formatNumber } from '@/lib/format';
import { createI18n } from '@/lib/i18n/create-i18n';
import { baseOptions } from '@/lib/i18n/i18n';
import enGB from '@/locales/en-GB.json';
import plPL from '@/locales/pl-PL.json';

import { codeMessage, codeWords, fieldErrorMessage, fieldWords } from './error-words';
import { ApiError, describeError, errorMessage, translatorFor, type FieldError } from './errors';

const tEn = translatorFor(createI18n('en-GB'));
const tPl = translatorFor(createI18n('pl-PL'));

const titleTooShort: FieldError = {
  code: 'title_too_short',
  message: 'Title must be at least 3 characters',
  params: { min: 3 },
};

function refusal(code: string, message = 'English from the server') {
  return new ApiError(409, { type: 'unexpected_state', code, message, fields: {} });
}

describe('codeMessage', () => {
  const chat = codeWords('chat.errors');
  const reviews = codeWords('reviews.errors');

  it('finds a code in the first namespace that words it, in the reader’s language', () => {
    // Both word cannot_report_yourself, each for its own screen: the caller's order decides.
    expect(codeMessage('cannot_report_yourself', tEn, [chat, reviews])).toBe(
      'You cannot report yourself.',
    );
    expect(codeMessage('cannot_report_yourself', tEn, [reviews, chat])).toBe(
      'You cannot report your own review.',
    );
    expect(codeMessage('cannot_report_yourself', tPl, [reviews])).toBe(
      'Nie możesz zgłosić własnej opinii.',
    );
  });

  it('answers undefined for a code none of the namespaces words', () => {
    expect(codeMessage('stale_version', tEn, [chat, reviews])).toBeUndefined();
    expect(codeMessage('brand_new_code', tEn, [chat])).toBeUndefined();
    expect(codeMessage('chat_blocked', tEn, [])).toBeUndefined();
  });
});

describe('errorMessage', () => {
  const chat = codeWords('chat.errors');

  it("tries the caller's words, then the app's, then the server's message", () => {
    expect(errorMessage(refusal('chat_blocked'), { t: tPl, words: [chat] })).toBe(
      'Ta osoba nie przyjmuje Twoich wiadomości.',
    );
    // Without the chat's words the code is not the app's: the server's message.
    expect(errorMessage(refusal('chat_blocked'), { t: tPl })).toBe('English from the server');
    expect(errorMessage(refusal('stale_version'), { t: tEn, words: [chat] })).toBe(
      'Someone else changed this in the meantime. Reload and try again.',
    );
    expect(errorMessage(refusal('brand_new_code', ' '), { t: tEn, words: [chat] })).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('is the message describeError gives when no form shows fields', () => {
    const error = new ApiError(422, {
      type: 'invalid_data',
      code: 'validation_failed',
      message: 'Some fields are invalid.',
      fields: { title: [titleTooShort] },
    });
    expect(describeError(error, tPl, { words: [chat] })).toEqual({
      kind: 'toast',
      message: errorMessage(error, { t: tPl, words: [chat] }),
    });
  });
});

describe('fieldErrorMessage by field and code', () => {
  const sessionFields = fieldWords('sessions.fieldErrors');

  it("words a field's rule by the field's name and the code, in camelCase", () => {
    const tooSoon: FieldError = { code: 'too_soon', message: 'too soon' };
    expect(
      fieldErrorMessage(tooSoon, tEn, 'en-GB', {
        field: 'schedule.scheduled_start_datetime',
        words: [sessionFields],
      }),
    ).toBe('Session must be at least 15 minutes in the future');
    const tooMany: FieldError = { code: 'too_many', message: 'too many' };
    expect(
      fieldErrorMessage(tooMany, tPl, 'pl-PL', {
        field: 'participant_ids',
        words: [sessionFields],
      }),
    ).toBe('Więcej graczy niż miejsc w serii');
  });

  it("falls back to the app's words by code, then to the server's message", () => {
    const tooLong: FieldError = {
      code: 'message_too_long',
      message: 'Message must be at most 1000 characters',
      params: { max: 1000 },
    };
    // The sessions' own words for their message field come first…
    expect(
      fieldErrorMessage(tooLong, tPl, 'pl-PL', { field: 'message', words: [sessionFields] }),
    ).toBe('Wiadomość może mieć najwyżej 1000 znaków');
    // …a field they do not word takes the app's…
    expect(fieldErrorMessage(tooLong, tPl, 'pl-PL', { field: 'bio', words: [sessionFields] })).toBe(
      `Wiadomość jest za długa (limit znaków: ${formatNumber('pl-PL', 1000)})`,
    );
    // …and a code nobody words, the server's message.
    const required: FieldError = { code: 'required', message: 'Series is required' };
    expect(
      fieldErrorMessage(required, tPl, 'pl-PL', { field: 'series_id', words: [sessionFields] }),
    ).toBe('Series is required');
  });
});

describe('fieldErrorMessage by code', () => {
  it('translates by code, naming the values the server sent', () => {
    expect(fieldErrorMessage(titleTooShort, tEn, 'en-GB')).toBe(
      'Title must be at least 3 characters',
    );
    expect(fieldErrorMessage(titleTooShort, tPl, 'pl-PL')).toBe(
      'Tytuł jest za krótki (minimalna liczba znaków: 3)',
    );
    // The limit comes from the server, not from the translation.
    expect(fieldErrorMessage({ ...titleTooShort, params: { min: 5 } }, tEn, 'en-GB')).toBe(
      'Title must be at least 5 characters',
    );
  });

  it('formats numbers for the language', () => {
    const tooLong: FieldError = {
      code: 'content_too_long',
      message: 'Content must be less than 20000 characters',
      params: { max: 20000 },
    };
    expect(fieldErrorMessage(tooLong, tPl, 'pl-PL')).toBe(
      `Treść jest za długa (limit znaków: ${formatNumber('pl-PL', 20000)})`,
    );
    expect(fieldErrorMessage(tooLong, tEn, 'en-GB')).toBe(
      'Content must be less than 20,000 characters',
    );
  });

  it('translates the message rule of applications and sessions', () => {
    const tooLong: FieldError = {
      code: 'message_too_long',
      message: 'Message must be at most 1000 characters',
      params: { max: 1000 },
    };
    expect(fieldErrorMessage(tooLong, tPl, 'pl-PL')).toBe(
      `Wiadomość jest za długa (limit znaków: ${formatNumber('pl-PL', 1000)})`,
    );
  });

  it('never looks at the English message to find a translation', () => {
    // A code the locale files do not translate shows the server's message as it came…
    const untranslated: FieldError = { code: 'invalid_body', message: 'Price must be at least 1' };
    expect(fieldErrorMessage(untranslated, tPl, 'pl-PL')).toBe('Price must be at least 1');
    // …and the code decides, whatever the message says.
    const coded: FieldError = { code: 'password_incorrect', message: 'Title is required' };
    expect(fieldErrorMessage(coded, tPl, 'pl-PL')).toBe('Hasło jest nieprawidłowe');
  });
});

describe('the workspace rules before the workspace strings load', () => {
  // A public page's instance: the shell's strings only.
  const shellOnly = i18next.createInstance();
  void shellOnly.init(baseOptions('pl-PL', { 'pl-PL': plPL, 'en-GB': enGB }));
  const tShell = translatorFor(shellOnly);

  it("shows the server's message for a workspace code, and translates the shell's codes", () => {
    expect(fieldErrorMessage(titleTooShort, tShell, 'pl-PL')).toBe(
      'Title must be at least 3 characters',
    );
    const coded: FieldError = { code: 'password_incorrect', message: 'Password is incorrect' };
    expect(fieldErrorMessage(coded, tShell, 'pl-PL')).toBe('Hasło jest nieprawidłowe');
  });
});
