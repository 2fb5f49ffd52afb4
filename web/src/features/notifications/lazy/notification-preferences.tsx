import { lazy, Suspense } from 'react';

import { loadWorkspaceStrings } from '@/lib/i18n';

const Settings = lazy(() =>
  Promise.all([import('../components/notification-preferences'), loadWorkspaceStrings()]).then(
    ([module]) => module,
  ),
);

/** The account's notification settings form (the account settings page's "Notifications" section). */
export function NotificationPreferences() {
  return (
    <Suspense fallback={<div className="h-48" aria-busy="true" />}>
      <Settings />
    </Suspense>
  );
}
