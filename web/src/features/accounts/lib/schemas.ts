/**
 * The server's account rules (crates/domain/src/accounts.rs), mirrored for instant feedback with the same
 * messages. The server stays the judge: what only it can know (a common password, a taken e-mail) comes
 * back from it onto the same fields.
 */
import { z } from 'zod';

import { validationMessage } from '@/lib/forms';

import {
  codePointLength,
  DISPLAY_NAME_MAX_LENGTH,
  isValidEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './entry-rules';

export {
  codePointLength,
  DISPLAY_NAME_MAX_LENGTH,
  isValidEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './entry-rules';

const requiredEmail = z.string().trim().min(1, validationMessage('emailRequired'));

export const emailSchema = requiredEmail.refine(isValidEmail, validationMessage('emailInvalid'));

/** A password being chosen (sign-up, reset, change). Length counts characters, not UTF-16 units. */
export const newPasswordSchema = z
  .string()
  .refine((value) => value.length > 0, validationMessage('passwordRequired'))
  .refine(
    (value) => value.length === 0 || codePointLength(value) >= PASSWORD_MIN_LENGTH,
    validationMessage('passwordTooShort'),
  )
  .refine(
    (value) => codePointLength(value) <= PASSWORD_MAX_LENGTH,
    validationMessage('passwordTooLong'),
  );

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, validationMessage('displayNameRequired'))
  .refine(
    (value) => codePointLength(value) <= DISPLAY_NAME_MAX_LENGTH,
    validationMessage('displayNameTooLong'),
  );

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ new_password: newPasswordSchema });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  current_password: z.string().min(1, validationMessage('currentPasswordRequired')),
  new_password: newPasswordSchema,
});
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({
  password: z.string().min(1, validationMessage('passwordRequired')),
});
export type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;

export const deleteAccountByEmailSchema = z.object({
  confirm_email: requiredEmail,
});
export type DeleteAccountByEmailValues = z.infer<typeof deleteAccountByEmailSchema>;

/** Linking a provider sign-in to the existing account with the same e-mail: its password, as typed. */
export const linkOidcSchema = z.object({
  password: z.string().min(1, validationMessage('passwordRequired')),
});
export type LinkOidcValues = z.infer<typeof linkOidcSchema>;
