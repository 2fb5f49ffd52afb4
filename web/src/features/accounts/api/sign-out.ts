import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import type { MutationConfig } from '@/lib/mutation';

import { applySignedOut } from '@/lib/auth/current-user';

export async function signOut(): Promise<void> {
  ensureOk(await api.POST('/api/auth/sign-out'));
}

export function useSignOut({ onSuccess, ...config }: MutationConfig<void, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: signOut,
    onSuccess: (...args) => {
      applySignedOut(queryClient);
      return onSuccess?.(...args);
    },
  });
}
