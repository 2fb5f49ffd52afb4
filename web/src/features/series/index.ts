// The front door of the series feature: other features import only what is exported here.
export { seriesPaths } from './lib/paths';
