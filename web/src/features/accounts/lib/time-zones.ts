/**
 * The time-zone list of the account settings: current IANA names only (the browser's ICU still lists renamed
 * ones such as Europe/Kiev and Asia/Calcutta), grouped by region, each with its city named in the interface
 * language and its current offset from UTC. See docs/decisions.md, "Time zones".
 */
import type { Locale } from '@/lib/i18n';

import { canonicalTimeZone } from './time-zone-names';

export { browserTimeZone, canonicalTimeZone, renamedTimeZones } from './time-zone-names';

/** The regions the list is grouped by (the first part of the id), in this order; `UTC` stands alone. */
export const timeZoneRegions = [
  'UTC',
  'Europe',
  'America',
  'Africa',
  'Asia',
  'Atlantic',
  'Australia',
  'Indian',
  'Pacific',
  'Antarctica',
  'Arctic',
] as const;
export type TimeZoneRegion = (typeof timeZoneRegions)[number];

/**
 * Polish exemplar-city names (CLDR) where they differ from the English one. Places not listed are written the
 * same way in both languages.
 */
const polishCities: Readonly<Record<string, string>> = {
  'Africa/Algiers': 'Algier',
  'Africa/Cairo': 'Kair',
  'Africa/Khartoum': 'Chartum',
  'Africa/Tripoli': 'Trypolis',
  'America/Havana': 'Hawana',
  'America/Jamaica': 'Jamajka',
  'America/Mexico_City': 'Meksyk',
  'America/Puerto_Rico': 'Portoryko',
  'America/Sao_Paulo': 'São Paulo',
  'America/Martinique': 'Martynika',
  'America/Guadeloupe': 'Gwadelupa',
  'Asia/Baghdad': 'Bagdad',
  'Asia/Damascus': 'Damaszek',
  'Asia/Dubai': 'Dubaj',
  'Asia/Hong_Kong': 'Hongkong',
  'Asia/Jerusalem': 'Jerozolima',
  'Asia/Kathmandu': 'Katmandu',
  'Asia/Kolkata': 'Kalkuta',
  'Asia/Kuwait': 'Kuwejt',
  'Asia/Macau': 'Makau',
  'Asia/Nicosia': 'Nikozja',
  'Asia/Riyadh': 'Rijad',
  'Asia/Seoul': 'Seul',
  'Asia/Singapore': 'Singapur',
  'Asia/Taipei': 'Tajpej',
  'Asia/Tashkent': 'Taszkent',
  'Asia/Tehran': 'Teheran',
  'Asia/Tokyo': 'Tokio',
  'Asia/Yerevan': 'Erywań',
  'Atlantic/Azores': 'Azory',
  'Atlantic/Canary': 'Wyspy Kanaryjskie',
  'Atlantic/Cape_Verde': 'Republika Zielonego Przylądka',
  'Atlantic/Faroe': 'Wyspy Owcze',
  'Atlantic/Madeira': 'Madera',
  'Atlantic/Reykjavik': 'Reykjavík',
  'Atlantic/South_Georgia': 'Georgia Południowa',
  'Atlantic/Bermuda': 'Bermudy',
  'Europe/Andorra': 'Andora',
  'Europe/Athens': 'Ateny',
  'Europe/Belgrade': 'Belgrad',
  'Europe/Bratislava': 'Bratysława',
  'Europe/Brussels': 'Bruksela',
  'Europe/Bucharest': 'Bukareszt',
  'Europe/Budapest': 'Budapeszt',
  'Europe/Chisinau': 'Kiszyniów',
  'Europe/Copenhagen': 'Kopenhaga',
  'Europe/Isle_of_Man': 'Wyspa Man',
  'Europe/Istanbul': 'Stambuł',
  'Europe/Kyiv': 'Kijów',
  'Europe/Lisbon': 'Lizbona',
  'Europe/Ljubljana': 'Lublana',
  'Europe/London': 'Londyn',
  'Europe/Luxembourg': 'Luksemburg',
  'Europe/Madrid': 'Madryt',
  'Europe/Minsk': 'Mińsk',
  'Europe/Monaco': 'Monako',
  'Europe/Moscow': 'Moskwa',
  'Europe/Paris': 'Paryż',
  'Europe/Prague': 'Praga',
  'Europe/Riga': 'Ryga',
  'Europe/Rome': 'Rzym',
  'Europe/Sarajevo': 'Sarajewo',
  'Europe/Simferopol': 'Symferopol',
  'Europe/Stockholm': 'Sztokholm',
  'Europe/Tallinn': 'Tallin',
  'Europe/Tirane': 'Tirana',
  'Europe/Vatican': 'Watykan',
  'Europe/Vienna': 'Wiedeń',
  'Europe/Vilnius': 'Wilno',
  'Europe/Volgograd': 'Wołgograd',
  'Europe/Warsaw': 'Warszawa',
  'Europe/Zagreb': 'Zagrzeb',
  'Europe/Zurich': 'Zurych',
  'Indian/Maldives': 'Malediwy',
  'Indian/Christmas': 'Wyspa Bożego Narodzenia',
  'Pacific/Easter': 'Wyspa Wielkanocna',
};

