/**
 * The Dashboard's countdown to a session (issue 19), pure: which bucket a start falls in at `now`, and its words
 * in the active locale through `Intl.RelativeTimeFormat`. The largest unit that fits, counted down (floor), so
 * "in 2 hours" means at least two hours are left; under a minute "starting now"; a running session says so.
 * The figure changes once a minute at most, which is how often the Dashboard's clock ticks.
 */
const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const weekMs = 7 * dayMs;

export type Countdown =
  | { kind: 'running' }
  | { kind: 'now' }
  | { kind: 'late' }
  | { kind: 'in'; value: number; unit: 'minute' | 'hour' | 'day' | 'week' };

/**
 * `status` is the session's: in progress is running whatever the clock says; a start in the past of a session not
 * started yet is late (the GM has an hour before the platform cancels it).
 */
export function countdown(start: string, status: string, now: number): Countdown {
  if (status === 'in_progress') return { kind: 'running' };
  const left = Date.parse(start) - now;
  if (left < 0) return left > -minuteMs ? { kind: 'now' } : { kind: 'late' };
  if (left < minuteMs) return { kind: 'now' };
  if (left < hourMs) return { kind: 'in', value: Math.floor(left / minuteMs), unit: 'minute' };
  if (left < dayMs) return { kind: 'in', value: Math.floor(left / hourMs), unit: 'hour' };
  if (left < 2 * weekMs) return { kind: 'in', value: Math.floor(left / dayMs), unit: 'day' };
  return { kind: 'in', value: Math.floor(left / weekMs), unit: 'week' };
}

/** "in 5 minutes", "za 3 dni": the relative part of a countdown in `locale`. */
export function formatIn(locale: string, value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(value, unit);
}

/** The milliseconds until the next whole minute after `now`: when the countdown's words may change. */
export function untilNextMinute(now: number): number {
  return minuteMs - (now % minuteMs);
}
