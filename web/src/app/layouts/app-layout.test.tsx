import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { anonymousUserContext, currentUserQueryOptions } from '@/lib/auth/current-user';
import { configQueryOptions } from '@/lib/runtime-config';
import { readCookie } from '@/lib/cookies';
import { changeLocale } from '@/lib/i18n';

import { AppProviders } from '../providers';
import { AppLayout } from './app-layout';
import { AuxPanelContent } from './aux-panel';
import { createRoutes } from '../router';
import { testCommerceConfig } from '@/test/config';

function renderApp(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The root loader finds the config and the (anonymous) user in the cache and does not call the server.
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
    // The sidebar's settings are named by what they show (axe: label-content-name-mismatch).
    expect(screen.getByTestId('language-switch')).toHaveAccessibleName(
      'Interface language English (UK)',
    );
    // The title is set in an effect after the page renders.
    await waitFor(() => {
      expect(document.title).toBe('Home · Questline');
    });
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

  it('leaves Ctrl+B to a field that has focus', async () => {
    const user = userEvent.setup();
    renderApp('/sign-in');
    const email = await screen.findByLabelText('E-mail', {}, { timeout: 5000 });
    await user.click(email);
    await user.keyboard('{Control>}b{/Control}');
    expect(mainSidebar()).toHaveAttribute('data-state', 'expanded');

    // Away from the field the shortcut works again.
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('{Control>}b{/Control}');
    expect(mainSidebar()).toHaveAttribute('data-state', 'collapsed');
  });

  it('offers the side panel only while the screen gives it content', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(configQueryOptions().queryKey, {
      version: '9.9.9',
      public_url: 'http://localhost',
      ...testCommerceConfig,
    });
    queryClient.setQueryData(currentUserQueryOptions().queryKey, anonymousUserContext);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: AppLayout,
          children: [
            { index: true, element: <h1>Plain</h1> },
            {
              path: 'with-details',
              element: (
                <AuxPanelContent>
                  <p>Details of the thing</p>
                </AuxPanelContent>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { name: 'Plain' });
    expect(screen.queryByRole('button', { name: 'Toggle side panel' })).not.toBeInTheDocument();
    expect(document.querySelector('aside[data-sidebar="aux"]')).toBeNull();

    await act(() => router.navigate('/with-details'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toggle side panel' }));
    const aux = document.querySelector('aside[data-sidebar="aux"]');
    expect(aux).toHaveAttribute('data-state', 'expanded');
    expect(aux).toHaveTextContent('Details of the thing');

    await act(() => router.navigate('/'));
    expect(screen.queryByRole('button', { name: 'Toggle side panel' })).not.toBeInTheDocument();
  });

  it('hides the side panel toggle on a screen without panel content', async () => {
    renderApp();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Toggle side panel' })).not.toBeInTheDocument();
  });

  it('shows a plain 404 for an unknown path, in the active language', async () => {
    await changeLocale('pl-PL');
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      '404 Nie znaleziono',
    );
    // The title follows in an effect, after the page has rendered.
    await waitFor(() => {
      expect(document.title).toBe('Nie znaleziono · Questline');
    });
    expect(document.documentElement.lang).toBe('pl-PL');
    await act(() => changeLocale('en-GB'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Not Found');
    expect(document.title).toBe('Not Found · Questline');
  });
});
