import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import enGB from '@/locales/en-GB.json';

import { storageKeys } from '@/lib/storage-keys';

import { createI18n } from './create-i18n';
import {
  baseOptions,
  changeLocale,
  i18n as appI18n,
  loadLocale,
  loadWorkspaceStrings,
} from './i18n';
import { readStoredLocale } from './locales';

describe('i18n', () => {
  it('loads the workspace strings on demand, in the active language and the fallback', async () => {
    const instance = i18next.createInstance();
    await instance.init({ ...baseOptions('en-GB', { 'en-GB': enGB }), initAsync: false });
    expect(instance.exists('blueprints.list.empty')).toBe(false);
    expect(Object.hasOwn(enGB, 'series')).toBe(false);
    await loadLocale(instance, 'pl-PL');
    await instance.changeLanguage('pl-PL');
    await loadWorkspaceStrings(instance);
    expect(instance.t('blueprints.list.empty', { lng: 'en-GB' })).toBe(
      'No activity blueprints yet',
    );
    expect(instance.t('blueprints.list.empty', { lng: 'pl-PL' })).toBe(
      'Nie masz jeszcze szablonów przygód',
    );
    // The imported module keeps only the shell's strings.
    expect(Object.hasOwn(enGB, 'blueprints')).toBe(false);
    // The app's instance loads the new language's part when the language changes.
    await loadWorkspaceStrings(appI18n);
    await changeLocale('pl-PL');
    expect(appI18n.t('blueprints.list.empty')).toBe('Nie masz jeszcze szablonów przygód');
    await changeLocale('en-GB');
  });

  it('uses Polish plural forms (one, few, many)', () => {
    const pl = createI18n('pl-PL');
    expect(pl.t('errors.rateLimited', { count: 1 })).toContain('1 sekundę');
    expect(pl.t('errors.rateLimited', { count: 3 })).toContain('3 sekundy');
    expect(pl.t('errors.rateLimited', { count: 5 })).toContain('5 sekund.');
    expect(pl.t('errors.rateLimited', { count: 22 })).toContain('22 sekundy');
    expect(pl.t('errors.rateLimited', { count: 25 })).toContain('25 sekund.');
  });

  it('uses English plural forms', () => {
    const en = createI18n('en-GB');
    expect(en.t('errors.rateLimited', { count: 1 })).toBe(
      'Too many attempts. Try again in 1 second.',
    );
    expect(en.t('errors.rateLimited', { count: 5 })).toBe(
      'Too many attempts. Try again in 5 seconds.',
    );
  });

  it('translates page titles', () => {
    expect(createI18n('en-GB').t('pageTitles.notFound')).toBe('Not Found');
    expect(createI18n('pl-PL').t('notFound.heading')).toBe('404 Nie znaleziono');
  });

  it('starts in the saved language, falling back to en-GB for anything unknown', () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === storageKeys.locale ? value : null),
    });
    expect(readStoredLocale(storage('pl-PL'))).toBe('pl-PL');
    expect(readStoredLocale(storage('de-DE'))).toBe('en-GB');
    expect(readStoredLocale(storage(null))).toBe('en-GB');
    expect(
      readStoredLocale({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe('en-GB');
  });
});

describe('languages on demand', () => {
  it('bundles English only and loads another language when asked', async () => {
    const instance = i18next.createInstance();
    await instance.init(baseOptions('en-GB', { 'en-GB': enGB }));
    expect(instance.hasResourceBundle('pl-PL', 'translation')).toBe(false);
    await loadLocale(instance, 'pl-PL');
    await instance.changeLanguage('pl-PL');
    expect(instance.t('notFound.heading')).toBe('404 Nie znaleziono');
  });
});
