import { describe, expect, it } from 'vitest';

import {
  buildRecurrenceRule,
  missingRecurrence,
  parseRecurrenceRule,
  type RecurrenceChoice,
} from './rrule';

const choice = (partial: Partial<RecurrenceChoice>): RecurrenceChoice => ({
  frequency: '',
  interval: 1,
  weekdays: [],
  ...partial,
});

describe('the RRULE builder', () => {
  it('writes the server’s canonical rule for each frequency', () => {
    expect(buildRecurrenceRule(choice({ frequency: 'daily' }))).toBe('FREQ=DAILY');
    expect(buildRecurrenceRule(choice({ frequency: 'monthly' }))).toBe('FREQ=MONTHLY');
    expect(buildRecurrenceRule(choice({ frequency: 'weekly', weekdays: ['TH', 'TU'] }))).toBe(
      'FREQ=WEEKLY;BYDAY=TU,TH',
    );
    expect(buildRecurrenceRule(choice({ frequency: 'biweekly', weekdays: ['MO'] }))).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
    );
    expect(buildRecurrenceRule(choice({ frequency: 'every_n_days', interval: 3 }))).toBe(
      'FREQ=DAILY;INTERVAL=3',
    );
    expect(buildRecurrenceRule(choice({ frequency: 'every_n_weeks', interval: 3 }))).toBe(
      'FREQ=WEEKLY;INTERVAL=3',
    );
    expect(buildRecurrenceRule(choice({ frequency: 'every_n_months', interval: 6 }))).toBe(
      'FREQ=MONTHLY;INTERVAL=6',
    );
  });

  it('leaves weekdays out where they are not offered', () => {
    expect(buildRecurrenceRule(choice({ frequency: 'daily', weekdays: ['MO'] }))).toBe(
      'FREQ=DAILY',
    );
    expect(
      buildRecurrenceRule(choice({ frequency: 'every_n_weeks', interval: 2, weekdays: ['MO'] })),
    ).toBe('FREQ=WEEKLY;INTERVAL=2');
  });

  it('builds nothing while a part is missing', () => {
    expect(buildRecurrenceRule(choice({}))).toBeUndefined();
    expect(buildRecurrenceRule(choice({ frequency: 'weekly' }))).toBeUndefined();
    expect(buildRecurrenceRule(choice({ frequency: 'every_n_days', interval: 0 }))).toBeUndefined();
  });

  it('reads every rule it writes back into the same choice', () => {
    const choices: RecurrenceChoice[] = [
      choice({ frequency: 'daily' }),
      choice({ frequency: 'weekly', weekdays: ['TU', 'TH'] }),
      choice({ frequency: 'biweekly', interval: 2, weekdays: ['MO', 'SU'] }),
      choice({ frequency: 'monthly' }),
      choice({ frequency: 'every_n_days', interval: 4 }),
      choice({ frequency: 'every_n_weeks', interval: 3 }),
      choice({ frequency: 'every_n_months', interval: 2 }),
    ];
    for (const original of choices) {
      const rule = buildRecurrenceRule(original) ?? '';
      expect(parseRecurrenceRule(rule), rule).toEqual(original);
    }
    expect(parseRecurrenceRule('RRULE:freq=weekly;byday=we')).toEqual(
      choice({ frequency: 'weekly', weekdays: ['WE'] }),
    );
    expect(parseRecurrenceRule('FREQ=YEARLY')).toBeUndefined();
    expect(parseRecurrenceRule('FREQ=WEEKLY;COUNT=3')).toBeUndefined();
  });
});

describe('what a recurring schedule still lacks', () => {
  it('names the frequency first, then the weekdays or the N', () => {
    expect(missingRecurrence(choice({}))).toEqual(['frequency']);
    expect(missingRecurrence(choice({ frequency: 'weekly' }))).toEqual(['weekdays']);
    expect(missingRecurrence(choice({ frequency: 'biweekly' }))).toEqual(['weekdays']);
    expect(missingRecurrence(choice({ frequency: 'every_n_weeks', interval: Number.NaN }))).toEqual(
      ['interval'],
    );
    expect(missingRecurrence(choice({ frequency: 'every_n_weeks', interval: 53 }))).toEqual([
      'interval',
    ]);
    expect(missingRecurrence(choice({ frequency: 'daily' }))).toEqual([]);
    expect(missingRecurrence(choice({ frequency: 'weekly', weekdays: ['TU'] }))).toEqual([]);
  });
});
