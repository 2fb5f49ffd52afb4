/**
 * The e-mail's unsubscribe link (issue 18). The page posts the token only when the reader presses the button:
 * mail scanners open links, so a GET never unsubscribes. No sign-in: the signed token is the credential.
 */
import { unwrap } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { notificationsApi } from './client';
import type { UnsubscribeResult } from './types';

export async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return unwrap(await notificationsApi.POST('/api/unsubscribe', { params: { query: { token } } }));
}

export function useUnsubscribe(config?: MutationConfig<UnsubscribeResult, string>) {
  return useFeatureMutation({ mutationFn: unsubscribe }, config);
}
