import { useQueryClient } from '@tanstack/react-query';

import { currentUserQueryKey } from '@/lib/auth/current-user';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { myProfileQueryKey, type MyProfile } from './get-my-profile';
import { profileQueryKey } from './get-profile';

export type UpdateProfileBody = components['schemas']['UpdateProfileRequest'];
export type UpdateProfileInput = { profileId: string; body: UpdateProfileBody };

/** One or more parts at once: `{base}`, `{player}`, `{gm}` (the GM part needs the gm role). */
export async function updateProfile({ profileId, body }: UpdateProfileInput): Promise<MyProfile> {
  return unwrap(
    await api.PATCH('/api/profiles/{profile_id}', {
      params: { path: { profile_id: profileId } },
      body,
    }),
  );
}

export function useUpdateProfile(config: MutationConfig<MyProfile, UpdateProfileInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: updateProfile,
      settle: (data) => {
        const profile = data;
        queryClient.setQueryData(myProfileQueryKey, profile);
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(profile.account_id) });
        // The display name is also the name the sidebar shows.
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      },
    },
    config,
  );
}
