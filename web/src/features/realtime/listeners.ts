import type { EventFrame } from './frames';

/**
 * Features that need an event's data, not only stale queries (the notifications' toast and unread count), listen
 * here while a component of theirs is mounted. Listeners run before the queries are invalidated, so what they
 * write to the cache shows at once and the refetch then confirms it.
 */
type Listener = (event: EventFrame) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with every event of the tab's connection until the returned function is called. */
export function subscribeToEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands `event` to every listener; one that throws does not keep it from the others or from invalidation. */
export function emitEvent(event: EventFrame): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('a realtime event listener failed', error);
    }
  }
}
