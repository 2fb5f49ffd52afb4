/**
 * Every number, amount and date the app shows goes through these helpers, so it follows the active locale.
 * They are pure: the caller passes the locale (components use `useFormat()`, which binds the active one).
 */
import type { Locale } from '@/lib/i18n/locales';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatNumber(
  locale: Locale,
  value: number,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/**
 * Money travels as a decimal string with a lower-case currency code (`"12.50"`, `"pln"`); the string is
 * formatted as is, without a detour through floating point.
 */
export function formatCurrency(
  locale: Locale,
  amount: string | number,
  currencyCode: string,
): string {
  const value = typeof amount === 'number' ? amount : (amount.trim() as Intl.StringNumericLiteral);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode.toUpperCase(),
  }).format(value);
}

export type DateFormatOptions = {
  /** IANA zone; defaults to the browser's own. */
  timeZone?: string;
};

export function formatDate(
  locale: Locale,
  value: DateInput,
  options: DateFormatOptions = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeZone: options.timeZone,
  }).format(toDate(value));
}

/** A date with its time: `formatWhen`'s medium style ("28 Nov 2026, 13:00"). */
export function formatDateTime(
  locale: Locale,
  value: DateInput,
  options: DateFormatOptions = {},
): string {
  return formatWhen(locale, value, { style: 'medium', timeZone: options.timeZone });
}

/** The viewer's IANA zone, as the browser reports it (UTC when it cannot say): every time is shown in it. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** How much of the date a time shows: a page's heading, a line in a list, a card. */
export type WhenStyle = 'long' | 'medium' | 'short';

const whenDates: Record<WhenStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  short: { weekday: 'short', day: 'numeric', month: 'short' },
};

export type WhenOptions = {
  style?: WhenStyle;
  /** IANA zone; the viewer's (the browser's) when absent. */
  timeZone?: string;
};

/**
 * The one way a moment is written: its date and its time (24-hour clock) in the viewer's zone, a comma between them,
 * as the locale writes each: "Saturday 28 November 2026, 06:19", "sobota, 28 listopada 2026, 06:19",
 * "Sat 28 Nov, 06:19", "28 lis 2026, 06:19". A zone this browser does not know falls back to UTC.
 */
export function formatWhen(locale: Locale, value: DateInput, options: WhenOptions = {}): string {
  const date = toDate(value);
  const style = options.style ?? 'medium';
  const write = (timeZone: string) =>
    `${new Intl.DateTimeFormat(locale, { ...whenDates[style], timeZone }).format(date)}, ${new Intl.DateTimeFormat(
      locale,
      { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone },
    ).format(date)}`;
  try {
    return write(options.timeZone ?? viewerTimeZone());
  } catch {
    return write('UTC');
  }
}

/**
 * A zone's name in the locale at `at` ("Central European Time", "czas środkowoeuropejski"), never its raw id; the
 * offset ("GMT+01:00") where the locale has no name for it.
 */
export function formatZoneName(locale: Locale, zone: string, at: DateInput = new Date()): string {
  const named = (timeZoneName: 'longGeneric' | 'longOffset') => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName })
        .formatToParts(toDate(at))
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  return named('longGeneric') ?? named('longOffset') ?? zone;
}

/**
 * The same moment on the schedule's own clock, for a quieter second note beside a time shown in the viewer's zone:
 * "Sat 28 Nov, 19:00, Central European Time". Undefined where it reads the same as the viewer's clock (the same zone,
 * or another with the same offset then), or the schedule's zone is unknown.
 */
export function formatScheduleTime(
  locale: Locale,
  value: DateInput,
  scheduleZone: string | null | undefined,
  options: { style?: WhenStyle; viewerZone?: string } = {},
): string | undefined {
  const viewerZone = options.viewerZone ?? viewerTimeZone();
  if (!scheduleZone || scheduleZone === viewerZone) return undefined;
  const date = toDate(value);
  try {
    const clock = (timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone,
      }).format(date);
    if (clock(scheduleZone) === clock(viewerZone)) return undefined;
  } catch {
    return undefined;
  }
  const when = formatWhen(locale, date, {
    style: options.style ?? 'short',
    timeZone: scheduleZone,
  });
  return `${when}, ${formatZoneName(locale, scheduleZone, date)}`;
}

const relativeUnits: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

/** "in 3 days", "2 hours ago", "yesterday": the largest unit that fits the distance from `now`. */
export function formatRelative(
  locale: Locale,
  value: DateInput,
  now: DateInput = new Date(),
): string {
  const seconds = Math.round((toDate(value).getTime() - toDate(now).getTime()) / 1000);
  const formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return formatter.format(Math.round(seconds / size), unit);
    }
  }
  return formatter.format(0, 'second');
}
