// The front door of the series feature: other features import only what is exported here.
export { describeRecurrence } from './lib/recurrence-text';
export { mySeriesQueryOptions, useMySeries } from './api/series';
