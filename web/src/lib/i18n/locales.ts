import { storageKeys } from '@/lib/storage-keys';

export const supportedLocales = ['en-GB', 'pl-PL'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en-GB';

/** Each language is named in itself, so a reader can find theirs whatever the current language is. */
export const localeLabels: Record<Locale, string> = {
  'en-GB': 'English (UK)',
  'pl-PL': 'Polski',
};

export function isLocale(value: unknown): value is Locale {
  return supportedLocales.some((locale) => locale === value);
}

/** The saved choice if it is still one we support, else the default. */
export function readStoredLocale(storage: Pick<Storage, 'getItem'> | undefined): Locale {
  try {
    const saved = storage?.getItem(storageKeys.locale);
    return isLocale(saved) ? saved : defaultLocale;
  } catch {
    // Storage can throw when the browser blocks it; the default language still works.
    return defaultLocale;
  }
}

export function storeLocale(storage: Pick<Storage, 'setItem'> | undefined, locale: Locale): void {
  try {
    storage?.setItem(storageKeys.locale, locale);
  } catch {
    // Not saving is acceptable: the choice still applies until the page is reloaded.
  }
}
