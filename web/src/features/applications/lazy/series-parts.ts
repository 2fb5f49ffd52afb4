import type { ComponentProps } from 'react';

import { lazyDialog } from '@/lib/lazy-dialog';

import type SeriesApplicationPanelView from '../components/series-application-panel';

/** On a series' page: Apply Now, or the signed-in player's application with its history and moves. */
export const SeriesApplicationPanel = /* @__PURE__ */ lazyDialog<
  ComponentProps<typeof SeriesApplicationPanelView>
>(() => import('../components/series-application-panel'));

/** On the GM's page of one series: its accepted players, with Remove. */
export const SeriesPlayers = /* @__PURE__ */ lazyDialog<{ seriesId: string }>(
  () => import('../components/series-players'),
);
