/** The checkout dialog for other features' pages, loaded with its strings when first shown (lib/lazy-dialog). */
import { lazyDialog } from '@/lib/lazy-dialog';

import type { CheckoutDialogProps } from '../components/checkout-dialog';

export const CheckoutDialog = /* @__PURE__ */ lazyDialog<CheckoutDialogProps>(() =>
  import('../components/checkout-dialog').then((module) => ({ default: module.CheckoutDialog })),
);
