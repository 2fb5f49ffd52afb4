import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes, type LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentUserQueryKey, type UserContext } from '@/lib/auth/current-user';
import { changeLocale } from '@/lib/i18n';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/test/render';

import type { GmSession, PlayerSession } from '../api/sessions';
import { gmSessionQueryKey, playerSessionQueryKey } from '../api/sessions';
import { SessionCard } from '../components/session-card';
import GmSessionRoute, { createLoader as gmSessionLoader } from './gm-session';
import PlayerSessionRoute from './player-session';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const gmId = '0195f0c4-0000-7000-8000-000000000001';
const playerId = '0195f0c4-0000-7000-8000-000000000002';
const otherId = '0195f0c4-0000-7000-8000-000000000003';
const sessionId = '0195f0c4-0000-7000-8000-0000000000ee';

const gmSession = {
  id: sessionId,
  series: {
    id: '0195f0c4-0000-7000-8000-0000000000aa',
    handle: 'lighthouse-watch',
    title: 'Lighthouse Watch',
    time_zone: 'Europe/Warsaw',
    pricing: { model: 'free' },
    min_players: 4,
    max_players: 6,
  },
  game_master_id: gmId,
  game_master_display_name: 'Greta',
  status: 'waiting_for_players',
  schedule: { scheduled_start_datetime: '2030-06-11T16:30:00Z', scheduled_duration_minutes: 120 },
  preparation_opens_at: '2030-06-11T16:15:00Z',
  seats: { confirmed: 2, total: 6 },
  progress: { needed: 4, ready: 2, ready_and_paid: null },
  participants: [
    {
      player_id: playerId,
      display_name: 'Ilse',
      status: 'ready',
      paid: false,
      updated_at: '2030-06-01T10:00:00Z',
    },
    {
      player_id: otherId,
      display_name: 'Olek',
      status: 'ready',
      paid: false,
      updated_at: '2030-06-02T10:00:00Z',
    },
  ],
  // The server's order: by time, then by sequence. The last three happened in the same second.
  events: [
    {
      id: 'e1',
      kind: 'created',
      actor_id: gmId,
      actor_display_name: 'Greta',
      at: '2030-06-01T10:00:00Z',
    },
    {
      id: 'e2',
      kind: 'ready',
      actor_id: otherId,
      actor_display_name: 'Olek',
      player_id: otherId,
      at: '2030-06-11T16:15:00Z',
    },
    {
      id: 'e3',
      kind: 'status_changed',
      actor_id: gmId,
      actor_display_name: 'Greta',
      status: 'waiting_for_players',
      at: '2030-06-11T16:15:00Z',
    },
    {
      id: 'e4',
      kind: 'status_changed',
      actor_id: null,
      actor_display_name: '',
      status: 'ready_to_start',
      at: '2030-06-11T16:15:00Z',
    },
  ],
  payments: [],
  allowed_actions: ['cancel', 'remove_participant'],
  created_at: '2030-06-01T10:00:00Z',
  updated_at: '2030-06-02T10:00:00Z',
  version: 2,
} as unknown as GmSession;

const playerSession = {
  ...gmSession,
  participants: [gmSession.participants[1]],
  me: { status: 'ready', allowed_actions: ['leave'] },
  payment: null,
} as unknown as PlayerSession;

function renderPage(pattern: string, path: string, page: ReactNode, queryClient: QueryClient) {
  return renderWithProviders(
    <Routes>
      <Route path={pattern} element={page} />
    </Routes>,
    { path, queryClient },
  );
}

function signedIn(roles: ('player' | 'gm')[]) {
  const queryClient = createTestQueryClient();
  const id = roles.includes('gm') ? gmId : playerId;
  const user: UserContext = {
    authenticated: true,
    user: { id, name: 'Someone', roles },
    account: {
      account_id: id,
      email_verified: true,
      has_password: true,
      locale: 'en-GB',
      member_since: '2030-01-01T00:00:00Z',
      primary_email: { email: 'someone@example.test' },
      roles,
      status: 'active',
      time_zone: 'Europe/Warsaw',
    },
  };
  queryClient.setQueryData(currentUserQueryKey, user);
  return queryClient;
}

function renderGm(session: GmSession) {
  const queryClient = signedIn(['player', 'gm']);
  queryClient.setQueryData(gmSessionQueryKey(sessionId), session);
  return renderPage(
    '/dashboard/gm/my-sessions/:id',
    `/dashboard/gm/my-sessions/${sessionId}`,
    <GmSessionRoute />,
    queryClient,
  );
}

