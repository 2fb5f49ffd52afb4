import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { applyUserContext, type UserContext } from '@/lib/auth/current-user';

export type SignInInput = components['schemas']['SignInRequest'];

export async function signIn(body: SignInInput): Promise<UserContext> {
  return unwrap(await api.POST('/api/auth/sign-in', { body }));
}

export function useSignIn(config: MutationConfig<UserContext, SignInInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: signIn,
      settle: (data) => {
        applyUserContext(queryClient, data);
      },
    },
    config,
  );
}
