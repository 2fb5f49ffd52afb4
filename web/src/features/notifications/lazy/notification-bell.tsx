import { lazy, Suspense } from 'react';

import { withWorkspaceStrings } from '@/lib/i18n';

// The bell's code and strings load after the page has painted, for signed-in users only.
const Bell = lazy(
  withWorkspaceStrings(() =>
    import('../components/notification-bell').then((module) => ({
      default: module.NotificationBell,
    })),
  ),
);

/** The shell header's bell (render it for a signed-in user only); holds its place while it loads. */
export function NotificationBell() {
  return (
    <Suspense fallback={<span aria-hidden className="inline-flex size-9 shrink-0" />}>
      <Bell />
    </Suspense>
  );
}
