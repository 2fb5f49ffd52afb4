import { describe, expect, it } from 'vitest';

import { ApiError, NetworkError, translatorFor, type ErrorDetail } from '@/lib/api/errors';
import { createI18n } from '@/lib/i18n/create-i18n';

import { describeRefusal } from './refusals';

const tEn = translatorFor(createI18n('en-GB'));
const tPl = translatorFor(createI18n('pl-PL'));

function refusal(code: string, message = 'English text from the server', status = 409) {
  const detail: ErrorDetail = { type: 'not_allowed', code, message, fields: {} };
  return new ApiError(status, detail);
}

describe('describeRefusal', () => {
  it.each([
    ['recruitment_closed', 'Recruitment for this series is closed'],
    ['own_series', 'You cannot apply to your own series'],
    ['already_applied', 'You have already applied to this series'],
    ['series_full', 'This series is full'],
    ['birthdate_required', 'Add your date of birth to your profile before applying to this series'],
  ])('words %s in the active language', (code, english) => {
    expect(describeRefusal(refusal(code), tEn)?.message).toBe(english);
    const polish = describeRefusal(refusal(code), tPl)?.message;
    expect(polish).toBeTruthy();
    expect(polish).not.toBe(english);
  });

  it('offers the profile link only when the birthdate is missing', () => {
    expect(describeRefusal(refusal('birthdate_required'), tEn)?.profileLink).toBe(true);
    expect(describeRefusal(refusal('series_full'), tEn)?.profileLink).toBe(false);
  });

  it("names the series' minimum age when it is known, else shows the server's words", () => {
    expect(describeRefusal(refusal('too_young'), tEn, { minAge: 18 })?.message).toBe(
      'You must be at least 18 years old on the day of the next session to join this series',
    );
    expect(describeRefusal(refusal('too_young', 'At least 21'), tEn)?.message).toBe('At least 21');
  });

  it('words a refused state move by the move', () => {
    expect(describeRefusal(refusal('application_state'), tEn, { move: 'accept' })?.message).toBe(
      'This application cannot be accepted in its current state',
    );
    expect(describeRefusal(refusal('application_state'), tEn, { move: 'reopen' })?.message).toBe(
      'This application cannot be reopened in its current state',
    );
  });

  it('leaves every other failure to the failure toast', () => {
    expect(describeRefusal(refusal('rate_limited', 'Slow down', 429), tEn)).toBeUndefined();
    expect(describeRefusal(refusal('internal_error', 'Boom', 500), tEn)).toBeUndefined();
    expect(describeRefusal(new NetworkError(new Error('offline')), tEn)).toBeUndefined();
    expect(describeRefusal(new Error('plain'), tEn)).toBeUndefined();
  });
});
