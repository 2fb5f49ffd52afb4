/** The refund and cancellation policy, folded, for a series' page; loaded with its strings when first shown. */
import { lazyDialog } from '@/lib/lazy-dialog';

export const RefundPolicyDisclosure = /* @__PURE__ */ lazyDialog<object>(() =>
  import('../components/refund-policy').then((module) => ({
    default: module.RefundPolicyDisclosure,
  })),
);
