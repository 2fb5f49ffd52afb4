import { describe, expect, it } from 'vitest';

import { countdown, formatIn, untilNextMinute } from './countdown';

const start = '2026-11-22T12:00:00Z';
const at = (text: string) => Date.parse(text);

describe('the countdown to a session', () => {
  it('counts down in the largest unit that fits, never rounding up', () => {
    expect(countdown(start, 'scheduled', at('2026-11-22T11:59:30Z'))).toEqual({ kind: 'now' });
    expect(countdown(start, 'scheduled', at('2026-11-22T11:59:00Z'))).toEqual({
      kind: 'in',
      value: 1,
      unit: 'minute',
    });
    expect(countdown(start, 'scheduled', at('2026-11-22T11:00:01Z'))).toEqual({
      kind: 'in',
      value: 59,
      unit: 'minute',
    });
    expect(countdown(start, 'scheduled', at('2026-11-22T10:00:00Z'))).toEqual({
      kind: 'in',
      value: 2,
      unit: 'hour',
    });
    expect(countdown(start, 'planning', at('2026-11-21T12:00:01Z'))).toEqual({
      kind: 'in',
      value: 23,
      unit: 'hour',
    });
    expect(countdown(start, 'planning', at('2026-11-20T11:00:00Z'))).toEqual({
      kind: 'in',
      value: 2,
      unit: 'day',
    });
    expect(countdown(start, 'planning', at('2026-11-08T12:00:01Z'))).toEqual({
      kind: 'in',
      value: 13,
      unit: 'day',
    });
    expect(countdown(start, 'planning', at('2026-10-20T12:00:00Z'))).toEqual({
      kind: 'in',
      value: 4,
      unit: 'week',
    });
  });

  it('says a running session is running and a start gone by without a start is late', () => {
    expect(countdown(start, 'in_progress', at('2026-11-22T11:00:00Z'))).toEqual({
      kind: 'running',
    });
    expect(countdown(start, 'in_progress', at('2026-11-22T13:00:00Z'))).toEqual({
      kind: 'running',
    });
    expect(countdown(start, 'ready_to_start', at('2026-11-22T12:00:30Z'))).toEqual({
      kind: 'now',
    });
    expect(countdown(start, 'ready_to_start', at('2026-11-22T12:05:00Z'))).toEqual({
      kind: 'late',
    });
  });

  it('words it in the active language, Polish plurals included', () => {
    expect(formatIn('en-GB', 1, 'day')).toBe('in 1 day');
    expect(formatIn('en-GB', 5, 'minute')).toBe('in 5 minutes');
    expect(formatIn('pl-PL', 1, 'hour')).toBe('za 1 godzinę');
    expect(formatIn('pl-PL', 3, 'day')).toBe('za 3 dni');
    expect(formatIn('pl-PL', 5, 'minute')).toBe('za 5 minut');
    expect(formatIn('pl-PL', 22, 'minute')).toBe('za 22 minuty');
  });

  it('ticks at the next whole minute', () => {
    expect(untilNextMinute(at('2026-11-22T11:59:45Z'))).toBe(15_000);
    expect(untilNextMinute(at('2026-11-22T11:59:00Z'))).toBe(60_000);
  });
});
