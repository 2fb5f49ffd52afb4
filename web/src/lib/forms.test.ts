import { describe, expect, it } from 'vitest';

import { translatorFor, type FieldError } from '@/lib/api/errors';
import { createI18n } from '@/lib/i18n/create-i18n';

import enGB from '@/locales/en-GB.json';
import plPL from '@/locales/pl-PL.json';
import enGBWorkspace from '@/locales/workspace/en-GB.json';
import plPLWorkspace from '@/locales/workspace/pl-PL.json';

import { encodeFieldErrors, translateFieldMessage, translateValidationMessage } from './forms';

const tPl = translatorFor(createI18n('pl-PL'));

const titleTooShort: FieldError = {
  code: 'title_too_short',
  message: 'Title must be at least 3 characters',
  params: { min: 3 },
};

describe('translateValidationMessage', () => {
  it('never looks at the English message to find a translation', () => {
    expect(translateValidationMessage('Current password is incorrect', tPl)).toBe(
      'Current password is incorrect',
    );
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
