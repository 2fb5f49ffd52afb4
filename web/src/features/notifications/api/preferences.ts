/** Which kinds reach the account by e-mail, and which reminders it gets (issue 18). */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { notificationsApi } from './client';
import type { NotificationPreferences } from './types';

const preferencesKey = ['notification-preferences'] as const;

export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: preferencesKey,
    queryFn: async () => unwrap(await notificationsApi.GET('/api/notification-preferences')),
  });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export function useUpdateNotificationPreferences(
  config?: MutationConfig<NotificationPreferences, NotificationPreferences>,
) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async (body: NotificationPreferences) =>
        unwrap(await notificationsApi.PUT('/api/notification-preferences', { body })),
      settle: (saved) => {
        queryClient.setQueryData(preferencesKey, saved);
      },
    },
    config,
  );
}
