import { describe, expect, it } from 'vitest';

import { translatorFor } from '@/lib/api/errors';
import { translateValidationMessage } from '@/lib/forms';
import { createI18n } from '@/lib/i18n/create-i18n';

import {
  checkSignIn,
  checkSignUp,
  codePointLength,
  isValidEmail,
  type Checked,
} from './entry-rules';
import { emailSchema, newPasswordSchema } from './schemas';

const tEn = translatorFor(createI18n('en-GB'));
const tPl = translatorFor(createI18n('pl-PL'));

/** Each failing field's message, as the user reads it in English. */
function messages<V>(result: Checked<V>) {
  if (result.ok) return {};
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, key]) => [
      field,
      translateValidationMessage(key as string, tEn),
    ]),
  );
}

const validSignUp = {
  email: 'ada@example.com',
  password: 'correct horse battery',
  display_name: 'Ada',
};

describe('sign-up rules (same as the server)', () => {
  it('accepts a valid sign-up and trims the display name and e-mail', () => {
    const result = checkSignUp({
      ...validSignUp,
      email: '  ada@example.com ',
      display_name: '  Ada  ',
    });
    expect(result).toEqual({ ok: true, values: validSignUp });
  });

  it('requires every field, with the spec messages', () => {
    expect(messages(checkSignUp({ email: ' ', password: '', display_name: ' ' }))).toEqual({
      email: 'E-mail is required',
      password: 'Password is required',
      display_name: 'Display name is required',
    });
  });

  it('rejects a malformed e-mail, a short password and a long display name', () => {
    expect(
      messages(
        checkSignUp({ email: 'ada@example', password: 'short pw', display_name: 'x'.repeat(51) }),
      ),
    ).toEqual({
      email: 'E-mail is not valid',
      password: 'Password must be at least 12 characters',
      display_name: 'Display name must be less than 50 characters',
    });
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(codePointLength('🐉'.repeat(12))).toBe(12);
    expect(checkSignUp({ ...validSignUp, password: '🐉'.repeat(12) }).ok).toBe(true);
    expect(checkSignUp({ ...validSignUp, display_name: '🐉'.repeat(50) }).ok).toBe(true);
    expect(checkSignUp({ ...validSignUp, password: 'x'.repeat(129) }).ok).toBe(false);
  });

  it('shows the same rules in Polish', () => {
    const result = checkSignUp({ ...validSignUp, password: 'short' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(translateValidationMessage(result.errors.password ?? '', tPl)).toBe(
        'Hasło musi mieć co najmniej 12 znaków',
      );
    }
  });

  it.each(['', ' ', 'ada', 'ada@example', 'ada@example.com', ' ada@example.com '])(
    'judges the e-mail %j as the other account forms do',
    (email) => {
      const entry = checkSignUp({ ...validSignUp, email });
      const zod = emailSchema.safeParse(email);
      expect(entry.ok ? undefined : entry.errors.email).toBe(zod.error?.issues[0]?.message);
    },
  );

  it.each(['', 'short', '🐉'.repeat(11), '🐉'.repeat(12), 'x'.repeat(128), 'x'.repeat(129)])(
    'judges the password %j as the other account forms do',
    (password) => {
      const entry = checkSignUp({ ...validSignUp, password });
      const zod = newPasswordSchema.safeParse(password);
      expect(entry.ok ? undefined : entry.errors.password).toBe(zod.error?.issues[0]?.message);
    },
  );
});

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'A.B+tag@sub.example.co.uk'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    'ada',
    '@example.com',
    'ada@example',
    'ada@.example.com',
    'ada@example..com',
    'a b@example.com',
    'a@b@example.com',
  ])('rejects %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('sign-in rules', () => {
  it('only asks that something was typed', () => {
    expect(checkSignIn({ email: ' ada@example.com ', password: 'x' })).toEqual({
      ok: true,
      values: { email: 'ada@example.com', password: 'x' },
    });
    expect(messages(checkSignIn({ email: '', password: '' }))).toEqual({
      email: 'E-mail is required',
      password: 'Password is required',
    });
  });
});
