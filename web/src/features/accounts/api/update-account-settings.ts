import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { applyUserContext, type UserContext } from '@/lib/auth/current-user';

export type UpdateAccountSettingsInput = components['schemas']['UpdateAccountSettingsRequest'];

/** The account's language and time zone, used for its e-mails and reminders. */
export async function updateAccountSettings(
  body: UpdateAccountSettingsInput,
): Promise<UserContext> {
  return unwrap(await api.PATCH('/api/account', { body }));
}

export function useUpdateAccountSettings(
  config: MutationConfig<UserContext, UpdateAccountSettingsInput> = {},
) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: updateAccountSettings,
      settle: (data) => {
        applyUserContext(queryClient, data);
      },
    },
    config,
  );
}
