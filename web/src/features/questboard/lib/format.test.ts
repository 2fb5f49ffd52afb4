import { describe, expect, it } from 'vitest';

import {
  formatPrice,
  formatSessionTime,
  shouldNameZone,
  systemHue,
  systemInitials,
} from './format';

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

describe('formatSessionTime', () => {
  // Tuesday 1 December 2026, 19:00 in Warsaw (UTC+1).
  const session = '2026-12-01T18:00:00Z';

  it("shows the time in the viewer's zone and names it when the GM plays elsewhere", () => {
    expect(
      formatSessionTime('en-GB', session, {
        viewerZone: 'America/New_York',
        seriesZone: 'Europe/Warsaw',
      }),
    ).toBe('Tue 1 Dec, 13:00 GMT-5');
  });

  it('leaves the zone out when viewer and GM share it', () => {
    expect(
      formatSessionTime('en-GB', session, {
        viewerZone: 'Europe/Warsaw',
        seriesZone: 'Europe/Warsaw',
      }),
    ).toBe('Tue 1 Dec, 19:00');
    expect(shouldNameZone({ viewerZone: 'Europe/Warsaw', seriesZone: null })).toBe(false);
  });

  it('follows the locale', () => {
    expect(
      formatSessionTime('pl-PL', session, {
        viewerZone: 'Europe/Warsaw',
        seriesZone: 'Europe/Warsaw',
      }),
    ).toBe('wt., 1 gru, 19:00');
  });

  it('keeps the wall-clock time of the GM across daylight saving', () => {
    // 19:00 in Warsaw in summer (UTC+2) is 13:00 in New York (UTC-4).
    expect(
      formatSessionTime('en-GB', '2026-07-07T17:00:00Z', {
        viewerZone: 'America/New_York',
        seriesZone: 'Europe/Warsaw',
      }),
    ).toBe('Tue 7 Jul, 13:00 GMT-4');
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
