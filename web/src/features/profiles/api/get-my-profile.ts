import { queryOptions, useQuery } from '@tanstack/react-query';

import { useSignedInUser } from '@/lib/auth/current-user';
import { registerInvalidation } from '@/features/realtime';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

import { profileQueryKey, profilesQueryKey } from './get-profile';

export type MyProfile = components['schemas']['MyProfile'];

export const myProfileQueryKey = [...profilesQueryKey, 'me'] as const;

// A profile event names the account whose profile changed: its public view, and the owner's own view, go stale.
registerInvalidation('profile', (event) => [profileQueryKey(event.id), myProfileQueryKey]);

/** The signed-in user's own profile, private fields included. */
export async function getMyProfile(): Promise<MyProfile> {
  return unwrap(await api.GET('/api/profile'));
}

export function myProfileQueryOptions() {
  return queryOptions({ queryKey: myProfileQueryKey, queryFn: getMyProfile });
}

/** The own profile while someone is signed in; nothing (and no request) for a visitor. */
export function useMyProfile() {
  const signedIn = useSignedInUser();
  return useQuery({ ...myProfileQueryOptions(), enabled: signedIn !== undefined });
}
