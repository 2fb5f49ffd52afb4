import { describe, expect, it } from 'vitest';

import { translatorFor } from '@/lib/api/errors';
import { translateValidationMessage } from '@/lib/forms';
import { createI18n } from '@/lib/i18n/create-i18n';

import { changePasswordSchema } from './schemas';

const tEn = translatorFor(createI18n('en-GB'));

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

describe('change-password rules', () => {
  it('applies the new-password rules to the new password only', () => {
    expect(
      messages(changePasswordSchema.safeParse({ current_password: '', new_password: 'short' })),
    ).toEqual({
      current_password: 'Current password is required',
      new_password: 'Password must be at least 12 characters',
    });
  });
});
