export { LiveUpdates, RealtimeStatus } from './components/live-updates';
export type { ConnectionState } from './connection';
export { RealtimeError } from './errors';
export { alsoInvalidate, registerInvalidation } from './invalidation';
export type { EventFrame } from './frames';
export { subscribeToEvents } from './listeners';
