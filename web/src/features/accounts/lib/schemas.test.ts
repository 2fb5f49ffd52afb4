import { describe, expect, it } from 'vitest';

import { translatorFor } from '@/lib/api/errors';
import { translateValidationMessage } from '@/lib/forms';
import { createI18n } from '@/lib/i18n/create-i18n';

import {
  changePasswordSchema,
  codePointLength,
  isValidEmail,
  signInSchema,
  signUpSchema,
} from './schemas';

const tEn = translatorFor(createI18n('en-GB'));
const tPl = translatorFor(createI18n('pl-PL'));

/** The first message of each failing field, as the user reads it in English. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    byField[field] ??= translateValidationMessage(issue.message, tEn);
  }
  return byField;
}

const validSignUp = {
  email: 'ada@example.com',
  password: 'correct horse battery',
  display_name: 'Ada',
};

describe('sign-up rules (same as the server)', () => {
  it('accepts a valid sign-up and trims the display name and e-mail', () => {
    const result = signUpSchema.safeParse({
      ...validSignUp,
      email: '  ada@example.com ',
      display_name: '  Ada  ',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...validSignUp });
  });

  it('requires every field, with the spec messages', () => {
    expect(
      messages(signUpSchema.safeParse({ email: ' ', password: '', display_name: ' ' })),
    ).toEqual({
      email: 'E-mail is required',
      password: 'Password is required',
      display_name: 'Display name is required',
    });
  });

  it('rejects a malformed e-mail, a short password and a long display name', () => {
    expect(
      messages(
        signUpSchema.safeParse({
          email: 'ada@example',
          password: 'short pw',
          display_name: 'x'.repeat(51),
        }),
      ),
    ).toEqual({
      email: 'E-mail is not valid',
      password: 'Password must be at least 12 characters',
      display_name: 'Display name must be less than 50 characters',
    });
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(codePointLength('🐉'.repeat(12))).toBe(12);
    expect(signUpSchema.safeParse({ ...validSignUp, password: '🐉'.repeat(12) }).success).toBe(
      true,
    );
    expect(signUpSchema.safeParse({ ...validSignUp, display_name: '🐉'.repeat(50) }).success).toBe(
      true,
    );
  });

  it('shows the same rules in Polish', () => {
    const result = signUpSchema.safeParse({ ...validSignUp, password: 'short' });
    expect(translateValidationMessage(result.error?.issues[0]?.message ?? '', tPl)).toBe(
      'Hasło musi mieć co najmniej 12 znaków',
    );
  });
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

describe('sign-in and change-password rules', () => {
  it('only asks that something was typed when signing in', () => {
    expect(signInSchema.safeParse({ email: 'ada@example.com', password: 'x' }).success).toBe(true);
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'E-mail is required',
      password: 'Password is required',
    });
  });

  it('applies the new-password rules to the new password only', () => {
    expect(
      messages(changePasswordSchema.safeParse({ current_password: '', new_password: 'short' })),
    ).toEqual({
      current_password: 'Current password is required',
      new_password: 'Password must be at least 12 characters',
    });
  });
});
