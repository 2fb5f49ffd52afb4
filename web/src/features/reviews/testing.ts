/**
 * For the reviews' tests only: a review as the contract shapes it, a signed-in viewer in the cache, and a stubbed
 * server that answers by method and path and records every request (so a test checks what was sent, and the
 * calls of api/ are exercised, not mocked away).
 */
import { vi } from 'vitest';

import { currentUserQueryKey, type UserContext } from '@/lib/auth/current-user';
import { createTestQueryClient, jsonResponse } from '@/test/render';

import type { Review } from './api/types';

export const gmId = '0195f0c4-0000-7000-8000-000000000001';
export const playerId = '0195f0c4-0000-7000-8000-000000000002';
export const strangerId = '0195f0c4-0000-7000-8000-000000000003';
export const sessionId = '0195f0c4-0000-7000-8000-0000000000aa';
export const reviewId = '0195f0c4-0000-7000-8000-0000000000bb';

export function aReview(overrides: Partial<Review> = {}): Review {
  return {
    id: reviewId,
    session_id: sessionId,
    series_id: '0195f0c4-0000-7000-8000-0000000000cc',
    series_handle: 'sunken-bell',
    series_title: 'Sunken Bell',
    gm_id: gmId,
    author: { account_id: playerId, display_name: 'Ilse' },
    rating: 4,
    body: 'A fine evening.',
    created_at: '2030-03-01T18:00:00Z',
    updated_at: '2030-03-01T18:00:00Z',
    editable_until: '2030-03-08T18:00:00Z',
    answer: null,
    ...overrides,
  };
}

/** A query cache in which `id` is signed in (undefined: nobody is). */
export function queryClientFor(id: string | undefined) {
  const queryClient = createTestQueryClient();
  if (id === undefined) return queryClient;
  const user: UserContext = {
    authenticated: true,
    user: { id, name: 'Someone', roles: ['player', 'gm'] },
    account: {
      account_id: id,
      email_verified: true,
      has_password: true,
      locale: 'en-GB',
      member_since: '2030-01-01T00:00:00Z',
      primary_email: { email: 'someone@example.test' },
      roles: ['player', 'gm'],
      status: 'active',
      time_zone: 'Europe/Warsaw',
    },
  };
  queryClient.setQueryData(currentUserQueryKey, user);
  return queryClient;
}

export type Answer = { status: number; body?: unknown };
export type Sent = { method: string; path: string; search: string; body: unknown };

export function refusal(status: number, code: string, message = 'Refused'): Answer {
  return { status, body: { error: { type: 'conflict', code, message, fields: {} } } };
}

/** Answers `"METHOD /path"` from `answers`; anything else is a 404. Returns the requests sent. */
export function stubServer(answers: Record<string, Answer | ((sent: Sent) => Answer)>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const request_: Sent = {
        method: request.method,
        path: url.pathname,
        search: url.search,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      sent.push(request_);
      const answer = answers[`${request.method} ${url.pathname}`];
      const resolved = typeof answer === 'function' ? answer(request_) : answer;
      if (!resolved) {
        return jsonResponse(404, {
          error: { type: 'not_found', code: 'not_found', message: 'Not found', fields: {} },
        });
      }
      return jsonResponse(resolved.status, resolved.body);
    }),
  );
  return sent;
}
