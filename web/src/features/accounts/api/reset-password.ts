import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

export type ResetPasswordInput = components['schemas']['ResetPasswordRequest'];

/** Sets a new password with the token from the reset mail. */
export async function resetPassword(body: ResetPasswordInput): Promise<void> {
  ensureOk(await api.POST('/api/auth/password-reset/confirm', { body }));
}

export function useResetPassword(config: MutationConfig<void, ResetPasswordInput> = {}) {
  return useFeatureMutation({ mutationFn: resetPassword }, config);
}
