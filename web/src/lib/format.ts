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

export function formatDateTime(
  locale: Locale,
  value: DateInput,
  options: DateFormatOptions = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: options.timeZone,
  }).format(toDate(value));
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
