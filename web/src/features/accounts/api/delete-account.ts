import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { applySignedOut } from '@/lib/auth/current-user';

export type DeleteAccountInput = components['schemas']['DeleteAccountRequest'];

/** Deletes the signed-in account (confirmed with its password) and ends the session. */
export async function deleteAccount(body: DeleteAccountInput): Promise<void> {
  ensureOk(await api.DELETE('/api/account', { body }));
}

export function useDeleteAccount(config: MutationConfig<void, DeleteAccountInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: deleteAccount,
      settle: () => {
        applySignedOut(queryClient);
      },
    },
    config,
  );
}
