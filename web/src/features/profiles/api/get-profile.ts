import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type PublicProfile = components['schemas']['PublicProfile'];
export type Experience = components['schemas']['Experience'];

export const profilesQueryKey = ['profiles'] as const;

export function profileQueryKey(accountId: string) {
  return [...profilesQueryKey, 'by-account', accountId] as const;
}

/** Anyone's public profile; readable without signing in. */
export async function getProfile(accountId: string): Promise<PublicProfile> {
  return unwrap(
    await api.GET('/api/accounts/{account_id}/profile', {
      params: { path: { account_id: accountId } },
    }),
  );
}

export function profileQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: profileQueryKey(accountId),
    queryFn: () => getProfile(accountId),
  });
}

export function useProfile(accountId: string) {
  return useQuery(profileQueryOptions(accountId));
}
