import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { MutationConfig } from '@/lib/mutation';

import { applySignedOut } from '@/lib/auth/current-user';

export type DeleteAccountInput = components['schemas']['DeleteAccountRequest'];

/** Deletes the signed-in account (confirmed with its password) and ends the session. */
export async function deleteAccount(body: DeleteAccountInput): Promise<void> {
  ensureOk(await api.DELETE('/api/account', { body }));
}

export function useDeleteAccount({
  onSuccess,
  ...config
}: MutationConfig<void, DeleteAccountInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteAccount,
    onSuccess: (...args) => {
      applySignedOut(queryClient);
      return onSuccess?.(...args);
    },
  });
}
