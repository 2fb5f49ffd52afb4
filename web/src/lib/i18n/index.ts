export {
  activeLocale,
  changeLocale,
  createI18n,
  i18n,
  resources,
  type TranslationKey,
} from './i18n';
export {
  defaultLocale,
  isLocale,
  localeLabels,
  readStoredLocale,
  storeLocale,
  supportedLocales,
  type Locale,
} from './locales';
export { useFormat, useLocale } from './use-locale';
