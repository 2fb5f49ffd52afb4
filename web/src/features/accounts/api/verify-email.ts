import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { currentUserQueryKey } from '@/lib/auth/current-user';

export type VerifyEmailInput = components['schemas']['TokenRequest'];

export async function verifyEmail(body: VerifyEmailInput): Promise<void> {
  ensureOk(await api.POST('/api/auth/verify-email', { body }));
}

export function useVerifyEmail(config: MutationConfig<void, VerifyEmailInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: verifyEmail,
      settle: () => {
        // The signed-in account (if it is this one) is now verified.
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      },
    },
    config,
  );
}
