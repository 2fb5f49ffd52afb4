/**
 * `/notifications`: every notification, newest first, 20 a page, all or unread only (in the address, so a
 * filtered page can be reloaded and shared between tabs), with "Mark as read" per item and for all.
 */
import type { QueryClient } from '@tanstack/react-query';
import { BellOff, CheckCheck, ChevronLeft, ChevronRight, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { handleApiError } from '@/lib/api/errors';
import { requireSignedIn } from '@/lib/auth/guards';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

import {
  notificationPageQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPage,
} from '../api/notifications';
import { NotificationRow } from '../components/notification-row';
import { useWording } from '../components/use-wording';
import { preferencesHref } from '@/lib/paths';
import { pageQueryFrom } from '../lib/page-query';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    const { offset, limit, unreadOnly } = pageQueryFrom(new URL(request.url).searchParams);
    // A failure shows on the page (with its retry), not as the route's error screen.
    await queryClient
      .query(notificationPageQueryOptions({ offset, limit, unreadOnly }))
      .catch(() => undefined);
    return null;
  };
}

function hrefFor(unreadOnly: boolean, page: number): string {
  const params = new URLSearchParams();
  if (unreadOnly) params.set('filter', 'unread');
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '?';
}

export default function NotificationsRoute() {
  const { t } = useTranslation();
  const word = useWording();
  const [search] = useSearchParams();
  const { page, offset, limit, unreadOnly } = pageQueryFrom(search);
  const list = useNotificationPage({ offset, limit, unreadOnly });
  const markRead = useMarkNotificationRead({
    onError: () => {
      toast.error(t('notifications.feedback.markFailed'));
    },
  });
  const markAll = useMarkAllNotificationsRead({
    onSuccess: () => {
      toast.success(t('notifications.feedback.allRead'));
    },
    onError: (error) => {
      handleApiError(error);
    },
  });
  const data = list.data;
  const unread = data?.unread_count ?? 0;
  const pages = data ? Math.max(1, Math.ceil(data.count / limit)) : 1;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 md:px-10 md:py-10">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-semibold tracking-tight">
              {t('notifications.page.title')}
            </h1>
            <p className="text-muted-foreground">{t('notifications.page.lead')}</p>
          </div>
          <Button asChild variant="ghost" size="sm">
            <Link to={preferencesHref}>
              <Settings aria-hidden />
              {t('notifications.page.settings')}
            </Link>
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <nav aria-label={t('notifications.page.filterLabel')} className="flex gap-1">
            {[false, true].map((onlyUnread) => {
              const current = onlyUnread === unreadOnly;
              return (
                <Link
                  key={String(onlyUnread)}
                  to={hrefFor(onlyUnread, 1)}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'rounded-full border px-3 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    current
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-border hover:bg-muted',
                  )}
                >
                  {onlyUnread ? t('notifications.page.unread') : t('notifications.page.all')}
                </Link>
              );
            })}
          </nav>
          {/* Wraps on a phone: "Oznacz wszystkie jako przeczytane" and its count do not fit one 375 px line. */}
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-muted-foreground" data-testid="notifications-unread">
              {t('notifications.page.unreadCount', { count: unread })}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => {
                markAll.mutate();
              }}
            >
              <CheckCheck aria-hidden />
              {t('notifications.panel.markAllRead')}
            </Button>
          </div>
        </div>
      </header>

      {list.isError && !data ? (
        <div className="flex flex-col items-start gap-2" role="alert">
          <p className="text-muted-foreground">{t('notifications.panel.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t('notifications.panel.retry')}
          </Button>
        </div>
      ) : !data ? (
        <div className="h-40" aria-busy="true" />
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title={
            unreadOnly
              ? t('notifications.page.emptyUnreadTitle')
              : t('notifications.page.emptyTitle')
          }
          description={
            unreadOnly
              ? t('notifications.page.emptyUnreadDescription')
              : t('notifications.page.emptyDescription')
          }
          action={
            unreadOnly || page > 1 ? (
              <Button asChild variant="outline" size="sm">
                <Link to={hrefFor(false, 1)}>{t('notifications.page.showAll')}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul
          className="flex flex-col gap-1"
          aria-label={t('notifications.page.title')}
          data-testid="notification-list"
        >
          {data.items.map((notification) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              onOpen={(opened) => {
                markRead.mutate(opened);
              }}
              actions={
                notification.read_at == null ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="shrink-0"
                    aria-label={t('notifications.page.markReadOf', { text: word(notification) })}
                    onClick={() => {
                      markRead.mutate(notification);
                    }}
                  >
                    <CheckCheck aria-hidden />
                    <span className="max-sm:sr-only">{t('notifications.page.markRead')}</span>
                  </Button>
                ) : undefined
              }
            />
          ))}
        </ul>
      )}

      {data && pages > 1 && (
        <nav
          aria-label={t('notifications.page.pagination')}
          className="flex items-center justify-between gap-3"
        >
          <PageLink
            to={hrefFor(unreadOnly, page - 1)}
            disabled={page <= 1}
            label={t('notifications.page.previous')}
            icon="previous"
          />
          <span className="text-sm text-muted-foreground">
            {t('notifications.page.pageOf', { page, pages })}
          </span>
          <PageLink
            to={hrefFor(unreadOnly, page + 1)}
            disabled={page >= pages}
            label={t('notifications.page.next')}
            icon="next"
          />
        </nav>
      )}
    </div>
  );
}

function PageLink({
  to,
  disabled,
  label,
  icon,
}: {
  to: string;
  disabled: boolean;
  label: string;
  icon: 'previous' | 'next';
}) {
  const Icon = icon === 'previous' ? ChevronLeft : ChevronRight;
  if (disabled) {
    return (
      <Button variant="outline" size="sm" disabled>
        {icon === 'previous' && <Icon aria-hidden />}
        {label}
        {icon === 'next' && <Icon aria-hidden />}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to}>
        {icon === 'previous' && <Icon aria-hidden />}
        {label}
        {icon === 'next' && <Icon aria-hidden />}
      </Link>
    </Button>
  );
}
