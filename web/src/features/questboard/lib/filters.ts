/**
 * The Questboard's filters live in the URL (shareable, kept over a reload). `parseFilters` reads the search
 * params leniently (an unknown or malformed value is dropped, never an error page) and `serializeFilters` writes
 * them back in one stable order, leaving defaults out, so the same filters always make the same URL.
 *
 * URL parameters: `systems` (game system ids, comma-separated), `languages` (`en,pl`), `format`
 * (`one_shot`|`campaign`), `price` (`free`|`paid`), `min`/`max` (price per session, `12.50`) with `currency`
 * (`pln`|`eur`, written whenever a bound is), `q` (text search) and `page` (1-based, pages of 20).
 */
import type { components, operations } from '@/lib/api/schema';

export type Language = components['schemas']['Language'];
export type ActivityType = components['schemas']['ActivityType'];
export type PriceKind = 'free' | 'paid';
export type Currency = 'pln' | 'eur';

export const pageSize = 20;

export const languages: readonly Language[] = ['en', 'fr', 'nl', 'pl'];
export const formats: readonly ActivityType[] = ['one_shot', 'campaign'];
export const priceKinds: readonly PriceKind[] = ['free', 'paid'];
export const currencies: readonly Currency[] = ['pln', 'eur'];

export type QuestboardFilters = {
  systems: string[];
  languages: Language[];
  format: ActivityType | null;
  price: PriceKind | null;
  /** A decimal string (`"12.50"`), as the server reads it; null when unset. */
  priceMin: string | null;
  priceMax: string | null;
  /** The currency of `priceMin`/`priceMax`; null while neither is set (the region's applies then). */
  currency: Currency | null;
  q: string;
  /** 1-based. */
  page: number;
};

export const emptyFilters: QuestboardFilters = {
  systems: [],
  languages: [],
  format: null,
  price: null,
  priceMin: null,
  priceMax: null,
  currency: null,
  q: '',
  page: 1,
};

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

function list(value: string | null): string[] {
  if (value === null) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * A price as typed or read from the URL: digits with one comma or dot and at most two decimals, made into the
 * server's form (`12,5` → `12.50`); null for anything else (empty, negative, letters).
 */
export function normalisePrice(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const whole = String(Number(match[1]));
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** True when both bounds are set and "To" is below "From" (the server refuses such a range). */
export function priceRangeReversed(priceMin: string | null, priceMax: string | null): boolean {
  return priceMin !== null && priceMax !== null && Number(priceMin) > Number(priceMax);
}

export function parseFilters(params: URLSearchParams): QuestboardFilters {
  let priceMin = normalisePrice(params.get('min'));
  let priceMax = normalisePrice(params.get('max'));
  // A range that ends below where it starts cannot be read either (the form says so when it is typed).
  if (priceRangeReversed(priceMin, priceMax)) {
    priceMin = null;
    priceMax = null;
  }
  const hasBound = priceMin !== null || priceMax !== null;
  const currency = hasBound ? oneOf(currencies, params.get('currency')) : null;
  const page = Number(params.get('page'));
  return {
    systems: list(params.get('systems')).filter((id) => uuidLike.test(id)),
    languages: list(params.get('languages')).filter((language): language is Language =>
      (languages as readonly string[]).includes(language),
    ),
    format: oneOf(formats, params.get('format')),
    price: oneOf(priceKinds, params.get('price')),
    // A bound without its currency cannot be read: drop both rather than guess.
    priceMin: currency ? priceMin : null,
    priceMax: currency ? priceMax : null,
    currency,
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function serializeFilters(filters: QuestboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.systems.length > 0) params.set('systems', filters.systems.join(','));
  if (filters.languages.length > 0) params.set('languages', filters.languages.join(','));
  if (filters.format) params.set('format', filters.format);
  if (filters.price) params.set('price', filters.price);
  const priceMin = normalisePrice(filters.priceMin);
  const priceMax = normalisePrice(filters.priceMax);
  if (filters.currency && (priceMin !== null || priceMax !== null)) {
    if (priceMin !== null) params.set('min', priceMin);
    if (priceMax !== null) params.set('max', priceMax);
    params.set('currency', filters.currency);
  }
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** `/questboard?…` for these filters (the Home page's search and popular systems lead here). */
export function questboardHref(filters: Partial<QuestboardFilters> = {}): string {
  const query = serializeFilters({ ...emptyFilters, ...filters }).toString();
  return query ? `/questboard?${query}` : '/questboard';
}

/** How many filters are set (the mobile "Filters (3)" toggle); the page number is not a filter. */
export function activeFilterCount(filters: QuestboardFilters): number {
  return (
    filters.systems.length +
    filters.languages.length +
    (filters.format ? 1 : 0) +
    (filters.price ? 1 : 0) +
    (filters.priceMin !== null || filters.priceMax !== null ? 1 : 0) +
    (filters.q ? 1 : 0)
  );
}

export type QuestboardQuery = NonNullable<operations['listQuestboard']['parameters']['query']>;

/** The `listQuestboard` query for these filters. */
export function toQuery(filters: QuestboardFilters): QuestboardQuery {
  const query: QuestboardQuery = {
    offset: (filters.page - 1) * pageSize,
    limit: pageSize,
  };
  if (filters.systems.length > 0) query.game_systems = filters.systems.join(',');
  if (filters.languages.length > 0) query.languages = filters.languages.join(',');
  if (filters.format) query.format = filters.format;
  if (filters.price) query.price = filters.price;
  if (filters.currency && (filters.priceMin !== null || filters.priceMax !== null)) {
    query.currency = filters.currency;
    if (filters.priceMin !== null) query.price_min = filters.priceMin;
    if (filters.priceMax !== null) query.price_max = filters.priceMax;
  }
  if (filters.q) query.q = filters.q;
  return query;
}
