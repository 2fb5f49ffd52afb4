import { lazy, Suspense } from 'react';

import { withWorkspaceStrings } from '@/lib/i18n';

const Settings = lazy(withWorkspaceStrings(() => import('../components/notification-preferences')));

/** The account's notification settings form (the account settings page's "Notifications" section). */
export function NotificationPreferences() {
  return (
    <Suspense fallback={<div className="h-48" aria-busy="true" />}>
      <Settings />
    </Suspense>
  );
}