describe('the session pages say the right thing', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        jsonResponse(404, {
          error: { type: 'not_found', code: 'session_not_found', message: 'No such session' },
        }),
      ),
    );
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('en-GB');
  });

  it('tells the GM what the session waits for, in both languages', async () => {
    renderGm(gmSession);
    expect(await screen.findByTestId('session-progress')).toHaveTextContent('2 of 4 players ready');
    await changeLocale('pl-PL');
    expect(await screen.findByTestId('session-progress')).toHaveTextContent(
      'Gotowość: 2 z 4 graczy',
    );
  });

  it('says how many have paid while the session waits for payment', async () => {
    renderGm({
      ...gmSession,
      status: 'waiting_for_payment',
      series: {
        ...gmSession.series,
        pricing: { model: 'paid', amount: '25.00', currency_code: 'pln' },
      },
      progress: { needed: 2, ready: 2, ready_and_paid: 1 },
    } as unknown as GmSession);
    expect(await screen.findByTestId('session-progress')).toHaveTextContent('1 of 2 paid');
  });

  it('lists the history newest first for the GM, events of one second by their sequence', async () => {
    renderGm(gmSession);
    const rows = within(await screen.findByTestId('session-history')).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('span')?.textContent)).toEqual([
      'The session is ready to start',
      'Greta started the preparation',
      'Olek is ready for participation',
      'Greta created the session',
    ]);
  });

  it('lists the history in the same order for the player', async () => {
    const queryClient = signedIn(['player']);
    queryClient.setQueryData(playerSessionQueryKey(sessionId), playerSession);
    renderPage(
      '/dashboard/player/my-sessions/:id',
      `/dashboard/player/my-sessions/${sessionId}`,
      <PlayerSessionRoute />,
      queryClient,
    );
    const rows = within(await screen.findByTestId('session-history')).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('span')?.textContent)).toEqual([
      'The session is ready to start',
      'Greta started the preparation',
      'Olek is ready for participation',
      'Greta created the session',
    ]);
  });

  it('says a session over within a minute lasted under a minute', async () => {
    renderGm({
      ...gmSession,
      status: 'completed',
      actual_start_datetime: '2030-06-11T16:30:00Z',
      actual_duration_minutes: 0,
    } as unknown as GmSession);
    expect(await screen.findByRole('timer')).toHaveTextContent('Lasted under a minute');
  });

  it("shows 'Session not found' with the way back for a malformed id", async () => {
    renderPage(
      '/dashboard/gm/my-sessions/:id',
      '/dashboard/gm/my-sessions/not-a-session',
      <GmSessionRoute />,
      signedIn(['player', 'gm']),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Session not found' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /back/i })).toHaveAttribute(
      'href',
      '/dashboard/gm/my-sessions',
    );
    renderPage(
      '/dashboard/player/my-sessions/:id',
      '/dashboard/player/my-sessions/%20nope',
      <PlayerSessionRoute />,
      signedIn(['player']),
    );
    expect(
      await screen.findAllByRole('heading', { level: 1, name: 'Session not found' }),
    ).toHaveLength(2);
  });

  it("takes a player who opens the GM's link of their own session to their page of it", async () => {
    const queryClient = signedIn(['player']);
    queryClient.setQueryData(playerSessionQueryKey(sessionId), playerSession);
    const request = new Request(`http://localhost/dashboard/gm/my-sessions/${sessionId}`);
    const args = {
      request,
      params: { id: sessionId },
      context: {},
    } as unknown as LoaderFunctionArgs;
    const answer = await gmSessionLoader(queryClient)(args);
    expect(answer).toBeInstanceOf(Response);
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get('Location')).toBe(`/dashboard/player/my-sessions/${sessionId}`);
    // Someone else's session: the invitation to become a GM stays.
    expect(await gmSessionLoader(signedIn(['player']))(args)).toBeNull();
  });

  it('shows no seats on a past session in a list', async () => {
    renderWithProviders(
      <SessionCard
        href="/x"
        title="Lighthouse Watch"
        status="completed"
        start="2030-06-11T16:30:00Z"
        seats={{ confirmed: 0, total: 8 }}
        details={<span>1 participant</span>}
      />,
    );
    expect(await screen.findByText('1 participant')).toBeVisible();
    expect(screen.queryByText(/Seats filled/)).not.toBeInTheDocument();
  });
});
