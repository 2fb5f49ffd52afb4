import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { currentUserQueryKey } from '@/lib/auth/current-user';

export type CalendarLinks = components['schemas']['CalendarLinks'];
export type CalendarFeedState = components['schemas']['CalendarFeedState'];

// Under the current user's key: signing out or in as someone else never shows the last person's address.
export const calendarFeedQueryKey = [...currentUserQueryKey, 'calendar'] as const;

/** The account's calendar feed addresses; `feed` is null until the account asks for one. */
export async function getCalendarFeed(): Promise<CalendarFeedState> {
  return unwrap(await api.GET('/api/account/calendar'));
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: calendarFeedQueryKey, queryFn: getCalendarFeed });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** Gives the account a feed address, or a new one in place of the old, which stops working at once. */
export async function replaceCalendarLink(): Promise<CalendarLinks> {
  return unwrap(await api.POST('/api/account/calendar'));
}

export function useReplaceCalendarLink(config: MutationConfig<CalendarLinks, void> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: replaceCalendarLink,
      settle: (links) => {
        queryClient.setQueryData<CalendarFeedState>(calendarFeedQueryKey, { feed: links });
      },
    },
    config,
  );
}
