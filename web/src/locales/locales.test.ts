import { describe, expect, it } from 'vitest';

import enGBShell from './en-GB.json';
import plPLShell from './pl-PL.json';
import enGBWorkspace from './workspace/en-GB.json';
import plPLWorkspace from './workspace/pl-PL.json';

// The shell's strings and the workspace's (loaded later, lib/i18n) are one set of keys.
const enGB = { ...enGBShell, ...enGBWorkspace };
const plPL = { ...plPLShell, ...plPLWorkspace };

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
  it('split the shell and the workspace strings by area, none in both', () => {
    const shared = Object.keys(enGBShell).filter((area) => Object.hasOwn(enGBWorkspace, area));
    expect(shared).toEqual([]);
    expect(Object.keys(plPLShell)).toEqual(Object.keys(enGBShell));
    expect(Object.keys(plPLWorkspace)).toEqual(Object.keys(enGBWorkspace));
  });

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
