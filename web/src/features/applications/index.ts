// The front door of the applications feature: other features import only what is exported here. Both are lazy
// (their code and the workspace strings load when first shown), so the public Questboard keeps its budget.
import type { ComponentProps } from 'react';

import { lazyDialog } from '@/lib/lazy-dialog';

import type { ApplyDialogProps } from './components/application-dialogs';
import type SeriesApplicationPanelView from './components/series-application-panel';

export type { ApplyTarget } from './lib/apply-target';

/** Apply to a series with an optional message (the Questboard card's Apply Now). */
export const ApplyDialog = lazyDialog<ApplyDialogProps>(() =>
  import('./components/application-dialogs').then((module) => ({ default: module.ApplyDialog })),
);

/** On a series' page: Apply Now, or the signed-in player's application with its history and moves. */
export const SeriesApplicationPanel = lazyDialog<
  ComponentProps<typeof SeriesApplicationPanelView>
>(() => import('./components/series-application-panel'));
