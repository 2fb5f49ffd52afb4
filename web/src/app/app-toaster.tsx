import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSonner, toasterGone, toasterListening } from '@/lib/toast';
import { useToastClearance } from '@/lib/toast-clearance';
import { useDialogOpen } from '@/lib/use-dialog-open';

// Sonner loads after the first paint (lib/toast.ts holds toasts raised before it listens).
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Rendered after sonner's `<Toaster>`, so its effect runs once the toaster has subscribed. */
function Listening() {
  useEffect(() => {
    toasterListening();
    return toasterGone;
  }, []);
  return null;
}

/**
 * The app's toasts. Sonner's defaults are the spec's toast constants (4 s, 3 visible, bottom-right, Alt+T).
 * A dialog's actions sit at its bottom (right), where toasts are too: on a phone a toast spans the width, and
 * on a laptop a wide dialog (the profile wizard at 1280 px) reaches under the bottom-right corner. So while a
 * dialog is open toasts show at the top centre, in a band dialogs keep free (see `DialogContent`), clear of both
 * the dialog's heading and its buttons. While the chat's composer is on screen (its Send button is bottom right),
 * toasts rise above it. Every label a screen reader hears is in the active language.
 */
export function AppToaster() {
  const { t } = useTranslation();
  const dialogOpen = useDialogOpen();
  const clearance = useToastClearance();
  return (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        position={dialogOpen ? 'top-center' : 'bottom-right'}
        // Sonner's own 24 px from the edge, counted from the composer's top while one is on screen.
        offset={clearance > 0 ? { bottom: clearance + 12 } : undefined}
        customAriaLabel={t('toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
      <Listening />
    </Suspense>
  );
}
