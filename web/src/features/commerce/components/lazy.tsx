/**
 * The commerce components other features show, each loaded with its strings when first rendered (lib/lazy-dialog),
 * so no page's first load carries the checkout.
 */
import { lazyDialog } from '@/lib/lazy-dialog';

import type { CheckoutDialogProps } from './checkout-dialog';

export const CheckoutDialog = /* @__PURE__ */ lazyDialog<CheckoutDialogProps>(() =>
  import('./checkout-dialog').then((module) => ({ default: module.CheckoutDialog })),
);

export const RequestRefundDialog = /* @__PURE__ */ lazyDialog<
  import('react').ComponentProps<typeof import('./refund-dialogs').RequestRefundDialog>
>(() => import('./refund-dialogs').then((module) => ({ default: module.RequestRefundDialog })));

export const DecideRefundDialog = /* @__PURE__ */ lazyDialog<
  import('react').ComponentProps<typeof import('./refund-dialogs').DecideRefundDialog>
>(() => import('./refund-dialogs').then((module) => ({ default: module.DecideRefundDialog })));

/** The refund and cancellation policy, folded (a series' page). */
export const RefundPolicyDisclosure = /* @__PURE__ */ lazyDialog<object>(() =>
  import('./refund-policy').then((module) => ({
    default: function RefundPolicyDisclosure() {
      return <module.RefundPolicy collapsible />;
    },
  })),
);
