import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { applyUserContext, type UserContext } from '@/lib/auth/current-user';

export type SignUpInput = components['schemas']['SignUpRequest'];

/** Creates the account and signs it in. */
export async function signUp(body: SignUpInput): Promise<UserContext> {
  return unwrap(await api.POST('/api/auth/sign-up', { body }));
}

export function useSignUp(config: MutationConfig<UserContext, SignUpInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: signUp,
      settle: (data) => {
        applyUserContext(queryClient, data);
      },
    },
    config,
  );
}
