export { RealtimeStatus } from './components/realtime-status';
export type { ConnectionState } from './connection';
export { RealtimeError } from './errors';
export { registerInvalidation } from './invalidation';
export { getRealtime, initRealtime } from './manager';
export { useRealtimeConnection, useRealtimeState } from './use-realtime';
