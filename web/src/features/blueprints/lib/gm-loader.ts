/** Loader helpers of the GM pages: signed in (or off to sign-in), and data only for game masters. */
import type { QueryClient } from '@tanstack/react-query';

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

/** The `offset` of a list page from its address (`?offset=20`), a multiple of the page size. */
export function offsetFrom(url: string | URL, pageSize: number): number {
  const raw = Number(new URL(url).searchParams.get('offset') ?? '0');
  if (!Number.isInteger(raw) || raw < 0) return 0;
  return raw - (raw % pageSize);
}
