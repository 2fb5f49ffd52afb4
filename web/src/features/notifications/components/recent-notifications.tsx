/**
 * The latest notifications as a list of links with their relative time, for a page that shows "what happened"
 * (the Dashboard's recent activity). Following one marks it read; it stays live with the bell.
 */
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useLatestNotifications, useMarkNotificationRead } from '../api/notifications';
import { NotificationRow } from './notification-row';

export type RecentNotificationsProps = {
  /** How many to show (1–100). */
  limit: number;
};

export function RecentNotifications({ limit }: RecentNotificationsProps) {
  const { t } = useTranslation();
  const size = Math.min(100, Math.max(1, Math.floor(limit)));
  const latest = useLatestNotifications(size);
  const markRead = useMarkNotificationRead();
  if (latest.isPending) return <div className="h-16" aria-busy="true" />;
  if (latest.isError) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="recent-notifications">
        {t('notifications.panel.loadFailed')}{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => void latest.refetch()}
        >
          {t('notifications.panel.retry')}
        </button>
      </p>
    );
  }
  const items = latest.data.items;
  if (items.length === 0) {
    return (
      <p
        className="flex items-center gap-2 text-sm text-muted-foreground"
        data-testid="recent-notifications"
      >
        <Bell className="size-4" aria-hidden />
        {t('notifications.recent.empty')}
      </p>
    );
  }
  return (
    <ul
      className="flex flex-col gap-1"
      aria-label={t('notifications.recent.label')}
      data-testid="recent-notifications"
    >
      {items.map((notification) => (
        <NotificationRow
          key={notification.id}
          notification={notification}
          onOpen={(opened) => {
            markRead.mutate(opened);
          }}
          compact
        />
      ))}
    </ul>
  );
}

export default RecentNotifications;
