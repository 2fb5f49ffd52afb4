/** Standalone instances with every language loaded at once, for tests and code outside components. */
import i18next, { type i18n as I18n } from 'i18next';

import enGB from '@/locales/en-GB.json';
import plPL from '@/locales/pl-PL.json';
import enGBWorkspace from '@/locales/workspace/en-GB.json';
import plPLWorkspace from '@/locales/workspace/pl-PL.json';

import { baseOptions } from './i18n';
import type { Locale } from './locales';

export const resources = {
  'en-GB': { ...enGB, ...enGBWorkspace },
  'pl-PL': { ...plPL, ...plPLWorkspace },
} as const;

export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.init(baseOptions(locale, resources));
  return instance;
}
