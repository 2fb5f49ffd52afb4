import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import {
  createSessionSchema,
  fromInstant,
  scheduleInput,
  scheduleSchema,
  toInstant,
} from './schedule';

const now = new Date(2030, 5, 10, 12, 0).getTime();

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]);
}

describe('the session schedule schema', () => {
  it('accepts a whole date, time and duration, and sends the instant in UTC', () => {
    const values = { date: '2030-06-11', time: '18:30', duration: 90 };
    const result = scheduleSchema(() => now).safeParse(values);
    expect(result.success).toBe(true);
    expect(scheduleInput(values)).toEqual({
      scheduled_start_datetime: new Date(2030, 5, 11, 18, 30).toISOString(),
      scheduled_duration_minutes: 90,
    });
  });

  it("carries the spec's messages", () => {
    const schema = createSessionSchema(() => now);
    expect(
      messages(schema.safeParse({ series: '', players: [], date: '', time: '', duration: 60 })),
    ).toEqual([
      ['series', 'sessions.validation.seriesRequired'],
      ['players', 'sessions.validation.playersRequired'],
      ['date', 'sessions.validation.dateTimeRequired'],
    ]);
    const base = { series: 's', players: ['p'], date: '2030-06-11', time: '18:30' };
    expect(messages(schema.safeParse({ ...base, time: '18:3', duration: 60 }))).toEqual([
      ['time', 'sessions.validation.dateTimeRequired'],
    ]);
    expect(messages(schema.safeParse({ ...base, duration: 0 }))).toEqual([
      ['duration', 'sessions.validation.tooShort'],
    ]);
    expect(messages(schema.safeParse({ ...base, duration: 1441 }))).toEqual([
      ['duration', 'sessions.validation.tooLong'],
    ]);
    expect(messages(schema.safeParse({ ...base, duration: Number.NaN }))).toEqual([
      ['duration', 'sessions.validation.durationRequired'],
    ]);
  });

  it('wants the start at least 15 minutes ahead', () => {
    const schema = scheduleSchema(() => now);
    expect(messages(schema.safeParse({ date: '2030-06-10', time: '12:14', duration: 60 }))).toEqual(
      [['time', 'sessions.validation.tooSoon']],
    );
    expect(schema.safeParse({ date: '2030-06-10', time: '12:15', duration: 60 }).success).toBe(
      true,
    );
  });

  it('words the messages in both languages, with the limits', () => {
    expect(i18n.t('sessions.validation.tooShort', { lng: 'en-GB', min: 1 })).toBe(
      'Session must be at least 1 minutes long',
    );
    expect(i18n.t('sessions.validation.tooLong', { lng: 'en-GB', max: 1440 })).toBe(
      'Session cannot be longer than 1440 minutes',
    );
    expect(i18n.t('sessions.validation.playersRequired', { lng: 'en-GB' })).toBe(
      'Player selection is required',
    );
    expect(i18n.t('sessions.validation.playersRequired', { lng: 'pl-PL' })).not.toBe(
      'Player selection is required',
    );
  });

  it('turns an instant into the local date and time fields and back', () => {
    const instant = new Date(2030, 0, 5, 7, 5).toISOString();
    expect(fromInstant(instant)).toEqual({ date: '2030-01-05', time: '07:05' });
    expect(toInstant('2030-01-05', '07:05')?.toISOString()).toBe(instant);
    expect(toInstant('2030-02-30', '07:05')).toBeUndefined();
  });
});
