/** The GM's earnings for the sessions list page, loaded with its strings when first shown (lib/lazy-dialog). */
import { lazyDialog } from '@/lib/lazy-dialog';

export const EarningsSection = /* @__PURE__ */ lazyDialog<object>(() =>
  import('../components/earnings-section').then((module) => ({
    default: module.EarningsSection,
  })),
);
