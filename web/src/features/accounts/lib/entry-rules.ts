/**
 * The account rules the entry pages (sign-in, sign-up) check before calling the server, as plain functions:
 * those pages are the first a visitor loads, and zod would be a seventh of their JavaScript (issue 11's budget).
 * The same rules with the same messages as `schemas.ts`, which the other account forms use with zod; a test
 * compares the two on the same inputs.
 */
import type { ValidationKey } from '@/lib/forms';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 50;
const EMAIL_MAX_LENGTH = 254;

/** Length in Unicode code points, as the server counts (`chars().count()`), not UTF-16 units. */
export function codePointLength(value: string): number {
  return value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;
}

/** Same shape test as the server: something@domain.tld, no spaces, no empty labels. */
export function isValidEmail(input: string): boolean {
  const email = input.trim().toLowerCase();
  if (email.length > EMAIL_MAX_LENGTH || /[\s\p{Cc}]/u.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return (
    !domain.includes('@') &&
    domain.includes('.') &&
    !domain.startsWith('.') &&
    !domain.endsWith('.') &&
    !domain.includes('..')
  );
}

/** What checking a form's values found: the values to send, or the first broken rule of each field. */
export type Checked<V> =
  | { ok: true; values: V }
  | { ok: false; errors: Partial<Record<keyof V, `validation.${ValidationKey}`>> };

const message = (key: ValidationKey) => `validation.${key}` as const;

function checked<V>(values: V, errors: Partial<Record<keyof V, `validation.${ValidationKey}`>>) {
  return Object.keys(errors).length === 0
    ? ({ ok: true, values } as const)
    : ({ ok: false, errors } as const);
}

/** A password being chosen: present, 12 to 128 characters. */
function newPasswordError(password: string) {
  if (password.length === 0) return message('passwordRequired');
  if (codePointLength(password) < PASSWORD_MIN_LENGTH) return message('passwordTooShort');
  if (codePointLength(password) > PASSWORD_MAX_LENGTH) return message('passwordTooLong');
  return undefined;
}

function emailError(email: string, { shape }: { shape: boolean }) {
  if (email.trim().length === 0) return message('emailRequired');
  if (shape && !isValidEmail(email)) return message('emailInvalid');
  return undefined;
}

export type SignInValues = { email: string; password: string };

/** Signing in checks only that something was typed: the password rules may have changed since. */
export function checkSignIn(values: SignInValues): Checked<SignInValues> {
  const errors: Partial<Record<keyof SignInValues, `validation.${ValidationKey}`>> = {};
  const email = emailError(values.email, { shape: false });
  if (email) errors.email = email;
  if (values.password.length === 0) errors.password = message('passwordRequired');
  return checked({ email: values.email.trim(), password: values.password }, errors);
}

export type SignUpValues = { email: string; password: string; display_name: string };

export function checkSignUp(values: SignUpValues): Checked<SignUpValues> {
  const errors: Partial<Record<keyof SignUpValues, `validation.${ValidationKey}`>> = {};
  const email = emailError(values.email, { shape: true });
  if (email) errors.email = email;
  const password = newPasswordError(values.password);
  if (password) errors.password = password;
  const name = values.display_name.trim();
  if (name.length === 0) errors.display_name = message('displayNameRequired');
  else if (codePointLength(name) > DISPLAY_NAME_MAX_LENGTH) {
    errors.display_name = message('displayNameTooLong');
  }
  return checked(
    { email: values.email.trim(), password: values.password, display_name: name },
    errors,
  );
}
