import { describe, expect, it } from 'vitest';

import { formatPrice, systemHue, systemInitials } from './format';

describe('formatPrice', () => {
  it('shows free series as the free label', () => {
    expect(formatPrice('en-GB', { model: 'free' }, 'Free')).toBe('Free');
  });

  it('formats a paid price with Intl for the locale', () => {
    expect(
      formatPrice('en-GB', { model: 'paid', amount: '12.50', currency_code: 'eur' }, 'Free'),
    ).toBe('€12.50');
    expect(
      formatPrice('pl-PL', { model: 'paid', amount: '25.00', currency_code: 'pln' }, 'Za darmo'),
    ).toBe('25,00\u00a0zł');
  });

  it('shows nothing while pricing is not set', () => {
    expect(formatPrice('en-GB', null, 'Free')).toBeNull();
    expect(formatPrice('en-GB', { model: 'paid' }, 'Free')).toBeNull();
  });
});

describe('system placeholders', () => {
  it('takes the initials of the capitalised words', () => {
    expect(systemInitials('Dungeons & Dragons')).toBe('DD');
    expect(systemInitials('Mörk Borg')).toBe('MB');
    expect(systemInitials('Call of Cthulhu')).toBe('CC');
    expect(systemInitials('Wiedźmin')).toBe('W');
    expect(systemInitials('')).toBe('?');
  });

  it('gives a system always the same hue', () => {
    expect(systemHue('abc')).toBe(systemHue('abc'));
    expect(systemHue('abc')).toBeGreaterThanOrEqual(0);
    expect(systemHue('abc')).toBeLessThan(360);
  });
});
