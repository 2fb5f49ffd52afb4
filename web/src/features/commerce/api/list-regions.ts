import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';

import { storeHeaders } from './publishable-key';

export type Region = Awaited<ReturnType<typeof listRegions>>['regions'][number];

export const regionsQueryKey = ['commerce', 'regions'] as const;

/** The shopping regions (each with its currency), in the server's order; the first is the default. */
export async function listRegions() {
  // A store call: it carries the publishable key (decisions.md §3).
  return unwrap(await api.GET('/api/store/regions', { headers: await storeHeaders() }));
}

export function regionsQueryOptions() {
  // Regions change rarely (an operator's task); one fetch per visit is enough.
  return queryOptions({ queryKey: regionsQueryKey, queryFn: listRegions, staleTime: Infinity });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
