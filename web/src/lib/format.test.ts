import { describe, expect, it } from 'vitest';

import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelative,
  formatScheduleTime,
  formatWhen,
  formatZoneName,
} from './format';

/** Intl separates groups and units with (narrow) no-break spaces; compare them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format helpers', () => {
  it('writes a moment with a comma between its date and its time, in the zone given', () => {
    const instant = '2026-11-28T05:19:00Z';
    expect(formatWhen('pl-PL', instant, { style: 'long', timeZone: 'Europe/Warsaw' })).toBe(
      'sobota, 28 listopada 2026, 06:19',
    );
    // ICU versions differ on the comma after the English weekday.
    expect(formatWhen('en-GB', instant, { style: 'long', timeZone: 'Europe/Warsaw' })).toMatch(
      /^Saturday,? 28 November 2026, 06:19$/,
    );
    expect(formatWhen('en-GB', instant, { style: 'short', timeZone: 'America/New_York' })).toBe(
      'Sat 28 Nov, 00:19',
    );
    expect(formatWhen('en-GB', instant, { timeZone: 'Not/AZone' })).toBe('28 Nov 2026, 05:19');
  });

  it('names a zone in the language, never by its id', () => {
    expect(formatZoneName('en-GB', 'Europe/Warsaw', '2026-11-28T05:19:00Z')).toBe(
      'Central European Time',
    );
    expect(formatZoneName('pl-PL', 'Europe/Warsaw', '2026-11-28T05:19:00Z')).toBe(
      'czas środkowoeuropejski',
    );
  });

  it("adds the schedule's clock only where it reads otherwise than the viewer's", () => {
    const instant = '2026-11-28T18:00:00Z';
    expect(
      formatScheduleTime('en-GB', instant, 'Europe/Warsaw', { viewerZone: 'America/New_York' }),
    ).toBe('Sat 28 Nov, 19:00, Central European Time');
    expect(
      formatScheduleTime('en-GB', instant, 'Europe/Warsaw', { viewerZone: 'Europe/Warsaw' }),
    ).toBeUndefined();
    // Another zone with the same clock then: nothing to add.
    expect(
      formatScheduleTime('en-GB', instant, 'Europe/Warsaw', { viewerZone: 'Europe/Berlin' }),
    ).toBeUndefined();
    expect(formatScheduleTime('en-GB', instant, null, { viewerZone: 'UTC' })).toBeUndefined();
  });

  it('formats numbers per locale', () => {
    expect(formatNumber('en-GB', 1234567.5)).toBe('1,234,567.5');
    expect(plain(formatNumber('pl-PL', 1234567.5))).toBe('1 234 567,5');
  });

  it('formats money from the wire format (decimal string, lower-case code)', () => {
    expect(plain(formatCurrency('en-GB', '49.90', 'pln'))).toBe('PLN 49.90');
    expect(plain(formatCurrency('pl-PL', '49.90', 'pln'))).toBe('49,90 zł');
    expect(formatCurrency('en-GB', '1250', 'eur')).toBe('€1,250.00');
    expect(plain(formatCurrency('pl-PL', '1250', 'eur'))).toBe('1250,00 €');
  });

  it('formats dates and date-times in the given time zone', () => {
    const instant = '2026-03-29T18:30:00Z';
    expect(formatDate('en-GB', instant, { timeZone: 'UTC' })).toBe('29 Mar 2026');
    expect(formatDate('pl-PL', instant, { timeZone: 'UTC' })).toBe('29 mar 2026');
    expect(plain(formatDateTime('en-GB', instant, { timeZone: 'Europe/Warsaw' }))).toBe(
      '29 Mar 2026, 20:30',
    );
    expect(plain(formatDateTime('pl-PL', instant, { timeZone: 'Europe/Warsaw' }))).toBe(
      '29 mar 2026, 20:30',
    );
  });

  it('formats relative times with the largest fitting unit', () => {
    const now = new Date('2026-03-29T12:00:00Z');
    expect(formatRelative('en-GB', new Date('2026-04-01T12:00:00Z'), now)).toBe('in 3 days');
    expect(formatRelative('en-GB', new Date('2026-03-28T12:00:00Z'), now)).toBe('yesterday');
    expect(formatRelative('pl-PL', new Date('2026-03-29T10:00:00Z'), now)).toBe('2 godziny temu');
    expect(formatRelative('pl-PL', new Date('2026-03-29T12:05:00Z'), now)).toBe('za 5 minut');
    expect(formatRelative('en-GB', now, now)).toBe('now');
  });
});
