import { useRealtimeConnection } from '../use-realtime';

export { RealtimeStatus } from './realtime-status';

export function Connection({ signedIn }: { signedIn: boolean }) {
  useRealtimeConnection(signedIn);
  return null;
}
