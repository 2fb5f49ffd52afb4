/**
 * How a page of notifications changes when one arrives live or is read, before the server is asked again. Pure,
 * so the bell's count logic is tested without a cache; `api/notifications.ts` applies it to every cached page.
 */
import type { Notification, NotificationPage } from '../api/types';

export type PageQuery = { offset: number; limit: number; unreadOnly: boolean };

/** A page after `notification` arrived: the unread count rises, the first page shows it on top. */
export function withArrived(
  page: NotificationPage,
  query: PageQuery,
  notification: Notification,
): NotificationPage {
  // The same frame twice (a reconnect, two listeners) changes nothing the second time.
  if (page.items.some((item) => item.id === notification.id)) return page;
  const unread = notification.read_at == null;
  const listed = !query.unreadOnly || unread;
  const onTop = listed && query.offset === 0;
  return {
    ...page,
    items: onTop ? [notification, ...page.items].slice(0, query.limit) : page.items,
    count: listed ? page.count + 1 : page.count,
    unread_count: unread ? page.unread_count + 1 : page.unread_count,
  };
}

/** A page after one notification was read (the server's answer, or the reader's click before it). */
export function withRead(page: NotificationPage, read: Notification): NotificationPage {
  const before = page.items.find((item) => item.id === read.id);
  if (!before) return page;
  const wasUnread = before.read_at == null;
  return {
    ...page,
    items: page.items.map((item) =>
      item.id === read.id ? { ...item, read_at: read.read_at ?? item.read_at } : item,
    ),
    unread_count: wasUnread ? Math.max(0, page.unread_count - 1) : page.unread_count,
  };
}

/** A page after "Mark all as read": nothing is unread any more. */
export function withAllRead(
  page: NotificationPage,
  query: PageQuery,
  readAt: string,
): NotificationPage {
  if (query.unreadOnly) return { ...page, items: [], count: 0, unread_count: 0 };
  return {
    ...page,
    items: page.items.map((item) => (item.read_at == null ? { ...item, read_at: readAt } : item)),
    unread_count: 0,
  };
}

/** Whether an event's `data` is a notification the app can show (the frame comes from the network). */
export function isNotification(value: unknown): value is Notification {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.kind === 'string' &&
    typeof candidate.created_at === 'string' &&
    (candidate.read_at == null || typeof candidate.read_at === 'string') &&
    typeof candidate.link === 'string' &&
    typeof candidate.params === 'object' &&
    candidate.params !== null
  );
}
