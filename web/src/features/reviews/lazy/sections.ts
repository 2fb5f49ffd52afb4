/**
 * The reviews' parts of other features' pages, each loaded with its strings when first shown (lib/lazy-dialog):
 * the feedback on a player's session page and the reviews on a profile.
 */
import { lazyDialog } from '@/lib/lazy-dialog';

import type { ProfileReviewsProps } from '../components/profile-reviews';
import type { SessionFeedbackProps } from '../components/session-feedback';

export const SessionFeedback = /* @__PURE__ */ lazyDialog<SessionFeedbackProps>(() =>
  import('../components/session-feedback').then((module) => ({
    default: module.SessionFeedback,
  })),
);

export const ProfileReviews = /* @__PURE__ */ lazyDialog<ProfileReviewsProps>(() =>
  import('../components/profile-reviews').then((module) => ({
    default: module.ProfileReviews,
  })),
);
