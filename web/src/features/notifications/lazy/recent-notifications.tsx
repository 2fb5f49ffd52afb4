import { lazy, Suspense } from 'react';

import { loadWorkspaceStrings } from '@/lib/i18n';

import type { RecentNotificationsProps } from '../components/recent-notifications';

const Recent = lazy(() =>
  Promise.all([import('../components/recent-notifications'), loadWorkspaceStrings()]).then(
    ([module]) => module,
  ),
);

/** The latest `limit` notifications as links (signed-in pages only). */
export function RecentNotifications(props: RecentNotificationsProps) {
  return (
    <Suspense fallback={<div className="h-16" aria-busy="true" />}>
      <Recent {...props} />
    </Suspense>
  );
}
