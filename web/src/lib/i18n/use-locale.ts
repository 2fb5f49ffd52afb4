import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelative,
  type DateFormatOptions,
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
    }),
    [locale],
  );
}
