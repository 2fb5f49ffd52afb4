import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  anonymousUserContext,
  currentUserQueryKey,
  type UserContext,
} from '@/lib/auth/current-user';
import { changeLocale } from '@/lib/i18n';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/test/render';

import { ChatButton } from './chat-button';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const playerId = '0195f0c4-0000-7000-8000-000000000001';
const gmId = '0195f0c4-0000-7000-8000-000000000002';
const seriesId = '0195f0c4-0000-7000-8000-0000000000aa';
const chatId = '0195f0c4-0000-7000-8000-0000000000cc';

function signedInAs(id: string) {
  const queryClient = createTestQueryClient();
  const user: UserContext = {
    authenticated: true,
    user: { id, name: 'Ada', roles: ['player'] },
    account: {
      account_id: id,
      email_verified: true,
      has_password: true,
      locale: 'en-GB',
      member_since: '2030-01-01T00:00:00Z',
      primary_email: { email: 'ada@example.test' },
      roles: ['player'],
      status: 'active',
      time_zone: 'Europe/Warsaw',
    },
  };
  queryClient.setQueryData(currentUserQueryKey, user);
  return queryClient;
}

type Answer = { status: number; body?: unknown };

/** Answers the chat-user look-ups from `users` (by account id) and records every request. */
function stubServer(users: Record<string, Answer>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const body: unknown = request.method === 'GET' ? undefined : await request.json();
      requests.push({ method: request.method, path: url.pathname, body });
      const userMatch = /^\/api\/chat-users\/([^/]+)$/.exec(url.pathname);
      if (userMatch?.[1] !== undefined) {
        const answer = users[userMatch[1]] ?? { status: 404 };
        return answer.status === 200
          ? jsonResponse(200, answer.body)
          : jsonResponse(answer.status, {
              error: { type: 'not_found', code: 'chat_user_not_found', message: 'No', fields: {} },
            });
      }
      if (url.pathname === '/api/chats' && request.method === 'POST') {
        return jsonResponse(201, {
          id: chatId,
          type: 'direct',
          participants: [
            { user_id: playerId, nickname: 'Ada' },
            { user_id: gmId, nickname: 'Mira' },
          ],
          unread_count: 0,
          blocked_by_me: false,
          created_at: '2026-11-26T06:00:00Z',
          updated_at: '2026-11-26T06:00:00Z',
        });
      }
      return jsonResponse(404, {});
    }),
  );
  return requests;
}

const both = {
  [playerId]: { status: 200, body: { user_id: playerId, nickname: 'Ada' } },
  [gmId]: { status: 200, body: { user_id: gmId, nickname: 'Mira' } },
};

describe('the Chat button', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('starts a chat about the series and opens it in the sidebar', async () => {
    const requests = stubServer(both);
    const { router } = renderWithProviders(
      <ChatButton otherId={gmId} seriesId={seriesId} seriesTitle="Lighthouse" />,
      { path: '/questboard/lighthouse', queryClient: signedInAs(playerId) },
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Chat with the game master of Lighthouse' }),
    );
    await waitFor(() => {
      expect(router.state.location.search).toBe(`?chat=${chatId}`);
    });
    expect(router.state.location.pathname).toBe('/questboard/lighthouse');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      type: 'direct',
      series_id: seriesId,
    });
  });

  it('is absent for a visitor and never asks the server', () => {
    const requests = stubServer(both);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserQueryKey, anonymousUserContext);
    renderWithProviders(<ChatButton otherId={gmId} otherName="Mira" />, { queryClient });
    expect(screen.queryByRole('button', { name: 'Chat with Mira' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('is absent on one’s own series or profile', () => {
    const requests = stubServer(both);
    renderWithProviders(<ChatButton otherId={playerId} otherName="Mira" />, {
      queryClient: signedInAs(playerId),
    });
    expect(screen.queryByRole('button', { name: 'Chat with Mira' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('is absent when the other side has no nickname (not a chat user)', async () => {
    const requests = stubServer({ [playerId]: both[playerId] });
    const queryClient = signedInAs(playerId);
    renderWithProviders(<ChatButton otherId={gmId} otherName="Mira" />, { queryClient });
    await waitFor(() => {
      expect(requests.map((request) => request.path)).toContain(`/api/chat-users/${gmId}`);
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(screen.queryByRole('button', { name: 'Chat with Mira' })).not.toBeInTheDocument();
  });

  it('is absent when the viewer has no nickname', async () => {
    const requests = stubServer({
      [playerId]: { status: 200, body: { user_id: playerId, nickname: '' } },
      [gmId]: both[gmId],
    });
    const queryClient = signedInAs(playerId);
    renderWithProviders(<ChatButton otherId={gmId} otherName="Mira" />, { queryClient });
    await waitFor(() => {
      expect(requests).toHaveLength(2);
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(screen.queryByRole('button', { name: 'Chat with Mira' })).not.toBeInTheDocument();
  });

  it('says it failed to fetch the chat user data when the look-up fails', async () => {
    stubServer({ [playerId]: both[playerId], [gmId]: { status: 503 } });
    renderWithProviders(<ChatButton otherId={gmId} otherName="Mira" />, {
      queryClient: signedInAs(playerId),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Chat with Mira' }));
    expect(await screen.findByText('Failed to fetch chat user data')).toBeInTheDocument();
  });
});
