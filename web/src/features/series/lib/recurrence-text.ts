/**
 * A series' recurrence in words ("Every week on Tuesday and Thursday", "Co dwa tygodnie: wtorek i czwartek"),
 * shared by the GM's series page and the public one on the Questboard. Its strings live in the first load's
 * locale (`recurrence.*`), as the public page has no workspace strings.
 */
import type { TFunction } from 'i18next';

import { parseRecurrenceRule, weekdays, type Weekday } from './rrule';

/** A Monday, to name weekdays with `Intl` (in UTC, so the day does not move). */
const MONDAY = Date.UTC(2024, 0, 1, 12);

/** "Tuesday", "wtorek": a weekday named in the locale. */
function weekdayName(locale: string, day: Weekday): string {
  const date = new Date(MONDAY + weekdays.indexOf(day) * 86_400_000);
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

/** "Tuesday and Thursday", "wtorek i czwartek". */
function dayList(locale: string, days: readonly Weekday[]): string {
  const names = days.map((day) => weekdayName(locale, day));
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** The rule in words, or undefined for a rule the form cannot write (the caller shows the rule itself). */
export function describeRecurrence(rule: string, t: TFunction, locale: string): string | undefined {
  const choice = parseRecurrenceRule(rule);
  if (!choice) return undefined;
  switch (choice.frequency) {
    case 'daily':
      return t('recurrence.daily');
    case 'monthly':
      return t('recurrence.monthly');
    case 'weekly':
      return t('recurrence.weekly', { days: dayList(locale, choice.weekdays) });
    case 'biweekly':
      return t('recurrence.biweekly', { days: dayList(locale, choice.weekdays) });
    case 'every_n_days':
      return t('recurrence.everyNDays', { count: choice.interval });
    case 'every_n_weeks':
      return t('recurrence.everyNWeeks', { count: choice.interval });
    case 'every_n_months':
      return t('recurrence.everyNMonths', { count: choice.interval });
    default:
      return undefined;
  }
}
