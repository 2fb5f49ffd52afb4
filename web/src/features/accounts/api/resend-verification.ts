import { api } from '@/lib/api/client';
import { ensureOk } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

/** Sends the signed-in account's verification link again (limited per hour; 429 says how long to wait). */
export async function resendVerificationEmail(): Promise<void> {
  ensureOk(await api.POST('/api/account/verification-email'));
}

export function useResendVerificationEmail(config: MutationConfig<void, void> = {}) {
  return useFeatureMutation({ mutationFn: resendVerificationEmail }, config);
}
