import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelative,
  formatScheduleTime,
  formatWhen,
  formatZoneName,
  type DateFormatOptions,
  type WhenOptions,
  type WhenStyle,
} from '@/lib/format';

import { activeLocale } from './i18n';
import type { Locale } from './locales';

/** The active locale; components re-render when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return activeLocale(i18n);
}

type DateInput = Parameters<typeof formatDate>[1];

/** The format helpers bound to the active locale. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      number: (value: number, options?: Intl.NumberFormatOptions) =>
        formatNumber(locale, value, options),
      currency: (amount: string | number, currencyCode: string) =>
        formatCurrency(locale, amount, currencyCode),
      date: (value: DateInput, options?: DateFormatOptions) => formatDate(locale, value, options),
      dateTime: (value: DateInput, options?: DateFormatOptions) =>
        formatDateTime(locale, value, options),
      relative: (value: DateInput, now?: DateInput) => formatRelative(locale, value, now),
      /** A moment in the viewer's zone (see `formatWhen`): every session time goes through here. */
      when: (value: DateInput, options?: WhenOptions) => formatWhen(locale, value, options),
      /** The schedule's own clock where it differs from the viewer's (see `formatScheduleTime`). */
      scheduleTime: (
        value: DateInput,
        scheduleZone: string | null | undefined,
        style?: WhenStyle,
      ) => formatScheduleTime(locale, value, scheduleZone, { style }),
      zoneName: (zone: string, at?: DateInput) => formatZoneName(locale, zone, at),
    }),
    [locale],
  );
}
