import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentUserQueryKey, type UserContext } from '@/lib/auth/current-user';
import { changeLocale } from '@/lib/i18n';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/test/render';

import type { GmSession, PlayerSession } from '../api/sessions';
import { gmSessionQueryKey, playerSessionQueryKey } from '../api/sessions';
import GmSessionRoute from './gm-session';
import PlayerSessionRoute from './player-session';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const gmId = '0195f0c4-0000-7000-8000-000000000001';
const playerId = '0195f0c4-0000-7000-8000-000000000002';
const otherId = '0195f0c4-0000-7000-8000-000000000003';
const sessionId = '0195f0c4-0000-7000-8000-0000000000ee';

const base = {
  id: sessionId,
  series: {
    id: '0195f0c4-0000-7000-8000-0000000000aa',
    handle: 'lighthouse-watch',
    title: 'Lighthouse Watch',
    time_zone: 'Europe/Warsaw',
    pricing: { model: 'paid', amount: '25.00', currency_code: 'pln' },
    min_players: 1,
    max_players: 4,
  },
  game_master_id: gmId,
  game_master_display_name: 'Greta',
  status: 'planning',
  schedule: { scheduled_start_datetime: '2030-06-11T16:30:00Z', scheduled_duration_minutes: 120 },
  preparation_opens_at: '2030-06-11T16:15:00Z',
  seats: { confirmed: 1, total: 4 },
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
      kind: 'confirmed',
      actor_id: otherId,
      actor_display_name: 'Olek',
      player_id: otherId,
      message: 'See you there',
      at: '2030-06-02T10:00:00Z',
    },
  ],
  created_at: '2030-06-01T10:00:00Z',
  updated_at: '2030-06-02T10:00:00Z',
  version: 2,
} as const;

const gmSession = {
  ...base,
  participants: [
    {
      player_id: playerId,
      display_name: 'Ilse',
      status: 'invited',
      paid: false,
      updated_at: '2030-06-01T10:00:00Z',
    },
    {
      player_id: otherId,
      display_name: 'Olek',
      status: 'confirmed',
      message: 'See you there',
      paid: false,
      updated_at: '2030-06-02T10:00:00Z',
    },
  ],
  payments: [],
  allowed_actions: [
    'update_schedule',
    'fix_schedule',
    'cancel',
    'delete',
    'add_participants',
    'remove_participant',
  ],
} as unknown as GmSession;

const playerSession = {
  ...base,
  participants: [gmSession.participants[1]],
  me: { status: 'invited', allowed_actions: ['confirm', 'reject'] },
  payment: null,
} as unknown as PlayerSession;

/** The page at `path`, matched against its own pattern (so it reads its `:id`). */
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
  const user: UserContext = {
    authenticated: true,
    user: { id: roles.includes('gm') ? gmId : playerId, name: 'Someone', roles },
    account: {
      account_id: roles.includes('gm') ? gmId : playerId,
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

describe('the session pages', { timeout: 30_000 }, () => {
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

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the GM the session, and only the moves its allowed_actions hold', async () => {
    const queryClient = signedIn(['player', 'gm']);
    queryClient.setQueryData(gmSessionQueryKey(sessionId), gmSession);
    renderPage(
      '/dashboard/gm/my-sessions/:id',
      `/dashboard/gm/my-sessions/${sessionId}`,
      <GmSessionRoute />,
      queryClient,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lighthouse Watch' }),
    ).toBeVisible();
    expect(screen.getByTestId('session-status')).toHaveTextContent('Planning');
    const actions = within(screen.getByRole('group', { name: 'Session actions' }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Fix schedule',
      'Cancel session',
      'Delete session',
    ]);
    expect(screen.queryByRole('button', { name: 'Start session' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit schedule' })).toBeVisible();
    const participants = within(screen.getByTestId('session-participants'));
    expect(participants.getByText('Invited')).toBeVisible();
    expect(participants.getByRole('button', { name: 'Remove: Olek' })).toBeVisible();
    expect(participants.getByRole('button', { name: 'Add players' })).toBeVisible();
    expect(
      within(screen.getByTestId('session-history')).getByText('Olek confirmed participation'),
    ).toBeVisible();
    expect(screen.getByText('No payments yet')).toBeVisible();

    await userEvent.setup().click(actions.getByRole('button', { name: 'Delete session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete session' });
    expect(within(dialog).getByRole('button', { name: 'Delete session' })).toBeVisible();
  });

  it('shows the player their participation with its moves, the seats and the payment', async () => {
    const queryClient = signedIn(['player']);
    queryClient.setQueryData(playerSessionQueryKey(sessionId), playerSession);
    renderPage(
      '/dashboard/player/my-sessions/:id',
      `/dashboard/player/my-sessions/${sessionId}`,
      <PlayerSessionRoute />,
      queryClient,
    );
    const own = within(await screen.findByTestId('own-participation'));
    expect(own.getByTestId('participant-status')).toHaveTextContent('Invited');
    expect(own.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Confirm participation',
      'Reject',
    ]);
    expect(screen.getByText('Seats filled: 1 of 4')).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Starts in /);
    // Recent activity: the newest first.
    const history = within(screen.getByTestId('session-history')).getAllByRole('listitem');
    expect(history[0]).toHaveTextContent('Olek confirmed participation');

    await userEvent.setup().click(own.getByRole('button', { name: 'Confirm participation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm participation' });
    expect(
      within(dialog).getByRole('textbox', { name: 'Message to the GM (optional)' }),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('cannot be undone');
  });

  it("says 'Session not found' for a session that is not the viewer's", async () => {
    renderPage(
      '/dashboard/player/my-sessions/:id',
      `/dashboard/player/my-sessions/${sessionId}`,
      <PlayerSessionRoute />,
      signedIn(['player']),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Session not found' }),
    ).toBeVisible();
  });
});
