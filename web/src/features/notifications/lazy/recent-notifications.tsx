import { lazy, Suspense } from 'react';

import { withWorkspaceStrings } from '@/lib/i18n';

import type { RecentNotificationsProps } from '../components/recent-notifications';

const Recent = lazy(withWorkspaceStrings(() => import('../components/recent-notifications')));

/** The latest `limit` notifications as links (signed-in pages only). */
export function RecentNotifications(props: RecentNotificationsProps) {
  return (
    <Suspense fallback={<div className="h-16" aria-busy="true" />}>
      <Recent {...props} />
    </Suspense>
  );
}
