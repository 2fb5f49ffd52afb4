/**
 * The tab's one realtime connection. `initRealtime` creates it (idempotent: a tab never holds two); `getRealtime`
 * before that is a `config_error` (`no_beacon_config`), as the spec's websocket manager codes say.
 */
import type { QueryClient } from '@tanstack/react-query';

import { RealtimeConnection, type ConnectionOptions } from './connection';
import { RealtimeError } from './errors';
import { applyEvent } from './invalidation';
import { emitEvent } from './listeners';

let current: RealtimeConnection | null = null;

/** `ws(s)://<this origin>/api/ws`: the same origin as the page, so the session cookie goes along. */
export function eventStreamUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/ws`;
}

export function initRealtime(
  queryClient: QueryClient,
  overrides: Partial<ConnectionOptions> = {},
): RealtimeConnection {
  current ??= new RealtimeConnection({
    url: eventStreamUrl(),
    onEvent: (event) => {
      emitEvent(event);
      applyEvent(queryClient, event);
    },
    // Whatever was missed while away: refetch every query on screen.
    onResync: () => void queryClient.invalidateQueries(),
    // The session ended on the server: the current user changes. If the browser is still signed in, its session
    // was replaced (becoming a game master rotates the session token): connect again with the new one.
    onSessionEnded: () => {
      void queryClient.invalidateQueries({ queryKey: ['accounts', 'me'] }).then(() => {
        const me = queryClient.getQueryData<{ authenticated?: boolean }>(['accounts', 'me']);
        if (me?.authenticated === true) current?.start();
      });
    },
    ...overrides,
  });
  return current;
}

export function getRealtime(): RealtimeConnection {
  if (!current) {
    throw new RealtimeError(
      'no_beacon_config',
      'The realtime connection is used before it is initialised (call initRealtime first).',
    );
  }
  return current;
}

/** For tests: forget the tab's connection. */
export function resetRealtimeForTests(): void {
  current?.stop();
  current = null;
}
