// The front door of the applications feature: other features import only what is exported here. Each is lazy
// (its code and the workspace strings load when first shown), and the Apply dialog sits apart from the series
// pages' parts, so the public Questboard's first load carries only the one it uses.
export type { ApplyTarget } from './lib/apply-target';
export { ApplyDialog } from './lazy/apply-dialog';
export { SeriesApplicationPanel, SeriesPlayers } from './lazy/series-parts';
// The pages' addresses, for links from other features (the Dashboard's applications to review).
