import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { applyUserContext, type UserContext } from '@/lib/auth/current-user';

export type BecomeGameMasterInput = { accountId: string };

/** Adds the gm role to the account (idempotent); the answer carries the new roles. */
export async function becomeGameMaster({ accountId }: BecomeGameMasterInput): Promise<UserContext> {
  return unwrap(
    await api.POST('/api/accounts/{account_id}/become-game-master', {
      params: { path: { account_id: accountId } },
    }),
  );
}

export function useBecomeGameMaster(
  config: MutationConfig<UserContext, BecomeGameMasterInput> = {},
) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: becomeGameMaster,
      settle: (data) => {
        applyUserContext(queryClient, data);
      },
    },
    config,
  );
}
