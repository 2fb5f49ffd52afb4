/**
 * One clock for every countdown on the page, ticking at each whole minute (and when the tab comes back, so a
 * sleeping tab is right at once). Only the components that read it re-render on a tick, not the page.
 */
import { useSyncExternalStore } from 'react';

import { untilNextMinute } from './countdown';

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function schedule() {
  timer = setTimeout(() => {
    tick();
    schedule();
  }, untilNextMinute(Date.now()));
}

function onVisible() {
  if (document.visibilityState === 'visible') tick();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = Date.now();
    schedule();
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/** The time of the latest tick, in milliseconds. */
export function useMinuteClock(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
