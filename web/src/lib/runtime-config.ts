import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';

export const configQueryKey = ['config'] as const;

/** Runtime settings from the server (the CSP forbids inline scripts, so they cannot be injected in the page). */
export async function getConfig() {
  return unwrap(await api.GET('/api/config'));
}

export function configQueryOptions() {
  // Fixed for the life of the server process.
  return queryOptions({ queryKey: configQueryKey, queryFn: getConfig, staleTime: Infinity });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
