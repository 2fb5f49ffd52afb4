import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { anonymousUserContext, currentUserQueryOptions } from '@/lib/auth/current-user';
import { configQueryOptions } from '@/lib/runtime-config';
import { changeLocale } from '@/lib/i18n';
import { jsonResponse } from '@/test/render';

import { AppProviders } from '../providers';
import { createRoutes } from '../router';
import { testCommerceConfig } from '@/test/config';

// The app's client calls its own origin; under jsdom it needs an absolute one.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const accountId = '0195f0c4-0000-7000-8000-000000000001';

const profile = {
  account_id: accountId,
  profile_id: '0195f0c4-0000-7000-8000-000000000002',
  display_name: 'Ada Lovelace',
  bio: '',
  language: 'en',
  member_since: '2026-01-02T10:00:00Z',
  gm_since: null,
  type: 'player',
  player: { experience_level: 'beginner', claimed_years_experience: 1, playstyles: [] },
  gm: null,
};

function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configQueryOptions().queryKey, {
    version: '9.9.9',
    public_url: 'http://localhost',
    ...testCommerceConfig,
  });
  queryClient.setQueryData(currentUserQueryOptions().queryKey, anonymousUserContext);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function shell() {
  return document.querySelector('aside[data-sidebar="main"]');
}

function errorBody(status: number, code: string, message: string) {
  return jsonResponse(status, { error: { type: 'invalid_data', code, message, fields: {} } });
}

describe('route errors', () => {
  let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

  beforeEach(async () => {
    await changeLocale('en-GB');
    fetchMock = vi.fn<(request: Request) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
  });

  /** Profile requests get `answer()`; anything else (e.g. the regions of the sidebar) an empty list. */
  function answerProfile(answer: () => Response) {
    fetchMock.mockImplementation(async (request: Request) => {
      await Promise.resolve();
      return new URL(request.url).pathname.endsWith('/profile')
        ? answer()
        : jsonResponse(200, { regions: [] });
    });
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a malformed profile address as not found, inside the shell, translated', async () => {
    await changeLocale('pl-PL');
    answerProfile(() =>
      errorBody(400, 'bad_request', 'Invalid URL: UUID parsing failed: invalid character'),
    );
    renderApp('/profile/not-a-uuid');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(
      'Nie znaleziono profilu',
    );
    expect(shell()).not.toBeNull();
    expect(screen.queryByText(/UUID parsing failed/)).not.toBeInTheDocument();
  });

  it("never shows a server's raw message, keeps the shell, and tries again", async () => {
    let calls = 0;
    answerProfile(() => {
      calls += 1;
      return calls === 1
        ? errorBody(500, 'internal', 'database is locked (code 5)')
        : jsonResponse(200, profile);
    });
    renderApp(`/profile/${accountId}`);

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText(/database is locked/)).not.toBeInTheDocument();
    expect(shell()).not.toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
