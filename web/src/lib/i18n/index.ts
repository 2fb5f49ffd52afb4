export {
  activeLocale,
  changeLocale,
  i18n,
  i18nReady,
  loadLocale,
  loadWorkspaceStrings,
  type TranslationKey,
  withWorkspaceStrings,
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
