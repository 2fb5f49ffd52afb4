/**
 * The date and time fields speak the viewer's own zone (the browser's, as every time on the session pages);
 * the API speaks RFC 3339 instants. The schedule form's zod schema carries the spec's messages (keys of
 * `sessions.validation`, translated when shown).
 */
import { z } from 'zod';

import { maxDuration, minDuration } from './duration';
import { isWholeTime } from './time-entry';

/** A change of schedule (and a new session) must start at least this far ahead (spec §5). */
export const minLeadMinutes = 15;

/** "YYYY-MM-DD" of a local calendar date. */
export function dateKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A local date ("YYYY-MM-DD") as a Date at local midnight, or undefined when malformed. */
export function parseDateKey(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dateKey(date) === value ? date : undefined;
}

/** The instant of a local date and "hh:mm" time, or undefined when either is not whole. */
export function toInstant(date: string, time: string): Date | undefined {
  const day = parseDateKey(date);
  if (!day || !isWholeTime(time)) return undefined;
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
}

/** The local date and time fields of an instant (the series' next occurrence, a session's start). */
export function fromInstant(instant: string): { date: string; time: string } {
  const value = new Date(instant);
  const pad = (number: number) => String(number).padStart(2, '0');
  return { date: dateKey(value), time: `${pad(value.getHours())}:${pad(value.getMinutes())}` };
}

export const scheduleMessages = {
  dateTimeRequired: 'sessions.validation.dateTimeRequired',
  tooSoon: 'sessions.validation.tooSoon',
  durationRequired: 'sessions.validation.durationRequired',
  tooShort: 'sessions.validation.tooShort',
  tooLong: 'sessions.validation.tooLong',
  seriesRequired: 'sessions.validation.seriesRequired',
  playersRequired: 'sessions.validation.playersRequired',
} as const;

const duration = z
  .number({ error: scheduleMessages.durationRequired })
  .refine((value) => !Number.isNaN(value), scheduleMessages.durationRequired)
  .refine((value) => value >= minDuration, scheduleMessages.tooShort)
  .refine((value) => value <= maxDuration, scheduleMessages.tooLong);

/** The date, time and duration: with `now`, the start must also be 15 minutes ahead. */
export function scheduleSchema(now?: () => number) {
  return z
    .object({
      date: z.string(),
      time: z.string(),
      duration,
    })
    .superRefine((values, context) => {
      const start = toInstant(values.date, values.time);
      if (!start) {
        context.addIssue({
          code: 'custom',
          path: [values.date === '' || !parseDateKey(values.date) ? 'date' : 'time'],
          message: scheduleMessages.dateTimeRequired,
        });
        return;
      }
      if (now && start.getTime() < now() + minLeadMinutes * 60_000) {
        context.addIssue({ code: 'custom', path: ['time'], message: scheduleMessages.tooSoon });
      }
    });
}

export type ScheduleValues = z.infer<ReturnType<typeof scheduleSchema>>;

export function createSessionSchema(now?: () => number) {
  return z
    .object({
      series: z.string().min(1, scheduleMessages.seriesRequired),
      players: z.array(z.string()).min(1, scheduleMessages.playersRequired),
    })
    .and(scheduleSchema(now));
}

export type CreateSessionValues = z.infer<ReturnType<typeof createSessionSchema>>;

/** The request's schedule part. */
export function scheduleInput(values: ScheduleValues) {
  const start = toInstant(values.date, values.time);
  return {
    scheduled_start_datetime: start ? start.toISOString() : '',
    scheduled_duration_minutes: values.duration,
  };
}
