/**
 * The notification calls (issue 18) and the cache work around them. Query keys start with `notification`, the
 * realtime entity: a `created` frame is applied to every cached page at once (`applyArrived`, the count rises
 * without a request), and then, like an `updated` frame, it marks the pages stale so the one on screen refetches.
 */
import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

import { ensureOk, unwrap } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { withAllRead, withArrived, withRead, type PageQuery } from '../lib/cache';
import { notificationsApi } from './client';
import type { Notification, NotificationPage } from './types';

export const notificationQueryKey = ['notification'] as const;
const listKey = [...notificationQueryKey, 'list'] as const;
const pageKey = (query: PageQuery) => [...listKey, query] as const;

/** What the bell's panel shows. */
export const bellLimit = 8;

export async function listNotifications(query: PageQuery): Promise<NotificationPage> {
  return unwrap(
    await notificationsApi.GET('/api/notifications', {
      params: {
        query: { offset: query.offset, limit: query.limit, unread_only: query.unreadOnly },
      },
    }),
  );
}

export function notificationPageQueryOptions(query: PageQuery) {
  return queryOptions({
    queryKey: pageKey(query),
    queryFn: () => listNotifications(query),
  });
}

/** The latest `limit` notifications, read or not, with the unread count (the bell, recent activity). */
export function useLatestNotifications(limit: number, { enabled = true } = {}) {
  return useQuery({
    ...notificationPageQueryOptions({ offset: 0, limit, unreadOnly: false }),
    enabled,
  });
}

/** One page of the full list; the previous page stays on screen while the next loads. */
export function useNotificationPage(query: PageQuery) {
  return useQuery({ ...notificationPageQueryOptions(query), placeholderData: keepPreviousData });
}

/** Every cached page with the query it was fetched with. */
function cachedPages(queryClient: QueryClient): [QueryKey, PageQuery, NotificationPage][] {
  return queryClient
    .getQueriesData<NotificationPage>({ queryKey: listKey })
    .flatMap(([key, page]) => {
      const query = key[2] as PageQuery | undefined;
      return page && query ? [[key, query, page] as [QueryKey, PageQuery, NotificationPage]] : [];
    });
}

/** A live notification joins every cached page at once (the bell's count rises without a request). */
export function applyArrived(queryClient: QueryClient, notification: Notification): void {
  for (const [key, query, page] of cachedPages(queryClient)) {
    queryClient.setQueryData(key, withArrived(page, query, notification));
  }
}

function applyRead(queryClient: QueryClient, read: Notification): void {
  for (const [key, , page] of cachedPages(queryClient)) {
    queryClient.setQueryData(key, withRead(page, read));
  }
}

function applyAllRead(queryClient: QueryClient, readAt: string): void {
  for (const [key, query, page] of cachedPages(queryClient)) {
    queryClient.setQueryData(key, withAllRead(page, query, readAt));
  }
}

/** Marks the pages stale; those on screen refetch (after a live change or a mark). */
export function refreshNotifications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: listKey });
}

/** Marks one read. The count drops at once; the server's answer then stands. */
export function useMarkNotificationRead(config?: MutationConfig<Notification, Notification>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async (notification: Notification) => {
        // Shown read at once: the reader has moved on to what it links to.
        applyRead(queryClient, { ...notification, read_at: new Date().toISOString() });
        return unwrap(
          await notificationsApi.POST('/api/notifications/{notification_id}/read', {
            params: { path: { notification_id: notification.id } },
          }),
        );
      },
      settle: (read) => {
        applyRead(queryClient, read);
        refreshNotifications(queryClient);
      },
    },
    {
      ...config,
      onError: (...args) => {
        // The guess was wrong: the server's list is the truth.
        refreshNotifications(queryClient);
        return config?.onError?.(...args);
      },
    },
  );
}

export function useMarkAllNotificationsRead(config?: MutationConfig<void, void>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async () => {
        ensureOk(await notificationsApi.POST('/api/notifications/read-all'));
      },
      settle: () => {
        applyAllRead(queryClient, new Date().toISOString());
        refreshNotifications(queryClient);
      },
    },
    config,
  );
}
