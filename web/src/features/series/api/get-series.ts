/**
 * One series by handle and the series query keys: all the shell needs (the palette's `gm_series` context), kept
 * apart from the mutations so the main bundle does not carry them.
 */
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type Series = components['schemas']['Series'];

export const seriesQueryKey = ['series'] as const;

export function seriesByHandleQueryKey(handle: string) {
  return [...seriesQueryKey, 'by-handle', handle] as const;
}

export async function getSeries(handle: string): Promise<Series> {
  return unwrap(await api.GET('/api/series/by-handle/{handle}', { params: { path: { handle } } }));
}

export function seriesQueryOptions(handle: string) {
  return queryOptions({
    queryKey: seriesByHandleQueryKey(handle),
    queryFn: () => getSeries(handle),
  });
}
