import { describe, expect, it } from 'vitest';

import {
  activeFilterCount,
  emptyFilters,
  normalisePrice,
  parseFilters,
  questboardHref,
  serializeFilters,
  toQuery,
  type QuestboardFilters,
} from './filters';

const dnd = '0b7c9a4e-1d2f-4c3b-8a9e-5f6d7c8b9a01';
const mork = '1c8d0b5f-2e3a-4d4c-9b0f-6a7e8d9c0b12';

const full: QuestboardFilters = {
  systems: [dnd, mork],
  languages: ['en', 'pl'],
  format: 'campaign',
  price: 'paid',
  priceMin: '10.00',
  priceMax: '50.50',
  currency: 'pln',
  q: 'dragon heist',
  page: 3,
};

describe('the Questboard URL', () => {
  it('reads what it writes', () => {
    const params = serializeFilters(full);
    expect(params.toString()).toBe(
      `systems=${dnd}%2C${mork}&languages=en%2Cpl&format=campaign&price=paid&min=10.00&max=50.50&currency=pln&q=dragon+heist&page=3`,
    );
    expect(parseFilters(params)).toEqual(full);
  });

  it('writes nothing for no filters, and reads nothing as no filters', () => {
    expect(serializeFilters(emptyFilters).toString()).toBe('');
    expect(parseFilters(new URLSearchParams())).toEqual(emptyFilters);
    expect(questboardHref()).toBe('/questboard');
  });

  it('drops values it cannot read instead of failing', () => {
    const parsed = parseFilters(
      new URLSearchParams(
        'systems=not-an-id,' +
          dnd +
          ',' +
          dnd +
          '&languages=en,xx&format=larp&price=cheap&min=abc&page=-2&q=%20%20',
      ),
    );
    expect(parsed).toEqual({ ...emptyFilters, systems: [dnd], languages: ['en'] });
  });

  it('keeps a price bound only with its currency', () => {
    expect(parseFilters(new URLSearchParams('min=10&max=20')).priceMin).toBeNull();
    const parsed = parseFilters(new URLSearchParams('min=10,5&currency=eur'));
    expect(parsed).toMatchObject({ priceMin: '10.50', priceMax: null, currency: 'eur' });
    // A currency without a bound is not a filter.
    expect(parseFilters(new URLSearchParams('currency=eur')).currency).toBeNull();
    expect(
      serializeFilters({
        ...emptyFilters,
        currency: 'eur',
        priceMin: null,
        priceMax: null,
      }).toString(),
    ).toBe('');
  });

  it('builds links into a filtered Questboard', () => {
    expect(questboardHref({ systems: [dnd] })).toBe(`/questboard?systems=${dnd}`);
    expect(questboardHref({ q: 'Żółta' })).toBe('/questboard?q=%C5%BB%C3%B3%C5%82ta');
  });

  it('counts the filters that are set', () => {
    expect(activeFilterCount(emptyFilters)).toBe(0);
    expect(activeFilterCount(full)).toBe(8);
  });
});

describe('normalisePrice', () => {
  it.each([
    ['12', '12.00'],
    ['12,5', '12.50'],
    ['0.99', '0.99'],
    ['007', '7.00'],
    ['12.', '12.00'],
  ])('%s → %s', (typed, expected) => {
    expect(normalisePrice(typed)).toBe(expected);
  });

  it.each(['', ' ', '-1', '1.234', 'ten', '1e3'])('refuses %j', (typed) => {
    expect(normalisePrice(typed)).toBeNull();
  });
});

describe('toQuery', () => {
  it('sends the filters as listQuestboard reads them, with the currency of the price range', () => {
    expect(toQuery(full)).toEqual({
      offset: 40,
      limit: 20,
      game_systems: `${dnd},${mork}`,
      languages: 'en,pl',
      format: 'campaign',
      price: 'paid',
      currency: 'pln',
      price_min: '10.00',
      price_max: '50.50',
      q: 'dragon heist',
    });
    expect(toQuery(emptyFilters)).toEqual({ offset: 0, limit: 20 });
  });
});
