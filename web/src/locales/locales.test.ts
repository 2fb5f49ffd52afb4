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

/** Plural forms differ by language (Polish has one/few/many/other), so compare their base keys. */
function baseKeys(resource: unknown): string[] {
  return [...new Set(leafKeys(resource).map((key) => key.replace(pluralSuffix, '')))].sort();
}

function pluralForms(resource: unknown, base: string): string[] {
  return leafKeys(resource)
    .filter((key) => key.replace(pluralSuffix, '') === base && pluralSuffix.test(key))
    .map((key) => key.slice(base.length + 1))
    .sort();
}

describe('locale files', () => {
  it('have exactly the same keys in en-GB and pl-PL', () => {
    expect(baseKeys(plPL)).toEqual(baseKeys(enGB));
  });

  it.each([
    ['en-GB', enGB],
    ['pl-PL', plPL],
  ] as const)('%s has every plural form its language needs', (locale, resource) => {
    const needed = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
    const pluralBases = new Set(
      leafKeys(resource)
        .filter((key) => pluralSuffix.test(key))
        .map((key) => key.replace(pluralSuffix, '')),
    );
    expect(pluralBases.size).toBeGreaterThan(0);
    for (const base of pluralBases) expect(pluralForms(resource, base)).toEqual(needed);
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
