import i18next, { type i18n as I18n, type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enGB from '@/locales/en-GB.json';
import type enGBWorkspace from '@/locales/workspace/en-GB.json';

import {
  defaultLocale,
  isLocale,
  readStoredLocale,
  storeLocale,
  supportedLocales,
  type Locale,
} from './locales';

export type TranslationKey = ParseKeys;

type Translation = typeof enGB;
type WorkspaceTranslation = typeof enGBWorkspace;

/**
 * Each language's strings. English is the fallback and always bundled; the others load when chosen, so a page
 * carries one language, not all (issue 11's JavaScript budget). Tests get every language at once from
 * `./create-i18n`.
 */
const loaders: Record<Locale, () => Promise<Translation>> = {
  'en-GB': () => Promise.resolve(enGB),
  'pl-PL': () => import('@/locales/pl-PL.json').then((module) => module.default),
};

/**
 * The strings of the signed-in workspace (profiles, blueprints, series, and the provider callback's and e-mail
 * link's pages, reached from outside): no public page shows them, so they load
 * after the first paint and before a page, wizard or dialog that needs them (`loadWorkspaceStrings`), not with
 * the entry (issue 11's budget).
 */
const workspaceLoaders: Record<Locale, () => Promise<WorkspaceTranslation>> = {
  'en-GB': () => import('@/locales/workspace/en-GB.json').then((module) => module.default),
  'pl-PL': () => import('@/locales/workspace/pl-PL.json').then((module) => module.default),
};

export function baseOptions(locale: Locale, resources: Partial<Record<Locale, Translation>>) {
  return {
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: [...supportedLocales],
    resources: Object.fromEntries(
      // A copy: strings added later (the workspace's) must not change the imported module's object.
      Object.entries(resources).map(([language, translation]) => [
        language,
        { translation: { ...translation } },
      ]),
    ),
    // The bundled resources are there at once, so initialisation finishes synchronously.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes what it renders.
    returnNull: false,
  };
}

/** Adds `locale`'s strings to `instance` unless it has them. */
export async function loadLocale(instance: I18n, locale: Locale): Promise<void> {
  if (instance.hasResourceBundle(locale, 'translation')) return;
  instance.addResourceBundle(locale, 'translation', await loaders[locale]());
}

const workspaceLoads = new WeakMap<I18n, Map<Locale, Promise<void>>>();

async function loadWorkspaceLocale(instance: I18n, locale: Locale): Promise<void> {
  let loads = workspaceLoads.get(instance);
  if (!loads) {
    loads = new Map();
    workspaceLoads.set(instance, loads);
  }
  let load = loads.get(locale);
  if (!load) {
    load = workspaceLoaders[locale]().then((strings) => {
      instance.addResourceBundle(locale, 'translation', strings, true, true);
    });
    // A failed chunk may be fetched again next time.
    load.catch(() => loads.delete(locale));
    loads.set(locale, load);
  }
  return load;
}

/**
 * Loads the workspace strings of the active language (and of English, the fallback) once. Pages, wizards and
 * dialogs that show them wait for it; switching languages loads the new one's when they were wanted before.
 */
export async function loadWorkspaceStrings(instance: I18n = i18n): Promise<void> {
  const locales = new Set<Locale>([defaultLocale, activeLocale(instance)]);
  await Promise.all([...locales].map((locale) => loadWorkspaceLocale(instance, locale)));
}

/**
 * `load` (a module of the signed-in workspace's, for `React.lazy`), resolved once the workspace strings it shows
 * are there too.
 */
export function withWorkspaceStrings<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return () => Promise.all([load(), loadWorkspaceStrings()]).then(([module]) => module);
}

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/** The app's instance, bound to React. Starts in the saved language once `i18nReady` has loaded it. */
export const i18n = i18next.createInstance();
const storedLocale = readStoredLocale(storage());
void i18n.use(initReactI18next).init(baseOptions(storedLocale, { 'en-GB': enGB }));

/** Resolves once the saved language's strings are loaded: the app renders after it (main.tsx). */
export const i18nReady: Promise<void> =
  storedLocale === defaultLocale
    ? Promise.resolve()
    : loadLocale(i18n, storedLocale)
        .then(() => i18n.changeLanguage(storedLocale))
        .then(
          () => undefined,
          // Offline or a failed chunk: the page shows in English rather than not at all.
          () => undefined,
        );

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
  await loadLocale(i18n, locale);
  if (workspaceLoads.has(i18n)) await loadWorkspaceLocale(i18n, locale);
  storeLocale(storage(), locale);
  await i18n.changeLanguage(locale);
}
