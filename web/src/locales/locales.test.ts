import { describe, expect, it } from 'vitest';

import enGB from './en-GB.json';
import plPL from './pl-PL.json';

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Every leaf key as a dotted path. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    leafKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const locales = ['en-GB', 'pl-PL'] as const;

/**
 * Every plural form any of our languages needs (English: one/other; Polish: one/few/many/other). Each locale file
 * carries all of them for every plural key, so the two files have exactly the same keys; English never reads its
 * few/many forms.
 */
const allPluralForms = [
  ...new Set(
    locales.flatMap((locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories),
  ),
].sort();

function pluralForms(resource: unknown, base: string): string[] {
  return leafKeys(resource)
    .filter((key) => key.replace(pluralSuffix, '') === base && pluralSuffix.test(key))
    .map((key) => key.slice(base.length + 1))
    .sort();
}

describe('locale files', () => {
  it('have exactly the same keys in en-GB and pl-PL, plural forms included', () => {
    expect(leafKeys(plPL).sort()).toEqual(leafKeys(enGB).sort());
  });

  it.each([
    ['en-GB', enGB],
    ['pl-PL', plPL],
  ] as const)('%s has every plural form any of our languages needs', (locale, resource) => {
    const needed = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories];
    const pluralBases = new Set(
      leafKeys(resource)
        .filter((key) => pluralSuffix.test(key))
        .map((key) => key.replace(pluralSuffix, '')),
    );
    expect(pluralBases.size).toBeGreaterThan(0);
    for (const base of pluralBases) {
      const forms = pluralForms(resource, base);
      expect(forms).toEqual(allPluralForms);
      expect(forms).toEqual(expect.arrayContaining(needed));
    }
  });

  it('has no empty translations', () => {
    for (const resource of [enGB, plPL]) {
      const leaves = leafKeys(resource);
      const empty = leaves.filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => {
          return typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[part]
            : undefined;
        }, resource);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});
