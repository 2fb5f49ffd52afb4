import { isRouteErrorResponse } from 'react-router';

import { ApiError } from '@/lib/api/errors';

/**
 * True when `error` means "nothing at this address": a 404 of the router, or the API refusing the id in the
 * address as unknown (404) or malformed (400, e.g. `/profile/not-a-uuid`).
 */
export function isNotFoundError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
