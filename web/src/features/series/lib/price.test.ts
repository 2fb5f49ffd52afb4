import { describe, expect, it } from 'vitest';

import { acceptsPriceInput, normalizePrice, priceMinorUnits } from './price';

describe('the price input', () => {
  it('takes digits with one comma or dot while typing, and nothing else', () => {
    for (const text of ['', '1', '12', '12,', '12,5', '12.50', '.5', ',5']) {
      expect(acceptsPriceInput(text), text).toBe(true);
    }
    for (const text of ['a', '1a', '1.2.3', '1,2.3', '-5', '1e3', '+1', '1 000']) {
      expect(acceptsPriceInput(text), text).toBe(false);
    }
  });

  it('on blur turns a comma into a dot and pads to two decimals', () => {
    expect(normalizePrice('12,5')).toBe('12.50');
    expect(normalizePrice('12')).toBe('12.00');
    expect(normalizePrice('12.')).toBe('12.00');
    expect(normalizePrice(',5')).toBe('0.50');
    expect(normalizePrice('007,25')).toBe('7.25');
    expect(normalizePrice('25.00')).toBe('25.00');
  });

  it('clears an empty or zero price', () => {
    expect(normalizePrice('')).toBe('');
    expect(normalizePrice('0')).toBe('');
    expect(normalizePrice('0,00')).toBe('');
    expect(normalizePrice('   ')).toBe('');
  });

  it('keeps more than two decimals as typed, for the rule to refuse', () => {
    expect(normalizePrice('1.505')).toBe('1.505');
    expect(priceMinorUnits('1.505')).toBeUndefined();
    expect(priceMinorUnits('1.500')).toBe(150);
  });

  it('counts minor units without floating point', () => {
    expect(priceMinorUnits('0.01')).toBe(1);
    expect(priceMinorUnits('0.02')).toBe(2);
    expect(priceMinorUnits('19,99')).toBe(1999);
    expect(priceMinorUnits('abc')).toBeUndefined();
  });
});
