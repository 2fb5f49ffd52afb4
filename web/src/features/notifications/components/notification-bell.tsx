/**
 * The bell in the shell's header (signed-in users): the unread count, and a menu with the latest notifications,
 * each a link that marks it read, "Mark all as read" and "See all". Loaded after the page, with the workspace
 * strings (lazy/notification-bell.tsx), so no visitor's first load carries it.
 */
import { Bell, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu-parts';
import { handleApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

import {
  bellLimit,
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/notifications';
import { notificationsPath } from '@/lib/paths';

import { safeAppPath } from '../lib/links';
import { KindIcon } from './kind-icon';
import { RelativeTime } from './relative-time';
import { useLiveNotifications } from './use-live-notifications';
import { useWording } from './use-wording';

/** The badge shows up to this many, then "99+". */
const badgeMax = 99;

export function NotificationBell() {
  const { t } = useTranslation();
  const format = useFormat();
  useLiveNotifications();
  const latest = useLatestNotifications(bellLimit);
  const unread = latest.data?.unread_count ?? 0;
  const label =
    unread > 0
      ? t('notifications.bell.labelUnread', { count: unread })
      : t('notifications.bell.label');
  return (
    // Not modal, as the sidebar's menus: a modal menu marks the whole app aria-hidden while its links stay
    // focusable (axe aria-hidden-focus).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={label}
          data-testid="notification-bell"
          data-unread={unread}
        >
          <Bell aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-semibold text-white tabular-nums"
            >
              {unread > badgeMax
                ? t('notifications.bell.overflow', { max: badgeMax })
                : format.number(unread)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        data-testid="notification-panel"
      >
        <Panel />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Panel() {
  const { t } = useTranslation();
  const word = useWording();
  const latest = useLatestNotifications(bellLimit);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead({
    onSuccess: () => {
      toast.success(t('notifications.feedback.allRead'));
    },
    onError: (error) => {
      handleApiError(error);
    },
  });
  const items = latest.data?.items ?? [];
  const unread = latest.data?.unread_count ?? 0;
  return (
    <>
      <div className="flex items-center justify-between gap-2 px-3 pt-2 pb-1">
        <DropdownMenuLabel className="px-0 text-sm font-semibold text-foreground">
          {t('notifications.panel.title')}
        </DropdownMenuLabel>
        {unread > 0 && (
          <DropdownMenuItem
            className="gap-1.5 px-2 text-xs font-medium text-primary"
            // The menu stays open: the list shows everything read.
            onSelect={(event) => {
              event.preventDefault();
              markAll.mutate();
            }}
            disabled={markAll.isPending}
          >
            <CheckCheck className="size-3.5" aria-hidden />
            {t('notifications.panel.markAllRead')}
          </DropdownMenuItem>
        )}
      </div>
      <DropdownMenuSeparator className="mx-0 my-0" />
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1">
        {latest.isError ? (
          <div className="flex flex-col items-start gap-2 px-2 py-3 text-sm">
            <p className="text-muted-foreground">{t('notifications.panel.loadFailed')}</p>
            <DropdownMenuItem
              className="text-primary"
              onSelect={(event) => {
                event.preventDefault();
                void latest.refetch();
              }}
            >
              {t('notifications.panel.retry')}
            </DropdownMenuItem>
          </div>
        ) : items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">
            {latest.isPending ? '\u00a0' : t('notifications.panel.empty')}
          </p>
        ) : (
          items.map((notification) => {
            const isUnread = notification.read_at == null;
            return (
              <DropdownMenuItem
                key={notification.id}
                asChild
                className="items-start gap-3 px-2 py-2"
                data-testid="notification-item"
                data-read={isUnread ? 'false' : 'true'}
                onSelect={() => {
                  if (isUnread) markRead.mutate(notification);
                }}
              >
                <Link to={safeAppPath(notification.link)}>
                  <KindIcon kind={notification.kind} />
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span
                      className={cn(
                        'text-sm leading-snug break-words whitespace-normal',
                        isUnread ? 'font-medium text-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {word(notification)}
                    </span>
                    <RelativeTime
                      value={notification.created_at}
                      className="text-xs text-muted-foreground"
                    />
                  </span>
                  {isUnread && (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                      <span className="sr-only">{t('notifications.panel.unread')}</span>
                    </span>
                  )}
                </Link>
              </DropdownMenuItem>
            );
          })
        )}
      </div>
      <DropdownMenuSeparator className="mx-0 my-0" />
      <div className="p-1">
        <DropdownMenuItem asChild className="justify-center font-medium text-primary">
          <Link to={notificationsPath}>{t('notifications.panel.seeAll')}</Link>
        </DropdownMenuItem>
      </div>
    </>
  );
}
