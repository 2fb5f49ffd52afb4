import { afterEach, describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/errors';
import { changeLocale } from '@/lib/i18n';

import { reviewCodes, reviewErrorMessage } from './errors';

function refusal(code: string, message = 'The server said no') {
  return new ApiError(409, { type: 'unexpected_state', code, message, fields: {} });
}

afterEach(async () => {
  await changeLocale('en-GB');
});

describe('reviewErrorMessage', () => {
  it('words every reviews code in both languages', async () => {
    for (const code of reviewCodes) {
      expect(reviewErrorMessage(refusal(code))).not.toBe('The server said no');
    }
    expect(reviewErrorMessage(refusal('session_not_completed'))).toBe(
      'You can review this session once it is completed.',
    );
    await changeLocale('pl-PL');
    expect(reviewErrorMessage(refusal('cannot_report_yourself'))).toBe(
      'Nie możesz zgłosić własnej opinii.',
    );
  });

  it("falls back to the app's description for other failures", () => {
    expect(reviewErrorMessage(refusal('something_new'))).toBe('The server said no');
  });
});
