import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { configQueryKey } from '@/lib/runtime-config';
import { changeLocale } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/api/errors';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/test/render';

import { anonymousUserContext, currentUserQueryKey } from '@/lib/auth/current-user';
import { OidcCallback } from './oidc-callback';
import { testCommerceConfig } from '@/test/config';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const alice = {
  authenticated: true,
  user: { id: '0195f0c4-0000-7000-8000-000000000001', name: 'Alice', roles: ['player'] },
  account: null,
};
const claims = { email: 'alice@example.test', name: 'Alice' };

function error(status: number, code: string, fields: FieldErrors = {}) {
  return jsonResponse(status, { error: { type: 'invalid_data', code, message: code, fields } });
}

type Route = (body: unknown) => Response;

describe('OidcCallback', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let routes: Record<string, Route>;
  let calls: { path: string; body: unknown }[];

  beforeEach(async () => {
    await changeLocale('en-GB');
    calls = [];
    routes = { '/api/auth/me': () => jsonResponse(200, alice) };
    fetchMock = vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const body: unknown = request.method === 'POST' ? await request.json() : undefined;
      calls.push({ path, body });
      const route = routes[path];
      return route ? route(body) : jsonResponse(404, {});
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderCallback(search: string) {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configQueryKey, {
      version: 'test',
      public_url: 'http://localhost',
      ...testCommerceConfig,
      oidc: { provider_name: 'Test ID' },
    });
    queryClient.setQueryData(currentUserQueryKey, anonymousUserContext);
    queryClient.setQueryData(['someone', 'else'], 'cached for the previous visitor');
    return renderWithProviders(
      <StrictMode>
        <OidcCallback minStepMs={0} goHomeAfterMs={10} />
      </StrictMode>,
      { path: `/callback${search}`, queryClient },
    );
  }

  it('exchanges the code once, even in Strict Mode, and signs a new account in', async () => {
    routes['/api/auth/oidc/finish'] = () =>
      jsonResponse(200, {
        outcome: 'registered',
        user: alice,
        claims,
        return_to: '/account',
        link_token: null,
      });
    const { router, queryClient } = renderCallback('?code=abc&state=xyz&iss=http%3A%2F%2Fidp');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account');
    });
    const finishes = calls.filter((call) => call.path === '/api/auth/oidc/finish');
    expect(finishes).toEqual([
      { path: '/api/auth/oidc/finish', body: { code: 'abc', state: 'xyz', iss: 'http://idp' } },
    ]);
    const steps = within(screen.getByRole('list', { name: 'Sign-in steps' }));
    expect(steps.getByText('Registering a new account')).toBeInTheDocument();
    expect(screen.getByText('alice@example.test')).toBeInTheDocument();
    // "loading account data" asked the server who is signed in; "processing" dropped the old cache.
    expect(calls.some((call) => call.path === '/api/auth/me')).toBe(true);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(alice);
    expect(queryClient.getQueryData(['someone', 'else'])).toBeUndefined();
    // The welcome is a toast: on a busy machine it may already be fading out (and judged invisible) when read.
    expect(
      await screen.findByText('Welcome to Questline, Alice! Your account is ready.'),
    ).toBeInTheDocument();
  });

  it('shows no registering step for a returning user', async () => {
    routes['/api/auth/oidc/finish'] = () =>
      jsonResponse(200, { outcome: 'signed_in', user: alice, claims, return_to: '/' });
    const { router } = renderCallback('?code=abc&state=xyz');
    await waitFor(() => {
      expect(
        screen.getByRole('list', { name: 'Sign-in steps' }).querySelectorAll('li').length,
      ).toBe(5);
    });
    expect(screen.queryByText('Registering a new account')).not.toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Alice!')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says "Authentication Failed" and goes home when the provider was cancelled', async () => {
    const { router } = renderCallback('?error=access_denied&state=xyz');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Authentication Failed' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(calls.filter((call) => call.path === '/api/auth/oidc/finish')).toEqual([]);
  });

  it('explains a sign-in that could not start and offers a retry, without going home', async () => {
    const { router } = renderCallback('?error=oidc_provider_unavailable');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign-in service unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Test ID again' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start',
    );
    // Well past the moment a cancelled sign-in goes home (10 ms here), it stays to offer the retry.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/callback');
    expect(calls.filter((call) => call.path === '/api/auth/oidc/finish')).toEqual([]);
  });

  it('offers a retry through the provider when the account could not be created', async () => {
    routes['/api/auth/oidc/finish'] = () => error(500, 'oidc_registration_failed');
    renderCallback('?code=abc&state=xyz');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account Creation Failed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Test ID again' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start',
    );
  });

  it('asks for the password of the existing account, then links and signs in', async () => {
    routes['/api/auth/oidc/finish'] = () =>
      jsonResponse(200, {
        outcome: 'link_required',
        user: null,
        claims,
        return_to: '/profile',
        link_token: 'link-token',
      });
    let attempts = 0;
    routes['/api/auth/oidc/link'] = () => {
      attempts += 1;
      return attempts === 1
        ? error(422, 'validation_failed', {
            password: [{ code: 'password_incorrect', message: 'Password is incorrect' }],
          })
        : jsonResponse(200, alice);
    };
    const { router } = renderCallback('?code=abc&state=xyz');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => {
      expect(password).toHaveAccessibleDescription('Password is incorrect');
    });

    await user.clear(password);
    await user.type(password, 'the right one');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile');
    });
    expect(calls.filter((call) => call.path === '/api/auth/oidc/link').map((c) => c.body)).toEqual([
      { link_token: 'link-token', password: 'wrong one' },
      { link_token: 'link-token', password: 'the right one' },
    ]);
    expect(screen.queryByText('Registering a new account')).not.toBeInTheDocument();
  });

  it('shows an expired link as its own screen', async () => {
    routes['/api/auth/oidc/finish'] = () =>
      jsonResponse(200, {
        outcome: 'link_required',
        user: null,
        claims,
        return_to: '/',
        link_token: 'link-token',
      });
    routes['/api/auth/oidc/link'] = () => error(409, 'oidc_link_expired');
    renderCallback('?code=abc&state=xyz');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign-in expired' }),
    ).toBeInTheDocument();
  });
});
