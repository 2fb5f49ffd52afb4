import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import enGB from '@/locales/en-GB.json';

import { storageKeys } from '@/lib/storage-keys';

import { createI18n } from './create-i18n';
import { baseOptions, loadLocale } from './i18n';
import { readStoredLocale } from './locales';

describe('i18n', () => {
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