/** The place a zone is named after, in `locale`: `Europe/Warsaw` is Warsaw, or Warszawa in Polish. */
export function timeZoneCity(zone: string, locale: Locale): string {
  if (zone === 'UTC') return 'UTC';
  if (locale === 'pl-PL') {
    const polish = polishCities[zone];
    if (polish !== undefined) return polish;
  }
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** Minutes east of UTC in `zone` at `at` (Intl's `longOffset`, e.g. "GMT+05:30"). */
export function timeZoneOffsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-−])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '+' ? minutes : -minutes;
}

/** `UTC+05:30`, `UTC−03:00` (with a real minus sign), `UTC+00:00`. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const rest = String(absolute % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${rest}`;
}

export type TimeZoneOption = {
  /** The IANA id the server stores. */
  id: string;
  city: string;
  offsetMinutes: number;
  offset: string;
};

export type TimeZoneGroup = { region: TimeZoneRegion; zones: TimeZoneOption[] };

function regionOf(zone: string): TimeZoneRegion {
  const first = zone.split('/')[0];
  return timeZoneRegions.find((region) => region === first) ?? 'UTC';
}

function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * Every zone this browser knows under its current name, plus UTC and the account's own (under its current name,
 * kept even if the browser lacks it), grouped by region in `timeZoneRegions` order and sorted by city within a region.
 */
export function timeZoneGroups(
  locale: Locale,
  options: { current?: string; at?: Date; zones?: readonly string[] } = {},
): TimeZoneGroup[] {
  const at = options.at ?? new Date();
  const ids = new Set((options.zones ?? supportedTimeZones()).map(canonicalTimeZone));
  // Etc/* ids are offsets, not places; UTC stands for them.
  for (const id of ids) if (id.startsWith('Etc/')) ids.delete(id);
  ids.add('UTC');
  if (options.current) ids.add(canonicalTimeZone(options.current));
  const collator = new Intl.Collator(locale);
  const groups = new Map<TimeZoneRegion, TimeZoneOption[]>();
  for (const id of ids) {
    let offsetMinutes = 0;
    try {
      offsetMinutes = timeZoneOffsetMinutes(id, at);
    } catch {
      // A zone this browser does not know (kept because the account has it): shown without an offset.
    }
    const option = {
      id,
      city: timeZoneCity(id, locale),
      offsetMinutes,
      offset: formatUtcOffset(offsetMinutes),
    };
    const region = regionOf(id);
    groups.set(region, [...(groups.get(region) ?? []), option]);
  }
  return timeZoneRegions.flatMap((region) => {
    const zones = groups.get(region);
    if (!zones) return [];
    zones.sort((a, b) => collator.compare(a.city, b.city) || a.id.localeCompare(b.id));
    return [{ region, zones }];
  });
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replaceAll('ł', 'l')
    .replaceAll('Ł', 'L')
    .replaceAll('_', ' ')
    .replaceAll('−', '-')
    .toLowerCase();
}

/**
 * The groups with only the zones `query` matches: every word must appear in the city (in either language), the
 * id, the region's name or the offset ("warsz", "kiev" finds nothing but "kyiv" does, "utc+5:30", "+01").
 */
export function filterTimeZoneGroups(
  groups: readonly TimeZoneGroup[],
  query: string,
  regionName: (region: TimeZoneRegion) => string = (region) => region,
): TimeZoneGroup[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups.flatMap((group) => {
    const zones = group.zones.filter((zone) => {
      // "UTC+05:30" is also found as "UTC+5:30" and "+5:30".
      const short = zone.offset.replace(/^UTC([+−])0/, 'UTC$1');
      const haystack = normalise(
        [
          zone.city,
          timeZoneCity(zone.id, 'en-GB'),
          timeZoneCity(zone.id, 'pl-PL'),
          zone.id,
          regionName(group.region),
          zone.offset,
          short,
        ].join(' '),
      );
      return words.every((word) => haystack.includes(word));
    });
    return zones.length > 0 ? [{ region: group.region, zones }] : [];
  });
}
