import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import { describeRecurrence } from './recurrence-text';

describe('a recurrence in words', () => {
  it('names the weekdays in the locale, joined as the language joins them', async () => {
    await i18n.changeLanguage('en-GB');
    const en = i18n.getFixedT('en-GB');
    expect(describeRecurrence('FREQ=WEEKLY;BYDAY=TU,TH', en, 'en-GB')).toBe(
      'Every week on Tuesday and Thursday',
    );
    expect(describeRecurrence('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', en, 'en-GB')).toBe(
      'Every other week on Monday',
    );
    expect(describeRecurrence('FREQ=DAILY;INTERVAL=3', en, 'en-GB')).toBe('Every 3 days');
    expect(describeRecurrence('FREQ=MONTHLY', en, 'en-GB')).toBe('Monthly');
    const pl = i18n.getFixedT('pl-PL');
    expect(describeRecurrence('FREQ=WEEKLY;BYDAY=TU,TH', pl, 'pl-PL')).toBe(
      'Co tydzień: wtorek i czwartek',
    );
    expect(describeRecurrence('FREQ=WEEKLY;INTERVAL=5', pl, 'pl-PL')).toBe('Co 5 tygodni');
  });

  it('leaves a rule the form cannot write to the caller', () => {
    expect(describeRecurrence('FREQ=YEARLY', i18n.getFixedT('en-GB'), 'en-GB')).toBeUndefined();
  });
});
