/**
 * Notifications arriving over the websocket while the app is open: the unread count rises at once (the frame
 * carries the notification, so no request is needed), a toast says what happened with a "View" action, and the
 * cached pages then refetch. The shell's bell runs it, once per tab, for a signed-in user.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { subscribeToEvents } from '@/features/realtime';
import { toast } from '@/lib/toast';

import { applyArrived, useMarkNotificationRead } from '../api/notifications';
import type { Notification } from '../api/types';
import { isNotification } from '../lib/cache';
import { safeAppPath } from '../lib/links';
import { useWording } from './use-wording';

export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const word = useWording();
  const markRead = useMarkNotificationRead();
  // The listener subscribes once; what it says and does follows the latest render (language, router).
  const latest = useRef({ t, word, navigate, markRead: markRead.mutate });
  useEffect(() => {
    latest.current = { t, word, navigate, markRead: markRead.mutate };
  });

  useEffect(
    () =>
      subscribeToEvents((event) => {
        if (event.entity !== 'notification' || event.type !== 'created') return;
        if (!isNotification(event.data)) return;
        const notification: Notification = event.data;
        applyArrived(queryClient, notification);
        const current = latest.current;
        toast.info(current.word(notification), {
          // One toast per notification, even if the frame comes twice.
          id: `notification-${notification.id}`,
          action: {
            label: current.t('notifications.toast.view'),
            onClick: () => {
              latest.current.markRead(notification);
              void latest.current.navigate(safeAppPath(notification.link));
            },
          },
        });
      }),
    [queryClient],
  );
}
