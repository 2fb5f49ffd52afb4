/**
 * The schedule form's recurrence choices and the iCalendar RRULE they make (spec §4 "Schedule"), in the
 * server's canonical text (crates/domain/src/series/recurrence.rs): FREQ first, INTERVAL only when it is not 1,
 * BYDAY Monday first and only for weekly and bi-weekly. `parseRecurrenceRule` reads a stored rule back into the
 * form's choices, so every rule the form writes can be edited again.
 */

export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof weekdays)[number];

export const frequencies = [
  'daily',
  'weekly',
  'biweekly',
  'monthly',
  'every_n_days',
  'every_n_weeks',
  'every_n_months',
] as const;
export type Frequency = (typeof frequencies)[number];

/** The server's bound on "every N" (decisions.md, "Recurrence rules"). */
export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 52;

export type RecurrenceChoice = {
  frequency: Frequency | '';
  /** N of "every N days, weeks or months". */
  interval: number;
  weekdays: readonly Weekday[];
};

/** Weekdays are offered only for weekly and bi-weekly (spec §4). */
export function takesWeekdays(frequency: Frequency | ''): boolean {
  return frequency === 'weekly' || frequency === 'biweekly';
}

export function takesInterval(frequency: Frequency | ''): boolean {
  return frequency.startsWith('every_n_');
}

export type MissingPart = 'frequency' | 'weekdays' | 'interval';

/** What a recurring schedule still lacks before it can be saved (the spec aborts such a submit silently). */
export function missingRecurrence(choice: RecurrenceChoice): MissingPart[] {
  if (choice.frequency === '') return ['frequency'];
  if (takesWeekdays(choice.frequency) && choice.weekdays.length === 0) return ['weekdays'];
  if (
    takesInterval(choice.frequency) &&
    !(
      Number.isInteger(choice.interval) &&
      choice.interval >= INTERVAL_MIN &&
      choice.interval <= INTERVAL_MAX
    )
  ) {
    return ['interval'];
  }
  return [];
}

const freqOf: Record<Frequency, 'DAILY' | 'WEEKLY' | 'MONTHLY'> = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  biweekly: 'WEEKLY',
  monthly: 'MONTHLY',
  every_n_days: 'DAILY',
  every_n_weeks: 'WEEKLY',
  every_n_months: 'MONTHLY',
};

function intervalOf(choice: RecurrenceChoice & { frequency: Frequency }): number {
  if (choice.frequency === 'biweekly') return 2;
  return takesInterval(choice.frequency) ? choice.interval : 1;
}

/** The RRULE of a complete choice; undefined while something is missing. */
export function buildRecurrenceRule(choice: RecurrenceChoice): string | undefined {
  if (choice.frequency === '' || missingRecurrence(choice).length > 0) return undefined;
  const complete = { ...choice, frequency: choice.frequency };
  const parts = [`FREQ=${freqOf[complete.frequency]}`];
  const interval = intervalOf(complete);
  if (interval !== 1) parts.push(`INTERVAL=${String(interval)}`);
  if (takesWeekdays(complete.frequency)) {
    parts.push(`BYDAY=${weekdays.filter((day) => choice.weekdays.includes(day)).join(',')}`);
  }
  return parts.join(';');
}

/** The form's choice for a stored rule; undefined for a rule the form cannot show. */
export function parseRecurrenceRule(rule: string): RecurrenceChoice | undefined {
  const parts = new Map<string, string>();
  for (const part of rule
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    if (part === '') continue;
    const [name, value] = part.split('=');
    if (name === undefined || value === undefined) return undefined;
    parts.set(name.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ');
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!Number.isInteger(interval) || interval < INTERVAL_MIN || interval > INTERVAL_MAX) {
    return undefined;
  }
  const byDay = parts.get('BYDAY');
  const days = byDay === undefined ? [] : byDay.split(',');
  if (!days.every((day): day is Weekday => (weekdays as readonly string[]).includes(day))) {
    return undefined;
  }
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY']);
  if ([...parts.keys()].some((name) => !known.has(name))) return undefined;
  const choice = (frequency: Frequency, chosenDays: readonly Weekday[] = []): RecurrenceChoice => ({
    frequency,
    interval,
    weekdays: chosenDays,
  });
  switch (freq) {
    case 'DAILY':
      if (days.length > 0) return undefined;
      return choice(interval === 1 ? 'daily' : 'every_n_days');
    case 'MONTHLY':
      if (days.length > 0) return undefined;
      return choice(interval === 1 ? 'monthly' : 'every_n_months');
    case 'WEEKLY':
      if (days.length === 0) return choice('every_n_weeks');
      if (interval === 1) return choice('weekly', days);
      if (interval === 2) return choice('biweekly', days);
      return undefined;
    default:
      return undefined;
  }
}
