import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

export type RequestPasswordResetInput = components['schemas']['RequestPasswordResetRequest'];

/** Mails a reset link if the address has an account; the answer is the same either way. */
export async function requestPasswordReset(body: RequestPasswordResetInput): Promise<void> {
  ensureOk(await api.POST('/api/auth/password-reset', { body }));
}

export function useRequestPasswordReset(
  config: MutationConfig<void, RequestPasswordResetInput> = {},
) {
  return useFeatureMutation({ mutationFn: requestPasswordReset }, config);
}
