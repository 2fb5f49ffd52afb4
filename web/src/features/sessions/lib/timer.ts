/**
 * The session timer (spec §2, issue 15), pure: what the timer shows at `now`, from the session's times alone, so
 * a tab that slept shows the right figure on its next tick. Before the start a countdown; in progress the elapsed
 * time, the time remaining or, past the planned end, the overtime; once over, how long it lasted.
 */
const secondMs = 1000;
const minuteMs = 60 * secondMs;

export type TimerTimes = {
  /** in_progress: running; completed or stopped_early: over; anything else: not started. */
  phase: 'upcoming' | 'running' | 'over' | 'none';
  scheduledStart: string;
  durationMinutes: number;
  actualStart?: string | null;
  actualDurationMinutes?: number | null;
};

export type TimerView = 'elapsed' | 'remaining';

export type TimerState =
  | { kind: 'countdown'; ms: number }
  | { kind: 'elapsed'; ms: number }
  | { kind: 'remaining'; ms: number }
  | { kind: 'overtime'; ms: number }
  | { kind: 'lasted'; ms: number }
  | { kind: 'none' };

/** The session status as the timer sees it. */
export function timerPhase(status: string): TimerTimes['phase'] {
  if (status === 'in_progress') return 'running';
  if (status === 'completed' || status === 'stopped_early') return 'over';
  if (status === 'cancelled') return 'none';
  return 'upcoming';
}

export function timerState(times: TimerTimes, now: number, view: TimerView): TimerState {
  const planned = times.durationMinutes * minuteMs;
  switch (times.phase) {
    case 'upcoming':
      return { kind: 'countdown', ms: Math.max(0, Date.parse(times.scheduledStart) - now) };
    case 'running': {
      const start = Date.parse(times.actualStart ?? times.scheduledStart);
      const elapsed = Math.max(0, now - start);
      if (view === 'elapsed') return { kind: 'elapsed', ms: elapsed };
      return elapsed > planned
        ? { kind: 'overtime', ms: elapsed - planned }
        : { kind: 'remaining', ms: planned - elapsed };
    }
    case 'over':
      return {
        kind: 'lasted',
        ms: (times.actualDurationMinutes ?? times.durationMinutes) * minuteMs,
      };
    case 'none':
      return { kind: 'none' };
  }
}

export type DurationParts = { days: number; hours: number; minutes: number; seconds: number };

/** Whole days, hours, minutes and seconds of `ms` (rounded down to the second). */
export function durationParts(ms: number): DurationParts {
  let seconds = Math.floor(Math.max(0, ms) / secondMs);
  const days = Math.floor(seconds / 86_400);
  seconds -= days * 86_400;
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  return { days, hours, minutes, seconds };
}

export type DurationUnit = keyof DurationParts;

/**
 * The units to say, largest first: from the first non-zero one on (days are left out when zero), seconds only
 * when `withSeconds` (a ticking timer; a duration in whole minutes leaves them out when zero).
 */
export function durationUnits(
  parts: DurationParts,
  { withSeconds }: { withSeconds: boolean },
): [DurationUnit, number][] {
  const all: [DurationUnit, number][] = [
    ['days', parts.days],
    ['hours', parts.hours],
    ['minutes', parts.minutes],
    ['seconds', parts.seconds],
  ];
  const first = all.findIndex(([, value]) => value > 0);
  const shown = all
    .slice(first === -1 ? 3 : first)
    .filter(([unit, value]) => (unit === 'seconds' ? withSeconds || value > 0 : true));
  if (shown.length === 0) return [[withSeconds ? 'seconds' : 'minutes', 0]];
  return shown;
}
