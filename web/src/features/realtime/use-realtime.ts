import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

import type { ConnectionState } from './connection';
import { initRealtime } from './manager';

/**
 * Keeps the tab's connection open while signed in: the shell calls it once with the signed-in state.
 */
export function useRealtimeConnection(signedIn: boolean): void {
  const queryClient = useQueryClient();
  const [connection] = useState(() => initRealtime(queryClient));
  useEffect(() => {
    if (signedIn) connection.start();
    else connection.stop();
  }, [connection, signedIn]);
}

/** The connection state, for the status indicator. */
export function useRealtimeState(): ConnectionState {
  // Whichever of the connection and the status loads first makes the tab's one connection.
  const queryClient = useQueryClient();
  const [connection] = useState(() => initRealtime(queryClient));
  return useSyncExternalStore(connection.subscribe, connection.getState);
}
