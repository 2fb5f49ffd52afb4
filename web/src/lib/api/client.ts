import createClient, { type Middleware } from 'openapi-fetch';

import { NetworkError } from './errors';
import type { paths } from './schema';

export const csrfHeader = 'X-Questline-Csrf';
const safeMethods = new Set(['GET', 'HEAD']);

/** The server refuses state-changing requests without this header, so no other site can forge them. */
export function withCsrfHeader(request: Request): Request {
  if (!safeMethods.has(request.method.toUpperCase())) request.headers.set(csrfHeader, '1');
  return request;
}

const csrfMiddleware: Middleware = {
  onRequest: ({ request }) => withCsrfHeader(request),
};

/** A request that never got an answer (offline, server down) becomes one error type the UI understands. */
const networkErrorMiddleware: Middleware = {
  onError({ error }) {
    return new NetworkError(error);
  },
};

export function createApiClient({
  fetch: fetchImpl,
  // Same origin: the server serves both the app and /api. Tests outside a browser pass an absolute one.
  baseUrl = '',
}: { fetch?: typeof fetch; baseUrl?: string } = {}) {
  const client = createClient<paths>({
    baseUrl,
    credentials: 'include',
    // Resolved per call so tests can stub the global fetch.
    fetch: fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
  });
  client.use(csrfMiddleware, networkErrorMiddleware);
  return client;
}

export const api = createApiClient();
