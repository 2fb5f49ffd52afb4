import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { applySignedOut } from '@/lib/auth/current-user';

export async function signOut(): Promise<void> {
  ensureOk(await api.POST('/api/auth/sign-out'));
}

export function useSignOut(config: MutationConfig<void, void> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: signOut,
      settle: () => {
        applySignedOut(queryClient);
      },
    },
    config,
  );
}
