import { describe, expect, it, vi } from 'vitest';

import { createApiClient, withCsrfHeader } from './client';
import { NetworkError } from './errors';

const baseUrl = 'http://localhost';

function recordingFetch() {
  const requests: Request[] = [];
  const fetchImpl = vi.fn((input: RequestInfo | URL) => {
    requests.push(input as Request);
    return Promise.resolve(
      new Response(JSON.stringify({ version: '1.2.3' }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return { requests, fetchImpl };
}

describe('api client', () => {
  it('calls the same origin with cookies and no CSRF header on GET', async () => {
    const { requests, fetchImpl } = recordingFetch();
    const client = createApiClient({ fetch: fetchImpl, baseUrl });
    const { data } = await client.GET('/api/config');
    expect(data).toEqual({ version: '1.2.3' });
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/config');
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.headers.get('X-Questline-Csrf')).toBeNull();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('adds the CSRF header to %s', (method) => {
    const request = withCsrfHeader(new Request('http://localhost/api/x', { method }));
    expect(request.headers.get('X-Questline-Csrf')).toBe('1');
  });

  it.each(['GET', 'HEAD'])('leaves %s without the CSRF header', (method) => {
    const request = withCsrfHeader(new Request('http://localhost/api/x', { method }));
    expect(request.headers.get('X-Questline-Csrf')).toBeNull();
  });

  it('turns a failed connection into a NetworkError', async () => {
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      baseUrl,
    });
    await expect(client.GET('/api/config')).rejects.toBeInstanceOf(NetworkError);
  });
});
