import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

export type ChangePasswordInput = components['schemas']['ChangePasswordRequest'];

/** Changes the password; the server ends the account's other sessions. */
export async function changePassword(body: ChangePasswordInput): Promise<void> {
  ensureOk(await api.POST('/api/account/password', { body }));
}

export function useChangePassword(config: MutationConfig<void, ChangePasswordInput> = {}) {
  return useFeatureMutation({ mutationFn: changePassword }, config);
}
