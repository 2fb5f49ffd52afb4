import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { translatorFor } from '@/lib/api/errors';

import { durationText } from './duration-text';
import { durationParts, durationUnits, timerPhase, timerState, type TimerTimes } from './timer';

const start = '2026-11-25T18:00:00Z';
const at = (iso: string) => Date.parse(iso);

function times(phase: TimerTimes['phase'], extra: Partial<TimerTimes> = {}): TimerTimes {
  return { phase, scheduledStart: start, durationMinutes: 90, ...extra };
}

describe('the session timer', () => {
  it('counts down to the scheduled start, never below zero', () => {
    expect(timerState(times('upcoming'), at('2026-11-25T17:58:30Z'), 'elapsed')).toEqual({
      kind: 'countdown',
      ms: 90_000,
    });
    expect(timerState(times('upcoming'), at('2026-11-25T18:05:00Z'), 'elapsed')).toEqual({
      kind: 'countdown',
      ms: 0,
    });
  });

  it('runs from the actual start: elapsed, or the time remaining, then overtime past the planned end', () => {
    const running = times('running', { actualStart: '2026-11-25T18:10:00Z' });
    expect(timerState(running, at('2026-11-25T18:40:00Z'), 'elapsed')).toEqual({
      kind: 'elapsed',
      ms: 30 * 60_000,
    });
    expect(timerState(running, at('2026-11-25T18:40:00Z'), 'remaining')).toEqual({
      kind: 'remaining',
      ms: 60 * 60_000,
    });
    expect(timerState(running, at('2026-11-25T19:45:00Z'), 'remaining')).toEqual({
      kind: 'overtime',
      ms: 5 * 60_000,
    });
  });

  it('is computed from the clock alone, so a tab that slept shows the right time at once', () => {
    const running = times('running', { actualStart: start });
    // Nothing carried between calls: an hour later is an hour more.
    const before = timerState(running, at('2026-11-25T18:01:00Z'), 'elapsed');
    const after = timerState(running, at('2026-11-25T19:01:00Z'), 'elapsed');
    expect(after.kind === 'elapsed' && before.kind === 'elapsed' && after.ms - before.ms).toBe(
      3_600_000,
    );
  });

  it('says how long a finished session lasted, and nothing for a cancelled one', () => {
    expect(timerState(times('over', { actualDurationMinutes: 75 }), Date.now(), 'elapsed')).toEqual(
      { kind: 'lasted', ms: 75 * 60_000 },
    );
    expect(timerState(times('none'), Date.now(), 'elapsed')).toEqual({ kind: 'none' });
    expect(timerPhase('in_progress')).toBe('running');
    expect(timerPhase('stopped_early')).toBe('over');
    expect(timerPhase('cancelled')).toBe('none');
    expect(timerPhase('ready_to_start')).toBe('upcoming');
  });

  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(durationParts(((2 * 24 + 3) * 60 * 60 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(durationUnits(durationParts(65_000), { withSeconds: true })).toEqual([
      ['minutes', 1],
      ['seconds', 5],
    ]);
    expect(durationUnits(durationParts(0), { withSeconds: true })).toEqual([['seconds', 0]]);
    expect(durationUnits(durationParts(90 * 60_000), { withSeconds: false })).toEqual([
      ['hours', 1],
      ['minutes', 30],
    ]);
  });

  it('words the duration with each language plural forms', async () => {
    const t = translatorFor(i18n);
    await i18n.changeLanguage('en-GB');
    expect(durationText(3_661_000, t, 'en-GB', { withSeconds: true })).toBe(
      '1 hour 1 minute 1 second',
    );
    await i18n.changeLanguage('pl-PL');
    // Polish: one (1), few (2–4, 22–24), many (5–21, 25…).
    expect(
      durationText((24 * 3600 + 3600 + 60 + 1) * 1000, t, 'pl-PL', { withSeconds: true }),
    ).toBe('1 dzień, 1 godzina, 1 minuta i 1 sekunda');
    expect(
      durationText((2 * 24 * 3600 + 3 * 3600 + 4 * 60 + 22) * 1000, t, 'pl-PL', {
        withSeconds: true,
      }),
    ).toBe('2 dni, 3 godziny, 4 minuty i 22 sekundy');
    expect(
      durationText((5 * 24 * 3600 + 5 * 3600 + 12 * 60 + 25) * 1000, t, 'pl-PL', {
        withSeconds: true,
      }),
    ).toBe('5 dni, 5 godzin, 12 minut i 25 sekund');
    await i18n.changeLanguage('en-GB');
  });
});
