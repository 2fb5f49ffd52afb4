import { describe, expect, it } from 'vitest';

import { translatorFor, type FieldError } from '@/lib/api/errors';
import { formatNumber } from '@/lib/format';
import { createI18n } from '@/lib/i18n/create-i18n';
import i18next from 'i18next';

import { baseOptions } from '@/lib/i18n/i18n';
import enGB from '@/locales/en-GB.json';
import plPL from '@/locales/pl-PL.json';
import enGBWorkspace from '@/locales/workspace/en-GB.json';
import plPLWorkspace from '@/locales/workspace/pl-PL.json';

import {
  encodeFieldErrors,
  translateFieldError,
  translateFieldMessage,
  translateValidationMessage,
} from './forms';

const tEn = translatorFor(createI18n('en-GB'));
const tPl = translatorFor(createI18n('pl-PL'));

const titleTooShort: FieldError = {
  code: 'title_too_short',
  message: 'Title must be at least 3 characters',
  params: { min: 3 },
};

describe('translateFieldError', () => {
  it('translates by code, naming the values the server sent', () => {
    expect(translateFieldError(titleTooShort, tEn, 'en-GB')).toBe(
      'Title must be at least 3 characters',
    );
    expect(translateFieldError(titleTooShort, tPl, 'pl-PL')).toBe(
      'Tytuł jest za krótki (minimalna liczba znaków: 3)',
    );
    // The limit comes from the server, not from the translation.
    expect(translateFieldError({ ...titleTooShort, params: { min: 5 } }, tEn, 'en-GB')).toBe(
      'Title must be at least 5 characters',
    );
  });

  it('formats numbers for the language', () => {
    const tooLong: FieldError = {
      code: 'content_too_long',
      message: 'Content must be less than 20000 characters',
      params: { max: 20000 },
    };
    expect(translateFieldError(tooLong, tPl, 'pl-PL')).toBe(
      `Treść jest za długa (limit znaków: ${formatNumber('pl-PL', 20000)})`,
    );
    expect(translateFieldError(tooLong, tEn, 'en-GB')).toBe(
      'Content must be less than 20,000 characters',
    );
  });

  it('translates the message rule of applications and sessions', () => {
    const tooLong: FieldError = {
      code: 'message_too_long',
      message: 'Message must be at most 1000 characters',
      params: { max: 1000 },
    };
    expect(translateFieldError(tooLong, tPl, 'pl-PL')).toBe(
      `Wiadomość jest za długa (limit znaków: ${formatNumber('pl-PL', 1000)})`,
    );
  });

  it('never looks at the English message to find a translation', () => {
    // A code the locale files do not translate shows the server's message as it came…
    const untranslated: FieldError = { code: 'invalid_body', message: 'Price must be at least 1' };
    expect(translateFieldError(untranslated, tPl, 'pl-PL')).toBe('Price must be at least 1');
    // …and the code decides, whatever the message says.
    const coded: FieldError = { code: 'password_incorrect', message: 'Title is required' };
    expect(translateFieldError(coded, tPl, 'pl-PL')).toBe('Hasło jest nieprawidłowe');
    expect(translateValidationMessage('Current password is incorrect', tPl)).toBe(
      'Current password is incorrect',
    );
  });
});

describe('the workspace rules before the workspace strings load', () => {
  // A public page's instance: the shell's strings only.
  const shellOnly = i18next.createInstance();
  void shellOnly.init(baseOptions('pl-PL', { 'pl-PL': plPL, 'en-GB': enGB }));
  const tShell = translatorFor(shellOnly);

  it("shows the server's message for a workspace code, and translates the shell's codes", () => {
    expect(translateFieldError(titleTooShort, tShell, 'pl-PL')).toBe(
      'Title must be at least 3 characters',
    );
    const coded: FieldError = { code: 'password_incorrect', message: 'Password is incorrect' };
    expect(translateFieldError(coded, tShell, 'pl-PL')).toBe('Hasło jest nieprawidłowe');
  });
});

describe('translateFieldMessage', () => {
  it("reads the server's errors a form holds, and zod's keys", () => {
    const stored = encodeFieldErrors([
      titleTooShort,
      { code: 'title_required', message: 'Title is required' },
    ]);
    expect(translateFieldMessage(stored, tPl, 'pl-PL')).toEqual([
      'Tytuł jest za krótki (minimalna liczba znaków: 3)',
      'Tytuł jest wymagany',
    ]);
    expect(translateFieldMessage('validation.titleRequired', tPl, 'pl-PL')).toEqual([
      'Tytuł jest wymagany',
    ]);
    expect(translateFieldMessage('Something else', tPl, 'pl-PL')).toEqual(['Something else']);
  });
});

describe('fieldErrors in the locale files', () => {
  const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

  it('name the same values in every language', () => {
    for (const [code, english] of Object.entries(enGB.fieldErrors)) {
      const polish = plPL.fieldErrors[code as keyof typeof plPL.fieldErrors];
      expect(placeholders(polish), code).toEqual(placeholders(english));
    }
    for (const [code, english] of Object.entries(enGBWorkspace.workspaceFieldErrors)) {
      const polish =
        plPLWorkspace.workspaceFieldErrors[code as keyof typeof plPLWorkspace.workspaceFieldErrors];
      expect(placeholders(polish), code).toEqual(placeholders(english));
    }
  });
});
