import { lazyDialog } from '@/lib/lazy-dialog';

import type { ApplyDialogProps } from '../components/application-dialogs';

/** Apply to a series with an optional message (the Questboard card's Apply Now). */
export const ApplyDialog = /* @__PURE__ */ lazyDialog<ApplyDialogProps>(() =>
  import('../components/application-dialogs').then((module) => ({ default: module.ApplyDialog })),
);
