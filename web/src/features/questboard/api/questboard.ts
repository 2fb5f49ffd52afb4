/**
 * The public reads of the Questboard: a page of cards and one series by its handle. Their keys start with
 * `series`, the entity of the server's series events, so a published change refreshes an open Questboard
 * (the realtime client invalidates queries under an entity's name unless a feature registers narrower keys).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

import { toQuery, type QuestboardFilters } from '../lib/filters';

export type QuestboardCard = components['schemas']['QuestboardCard'];
export type QuestboardPage = components['schemas']['QuestboardPage'];
export type Series = components['schemas']['Series'];
export type SeriesDescriptionPart = components['schemas']['SeriesDescriptionPart'];

/**
 * Where a series' table meets, as the server sends it (`series::dto::Location`). The generated client names it
 * after the profile's address (`Location`: both server types share the schema name), so it is read here by hand.
 */
export type SeriesLocation =
  | { kind: 'online'; link?: string | null }
  | { kind: 'in_person'; city?: string | null; venue?: string | null };

export function seriesLocation(series: Series): SeriesLocation | null {
  const location = series.location as unknown;
  if (typeof location !== 'object' || location === null || !('kind' in location)) return null;
  const { kind } = location;
  if (kind === 'online') {
    const { link } = location as { link?: unknown };
    return { kind, link: typeof link === 'string' && /^https?:\/\//i.test(link) ? link : null };
  }
  if (kind === 'in_person') {
    const { city, venue } = location as { city?: unknown; venue?: unknown };
    return {
      kind,
      city: typeof city === 'string' ? city : null,
      venue: typeof venue === 'string' ? venue : null,
    };
  }
  return null;
}

export const questboardQueryKey = ['series', 'questboard'] as const;

export async function listQuestboard(query: ReturnType<typeof toQuery>): Promise<QuestboardPage> {
  return unwrap(await api.GET('/api/questboard', { params: { query } }));
}

export function questboardQueryOptions(filters: QuestboardFilters) {
  const query = toQuery(filters);
  return queryOptions({
    queryKey: [...questboardQueryKey, query],
    queryFn: () => listQuestboard(query),
  });
}

/** The Questboard for these filters; the previous page stays on screen while the next one loads. */
export function useQuestboard(filters: QuestboardFilters) {
  return useQuery({ ...questboardQueryOptions(filters), placeholderData: keepPreviousData });
}

/** The newest series (Home's 'Latest'): the Questboard's first page, unfiltered, cut to `limit`. */
export function latestSeriesQueryOptions(limit: number) {
  const query = { offset: 0, limit };
  return queryOptions({
    queryKey: [...questboardQueryKey, query],
    queryFn: () => listQuestboard(query),
  });
}

export function publicSeriesQueryKey(handle: string) {
  return ['series', 'public', handle] as const;
}

export async function getSeries(handle: string): Promise<Series> {
  return unwrap(await api.GET('/api/series/by-handle/{handle}', { params: { path: { handle } } }));
}

export function publicSeriesQueryOptions(handle: string) {
  return queryOptions({
    queryKey: publicSeriesQueryKey(handle),
    queryFn: () => getSeries(handle),
  });
}

export function usePublicSeries(handle: string) {
  return useQuery(publicSeriesQueryOptions(handle));
}
