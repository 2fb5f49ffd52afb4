import { MutationCache, QueryClient } from '@tanstack/react-query';

import { ApiError, handleApiError } from '@/lib/api/errors';

/** Client errors (4xx) will not change on a retry; network trouble and 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
    },
    mutationCache: new MutationCache({
      // A mutation without its own onError still tells the user what went wrong.
      onError: (error, _variables, _context, mutation) => {
        if (mutation.options.onError === undefined) handleApiError(error);
      },
    }),
  });
}

export const queryClient = createQueryClient();
