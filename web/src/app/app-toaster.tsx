import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

import { useDialogOpen } from '@/lib/use-dialog-open';

/**
 * The app's toasts. Sonner's defaults are the spec's toast constants (4 s, 3 visible, bottom-right, Alt+T).
 * A dialog's actions sit at its bottom (right), where toasts are too: on a phone a toast spans the width, and
 * on a laptop a wide dialog (the profile wizard at 1280 px) reaches under the bottom-right corner. So while a
 * dialog is open toasts show at the top centre, over the dialog's heading at worst, never over its buttons.
 * Every label a screen reader hears is in the active language.
 */
export function AppToaster() {
  const { t } = useTranslation();
  const dialogOpen = useDialogOpen();
  return (
    <Toaster
      richColors
      closeButton
      position={dialogOpen ? 'top-center' : 'bottom-right'}
      customAriaLabel={t('toasts.label')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
