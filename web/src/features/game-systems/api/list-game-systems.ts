import { queryOptions, useQuery } from '@tanstack/react-query';

import { registerInvalidation } from '@/features/realtime';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useLocale } from '@/lib/i18n';

export type GameSystem = components['schemas']['GameSystem'];
export type GameSystemLanguage = components['schemas']['Language'];

export const gameSystemsQueryKey = ['game-systems'] as const;

// The tree changes only from the command line; its (public) event refreshes every open selector.
registerInvalidation('game_system', () => [gameSystemsQueryKey]);

/** Polish names where they exist; every other interface language reads the English ones. */
export function treeLanguage(locale: string): GameSystemLanguage {
  return locale.startsWith('pl') ? 'pl' : 'en';
}

export async function listGameSystems(language: GameSystemLanguage): Promise<GameSystem[]> {
  const page = unwrap(await api.GET('/api/game-systems', { params: { query: { language } } }));
  return page.items;
}

export function gameSystemsQueryOptions(language: GameSystemLanguage) {
  return queryOptions({
    queryKey: [...gameSystemsQueryKey, language],
    queryFn: () => listGameSystems(language),
    // Curated and rarely changed: no refetch on every mount.
    staleTime: 60 * 60 * 1000,
  });
}

/** The tree in the interface language. */
export function useGameSystems() {
  const locale = useLocale();
  return useQuery(gameSystemsQueryOptions(treeLanguage(locale)));
}
