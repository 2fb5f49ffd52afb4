import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  anonymousUserContext,
  currentUserQueryOptions,
} from '@/features/accounts/api/current-user';
import { configQueryOptions } from '@/features/runtime-config/api/get-config';
import { readCookie } from '@/lib/cookies';
import { changeLocale } from '@/lib/i18n';

import { AppProviders } from '../providers';
import { createRoutes } from '../router';

function renderApp(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The root loader finds the config and the (anonymous) user in the cache and does not call the server.
  queryClient.setQueryData(configQueryOptions().queryKey, {
    version: '9.9.9',
    public_url: 'http://localhost',
  });
  queryClient.setQueryData(currentUserQueryOptions().queryKey, anonymousUserContext);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function mainSidebar() {
  return document.querySelector('aside[data-sidebar="main"]');
}

describe('app shell', () => {
  beforeEach(async () => {
    document.cookie = 'sidebar_state=; max-age=0; path=/';
    await changeLocale('en-GB');
  });

  it('shows Explore, hides the empty Game Master section, and titles the page', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Find your table. Run your world.',
    );
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Game Master' })).not.toBeInTheDocument();
    expect(screen.getByText('Version 9.9.9')).toBeInTheDocument();
    expect(document.title).toBe('Home · Questline');
  });

  it('collapses and expands the main sidebar with Ctrl+B and the trigger, remembering it', async () => {
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole('heading', { level: 1 });
    expect(mainSidebar()).toHaveAttribute('data-state', 'expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(mainSidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(readCookie('sidebar_state')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Toggle main sidebar' }));
    expect(mainSidebar()).toHaveAttribute('data-state', 'expanded');
    expect(readCookie('sidebar_state')).toBe('true');
  });

  it('shows a plain 404 for an unknown path, in the active language', async () => {
    await changeLocale('pl-PL');
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      '404 Nie znaleziono',
    );
    expect(document.title).toBe('Nie znaleziono · Questline');
    expect(document.documentElement.lang).toBe('pl-PL');
    await act(() => changeLocale('en-GB'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Not Found');
    expect(document.title).toBe('Not Found · Questline');
  });
});
