import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { cn } from '@/lib/utils';

import type { Notification } from '../api/types';
import { safeAppPath } from '../lib/links';
import { KindIcon } from './kind-icon';
import { RelativeTime } from './relative-time';
import { useWording } from './use-wording';

/**
 * One notification in a list: its sentence as a link to the thing (following it marks it read), when it came,
 * and whether it is still unread. `actions` go at the end of the row (the full list's "Mark as read").
 */
export function NotificationRow({
  notification,
  onOpen,
  actions,
  compact = false,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  actions?: ReactNode;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const word = useWording();
  const isUnread = notification.read_at == null;
  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-lg px-3 py-3',
        isUnread ? 'bg-primary/5' : undefined,
        compact && 'px-2 py-2',
      )}
      data-testid="notification-row"
      data-read={isUnread ? 'false' : 'true'}
    >
      <KindIcon kind={notification.kind} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={safeAppPath(notification.link)}
          onClick={() => {
            if (isUnread) onOpen(notification);
          }}
          className={cn(
            'rounded-sm text-sm leading-snug break-words underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
            isUnread ? 'font-medium text-foreground' : 'text-foreground/80',
          )}
        >
          {word(notification)}
        </Link>
        <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <RelativeTime value={notification.created_at} />
          {isUnread ? (
            <span className="inline-flex items-center gap-1 font-medium text-primary">
              <span aria-hidden className="size-1.5 rounded-full bg-primary" />
              {t('notifications.panel.unread')}
            </span>
          ) : (
            !compact && <span>{t('notifications.page.read')}</span>
          )}
        </span>
      </div>
      {actions}
    </li>
  );
}
