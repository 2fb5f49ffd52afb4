// The front door of the commerce feature: other features import only what is exported here.
export { useRegion } from './api/use-region';
