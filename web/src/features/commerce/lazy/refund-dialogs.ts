/** The refund request and decision dialogs for the session pages, loaded when first shown (lib/lazy-dialog). */
import type { ComponentProps } from 'react';

import { lazyDialog } from '@/lib/lazy-dialog';

import type * as Dialogs from '../components/refund-dialogs';

export const RequestRefundDialog = /* @__PURE__ */ lazyDialog<
  ComponentProps<typeof Dialogs.RequestRefundDialog>
>(() =>
  import('../components/refund-dialogs').then((module) => ({
    default: module.RequestRefundDialog,
  })),
);

export const DecideRefundDialog = /* @__PURE__ */ lazyDialog<
  ComponentProps<typeof Dialogs.DecideRefundDialog>
>(() =>
  import('../components/refund-dialogs').then((module) => ({
    default: module.DecideRefundDialog,
  })),
);
