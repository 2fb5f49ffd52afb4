import { describe, expect, it } from 'vitest';

import { createI18n } from '@/lib/i18n/create-i18n';

import { regionLabel } from './use-region';

const poland = { id: '0195f0c4-0000-7000-8000-00000000000a', name: 'Poland', currency_code: 'pln' };
const europe = { id: '0195f0c4-0000-7000-8000-00000000000b', name: 'Europe', currency_code: 'eur' };

describe('regionLabel', () => {
  it('names the regions in the active language', () => {
    const pl = createI18n('pl-PL');
    expect(regionLabel(poland, pl)).toBe('Polska (PLN)');
    expect(regionLabel(europe, pl)).toBe('Europa (EUR)');
    const en = createI18n('en-GB');
    expect(regionLabel(poland, en)).toBe('Poland (PLN)');
    expect(regionLabel(europe, en)).toBe('Europe (EUR)');
  });

  it("shows a region the locale files do not know by the server's name", () => {
    const pl = createI18n('pl-PL');
    expect(regionLabel({ ...europe, name: 'Nordics', currency_code: 'sek' }, pl)).toBe(
      'Nordics (SEK)',
    );
  });
});
