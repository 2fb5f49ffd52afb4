import type { QueryClient, QueryKey } from '@tanstack/react-query';

import type { EventFrame } from './frames';

/**
 * Which TanStack Query caches an event makes stale. Each feature registers its entities next to its queries
 * (`registerInvalidation('series', (e) => [['series', e.id], ['series', 'list']])`); an entity nobody registered
 * invalidates the queries whose key starts with its name.
 */
type KeysFor = (event: EventFrame) => QueryKey[];

const registry = new Map<string, KeysFor>([
  // The signed-in account: the current-user query (['accounts', 'me']) and anything else about accounts.
  ['account', () => [['accounts']]],
]);

export function registerInvalidation(entity: string, keysFor: KeysFor): void {
  registry.set(entity, keysFor);
}

/**
 * Keys that a view gathering several entities (the Dashboard) adds on top of what each entity's own feature
 * registered, so neither replaces the other.
 */
const alsoStale = new Map<string, QueryKey[]>();

/** Also marks `queryKey` stale on every event about one of `entities`. */
export function alsoInvalidate(entities: readonly string[], queryKey: QueryKey): void {
  for (const entity of entities)
    alsoStale.set(entity, [...(alsoStale.get(entity) ?? []), queryKey]);
}

export function queryKeysFor(event: EventFrame): QueryKey[] {
  const keysFor = registry.get(event.entity);
  const own = keysFor ? keysFor(event) : [[event.entity]];
  return [...own, ...(alsoStale.get(event.entity) ?? [])];
}

/** Marks the affected queries stale; the ones on screen refetch at once. */
export function applyEvent(queryClient: QueryClient, event: EventFrame): void {
  for (const queryKey of queryKeysFor(event)) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
