/** Loader helpers of the GM pages: signed in (or off to sign-in), and data only for game masters. */
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

import { requireSignedIn } from '@/lib/auth/guards';
import { ApiError } from '@/lib/api/errors';

/** True when the signed-in user is a game master; a player's page shows the invitation instead. */
export async function requireSignedInGm(
  queryClient: QueryClient,
  request: Request,
): Promise<boolean> {
  const context = await requireSignedIn(queryClient, request);
  return context.user.roles.includes('gm');
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Fetches what a page shows before it renders; a 404 (unknown, or someone else's) is left to the page, which
 * shows its own "not found" state. Any other failure goes to the route's error screen.
 */
export async function preloadUnlessNotFound<T, K extends QueryKey>(
  queryClient: QueryClient,
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the options of ensureQueryData, below
  options: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<void> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(options);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/**
 * The `offset` of a list page from its address (`?offset=20`): a loader passes the request's URL, a page its
 * search params. A non-negative multiple of the page size, else 0.
 */
export function offsetFrom(source: string | URL | URLSearchParams, pageSize: number): number {
  const params = source instanceof URLSearchParams ? source : new URL(source).searchParams;
  const raw = Number(params.get('offset') ?? '0');
  if (!Number.isInteger(raw) || raw < 0) return 0;
  return raw - (raw % pageSize);
}

/**
 * A list page's offset from its address and the way to move it: the first page keeps a bare address, the others
 * write `?offset=…` (so back and forward step through the pages).
 */
export function useOffsetParam(pageSize: number): [number, (next: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setOffset = (next: number) => {
    setSearchParams(next === 0 ? {} : { offset: String(next) });
  };
  return [offsetFrom(searchParams, pageSize), setOffset];
}
