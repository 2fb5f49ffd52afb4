/** The reviews' dialogs, each loaded with its strings when first opened (lib/lazy-dialog). */
import type { ComponentProps } from 'react';

import { lazyDialog } from '@/lib/lazy-dialog';

import type { FeedbackDialogProps } from '../components/feedback-dialog';
import type { PlayerNoteDialogProps } from '../components/player-note-dialog';
import type * as ReviewDialogs from '../components/review-dialogs';

export const FeedbackDialog = /* @__PURE__ */ lazyDialog<FeedbackDialogProps>(() =>
  import('../components/feedback-dialog').then((module) => ({ default: module.FeedbackDialog })),
);

export const AnswerReviewDialog = /* @__PURE__ */ lazyDialog<
  ComponentProps<typeof ReviewDialogs.AnswerReviewDialog>
>(() =>
  import('../components/review-dialogs').then((module) => ({
    default: module.AnswerReviewDialog,
  })),
);

export const ReportReviewDialog = /* @__PURE__ */ lazyDialog<
  ComponentProps<typeof ReviewDialogs.ReportReviewDialog>
>(() =>
  import('../components/review-dialogs').then((module) => ({
    default: module.ReportReviewDialog,
  })),
);

export const PlayerNoteDialog = /* @__PURE__ */ lazyDialog<PlayerNoteDialogProps>(() =>
  import('../components/player-note-dialog').then((module) => ({
    default: module.PlayerNoteDialog,
  })),
);
