// The front door of the questboard feature: other features import only what is exported here.
export { latestSeriesQueryOptions, type QuestboardCard } from './api/questboard';
export { QuestboardCardView } from './components/questboard-card';
export { questboardHref } from './lib/filters';
export { viewerTimeZone } from './lib/format';
