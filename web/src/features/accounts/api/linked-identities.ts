import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk, unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { currentUserQueryKey } from '@/lib/auth/current-user';

export type LinkedIdentity = components['schemas']['LinkedIdentity'];
export type UnlinkIdentityInput = components['schemas']['UnlinkRequest'] & { identityId: string };

// Under the current user's key: an `account` event (a link or an unlink in another tab) refreshes it too.
export const linkedIdentitiesQueryKey = [...currentUserQueryKey, 'identities'] as const;

/** The identity-provider sign-ins linked to the signed-in account. */
export async function listLinkedIdentities(): Promise<LinkedIdentity[]> {
  return unwrap(await api.GET('/api/account/identities')).items;
}

export function linkedIdentitiesQueryOptions() {
  return queryOptions({ queryKey: linkedIdentitiesQueryKey, queryFn: listLinkedIdentities });
}

export function useLinkedIdentities() {
  return useQuery(linkedIdentitiesQueryOptions());
}

/** Removes one; the server asks for the account's password. */
export async function unlinkIdentity({ identityId, password }: UnlinkIdentityInput): Promise<void> {
  ensureOk(
    await api.DELETE('/api/account/identities/{identity_id}', {
      params: { path: { identity_id: identityId } },
      body: { password },
    }),
  );
}

export function useUnlinkIdentity(config: MutationConfig<void, UnlinkIdentityInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: unlinkIdentity,
      settle: () => {
        void queryClient.invalidateQueries({ queryKey: linkedIdentitiesQueryKey });
      },
    },
    config,
  );
}
