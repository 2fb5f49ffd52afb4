import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/test/render';

import {
  anonymousUserContext,
  currentUserQueryKey,
  type UserContext,
} from '@/lib/auth/current-user';
import VerifyEmailRoute from './verify-email';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const unverified: UserContext = {
  authenticated: true,
  user: { id: '0195f0c4-0000-7000-8000-000000000001', name: 'Vera', roles: ['player'] },
  account: {
    account_id: '0195f0c4-0000-7000-8000-000000000001',
    primary_email: { email: 'vera@example.test' },
    email_verified: false,
    roles: ['player'],
    locale: 'en-GB',
    time_zone: 'UTC',
    status: 'active',
    has_password: true,
    member_since: '2026-11-22T10:00:00Z',
    gm_since: null,
  },
};

function error(status: number, type: string, code: string, message: string) {
  return jsonResponse(status, { error: { type, code, message, fields: {} } });
}

describe('VerifyEmailRoute', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await changeLocale('en-GB');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderAs(user: UserContext, token: string) {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserQueryKey, user);
    return renderWithProviders(<VerifyEmailRoute />, {
      path: `/verify-email?token=${token}`,
      queryClient,
    });
  }

  const urlOf = (call: unknown[]) => (call[0] as Request).url;

  it('says a used link of a confirmed address is confirmed, not expired', async () => {
    fetchMock.mockResolvedValue(
      error(
        409,
        'unexpected_state',
        'email_already_verified',
        'This e-mail address is already verified.',
      ),
    );
    renderAs(anonymousUserContext, 'used');
    expect(
      await screen.findByRole('heading', { name: 'E-mail address already confirmed' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
  });

  it('offers the signed-in owner a new link when this one has expired', async () => {
    fetchMock
      .mockResolvedValueOnce(
        error(
          409,
          'unexpected_state',
          'link_expired',
          'This link was already used or has expired.',
        ),
      )
      .mockResolvedValueOnce(new Response(null, { status: 202 }));
    renderAs(unverified, 'old');
    const resend = await screen.findByRole('button', { name: 'Send a new link' });
    expect(screen.getByText(/already used or has expired/)).toBeInTheDocument();
    await userEvent.setup().click(resend);
    await waitFor(() => {
      expect(fetchMock.mock.calls.map(urlOf)).toContain(
        'http://localhost/api/account/verification-email',
      );
    });
    expect(
      await screen.findByText('We sent a new link to vera@example.test. It works for 3 days.'),
    ).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in for a new link', async () => {
    fetchMock.mockResolvedValue(
      error(404, 'not_found', 'link_invalid', 'This link is not valid. Ask for a new one.'),
    );
    renderAs(anonymousUserContext, 'unknown');
    const signIn = await screen.findByRole('link', { name: 'Sign in to get a new link' });
    expect(signIn).toHaveAttribute('href', '/sign-in?return_to=%2Faccount');
  });
});
