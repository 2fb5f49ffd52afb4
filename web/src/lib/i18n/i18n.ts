import i18next, { type i18n as I18n, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enGB from '@/locales/en-GB.json';
import plPL from '@/locales/pl-PL.json';

import { defaultLocale, isLocale, readStoredLocale, storeLocale, type Locale } from './locales';

export type TranslationKey = ParseKeys;

export const resources = {
  'en-GB': { translation: enGB },
  'pl-PL': { translation: plPL },
} as const;

/** A standalone instance (no React binding), for tests and for code outside components. */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.init(baseOptions(locale));
  return instance;
}

function baseOptions(locale: Locale) {
  return {
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: [...Object.keys(resources)],
    resources,
    // Resources are bundled, so initialisation finishes synchronously and the first render is translated.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes what it renders.
    returnNull: false,
  };
}

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/** The app's instance, bound to React. Starts in the saved language. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init(baseOptions(readStoredLocale(storage())));

export function activeLocale(instance: I18n = i18n): Locale {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLocale(language) ? language : defaultLocale;
}

function applyDocumentLanguage(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

applyDocumentLanguage(activeLocale());
i18n.on('languageChanged', (language) => {
  if (isLocale(language)) applyDocumentLanguage(language);
});

/** Switches every string, number and date at once and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(storage(), locale);
  await i18n.changeLanguage(locale);
}
