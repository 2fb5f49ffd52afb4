import { describe, expect, it } from 'vitest';

import {
  browserTimeZone,
  canonicalTimeZone,
  filterTimeZoneGroups,
  formatUtcOffset,
  timeZoneCity,
  timeZoneGroups,
  timeZoneOffsetMinutes,
} from './time-zones';

const january = new Date('2026-01-15T12:00:00Z');
const july = new Date('2026-07-15T12:00:00Z');

function ids(groups: ReturnType<typeof timeZoneGroups>): string[] {
  return groups.flatMap((group) => group.zones.map((zone) => zone.id));
}

describe('the time-zone list', () => {
  const groups = timeZoneGroups('en-GB', { at: january });

  it('lists current names only, each place once', () => {
    const all = ids(groups);
    expect(all.length).toBeGreaterThan(300);
    for (const outdated of ['Europe/Kiev', 'Asia/Calcutta', 'Asia/Saigon', 'America/Godthab']) {
      expect(all).not.toContain(outdated);
    }
    for (const current of [
      'Europe/Kyiv',
      'Asia/Kolkata',
      'Asia/Ho_Chi_Minh',
      'America/Nuuk',
      'UTC',
    ]) {
      expect(all).toContain(current);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.some((id) => id.startsWith('Etc/'))).toBe(false);
  });

  it('maps renamed ids, also ones this browser does not list', () => {
    const merged = timeZoneGroups('en-GB', {
      at: january,
      zones: ['Europe/Kiev', 'Europe/Uzhgorod', 'Europe/Kyiv', 'Asia/Calcutta', 'Europe/Warsaw'],
    });
    expect(ids(merged).sort()).toEqual(['Asia/Kolkata', 'Europe/Kyiv', 'Europe/Warsaw', 'UTC']);
    expect(canonicalTimeZone('Europe/Warsaw')).toBe('Europe/Warsaw');
  });

  it('groups by region, UTC and Europe first, cities sorted within a region', () => {
    expect(groups.map((group) => group.region).slice(0, 3)).toEqual(['UTC', 'Europe', 'America']);
    const europe = groups
      .find((group) => group.region === 'Europe')
      ?.zones.map((zone) => zone.city);
    expect(europe).toEqual(
      [...(europe ?? [])].sort((a, b) => new Intl.Collator('en-GB').compare(a, b)),
    );
    for (const group of groups) {
      for (const zone of group.zones) {
        if (zone.id !== 'UTC') expect(zone.id.startsWith(`${group.region}/`), zone.id).toBe(true);
      }
    }
  });

  it('shows the current offset, following summer time', () => {
    expect(timeZoneOffsetMinutes('Europe/Warsaw', january)).toBe(60);
    expect(timeZoneOffsetMinutes('Europe/Warsaw', july)).toBe(120);
    expect(timeZoneOffsetMinutes('Asia/Kolkata', january)).toBe(330);
    expect(timeZoneOffsetMinutes('America/St_Johns', january)).toBe(-210);
    expect(timeZoneOffsetMinutes('UTC', january)).toBe(0);
    expect(formatUtcOffset(330)).toBe('UTC+05:30');
    expect(formatUtcOffset(-210)).toBe('UTC−03:30');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    const warsaw = groups
      .flatMap((group) => group.zones)
      .find((zone) => zone.id === 'Europe/Warsaw');
    expect(warsaw).toMatchObject({ city: 'Warsaw', offset: 'UTC+01:00' });
  });

  it('names cities in the interface language', () => {
    expect(timeZoneCity('Europe/Warsaw', 'pl-PL')).toBe('Warszawa');
    expect(timeZoneCity('Europe/Kyiv', 'pl-PL')).toBe('Kijów');
    expect(timeZoneCity('America/Argentina/Buenos_Aires', 'en-GB')).toBe('Buenos Aires');
    expect(timeZoneCity('America/Los_Angeles', 'pl-PL')).toBe('Los Angeles');
    const polish = timeZoneGroups('pl-PL', {
      at: january,
      zones: ['Europe/Warsaw', 'Europe/Vienna'],
    });
    expect(
      polish.find((group) => group.region === 'Europe')?.zones.map((zone) => zone.city),
    ).toEqual(['Warszawa', 'Wiedeń']);
  });

  it('keeps the account’s own zone even if this browser does not know it', () => {
    const kept = timeZoneGroups('en-GB', {
      at: january,
      zones: ['Europe/Warsaw'],
      current: 'Mars/Olympus_Mons',
    });
    expect(ids(kept)).toContain('Mars/Olympus_Mons');
  });

  it('finds zones by city in either language, id, region or offset', () => {
    const polish = timeZoneGroups('pl-PL', { at: january });
    const found = (query: string, from = groups) => ids(filterTimeZoneGroups(from, query));
    expect(found('warsz')).toEqual(['Europe/Warsaw']);
    expect(found('warsaw', polish)).toEqual(['Europe/Warsaw']);
    expect(found('KIJOW', polish)).toEqual(['Europe/Kyiv']);
    expect(found('kyiv')).toEqual(['Europe/Kyiv']);
    expect(found('kiev')).toEqual([]);
    expect(found('+05:30')).toContain('Asia/Kolkata');
    expect(found('utc+5:30')).toContain('Asia/Kolkata');
    expect(found('europe lon')).toEqual(['Europe/London']);
    expect(found('  ')).toEqual(ids(groups));
    expect(
      filterTimeZoneGroups(groups, 'wars', (region) => region).map((group) => group.region),
    ).toEqual(['Europe']);
  });

  it('saves the browser’s zone under its current name', () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(browserTimeZone()).toBe(canonicalTimeZone(resolved));
  });
});
