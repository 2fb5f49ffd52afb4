import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  anonymousUserContext,
  currentUserQueryOptions,
  type UserContext,
} from '@/lib/auth/current-user';
import { regionsQueryOptions } from '@/features/commerce/api/list-regions';
import { myProfileQueryOptions, type MyProfile } from '@/features/profiles/api/get-my-profile';
import { configQueryOptions } from '@/lib/runtime-config';
import { changeLocale } from '@/lib/i18n';

import { AppProviders } from '../providers';
import { createRoutes } from '../router';
import { testCommerceConfig } from '@/test/config';

const accountId = '0193a000-0000-7000-8000-000000000001';

function player(roles: ('player' | 'gm')[] = ['player']): UserContext {
  return {
    authenticated: true,
    user: { id: accountId, name: 'Ada', roles },
    account: {
      account_id: accountId,
      primary_email: { email: 'ada@example.com' },
      roles,
    },
  } as unknown as UserContext;
}

function profile(type: 'player' | 'gm' = 'player'): MyProfile {
  const experience = {
    claimed_years_experience: 2,
    experience_level: 'beginner',
    playstyles: ['casual'],
  } as const;
  return {
    profile_id: 'p1',
    account_id: accountId,
    type,
    display_name: 'Ada',
    bio: '',
    language: 'en',
    player: experience,
    gm: type === 'gm' ? experience : null,
    member_since: '2026-01-01T00:00:00Z',
    gm_since: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    birthdate: '1990-01-01',
    location: {},
    phone: null,
    email: 'ada@example.com',
    basics_completed: true,
    version: 1,
  } as unknown as MyProfile;
}

function renderApp(user: UserContext, myProfile?: MyProfile) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(configQueryOptions().queryKey, {
    version: '1',
    public_url: 'http://localhost',
    ...testCommerceConfig,
  });
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  queryClient.setQueryData(regionsQueryOptions().queryKey, {
    regions: [
      { id: 'reg_pl', name: 'Poland', currency_code: 'pln' },
      { id: 'reg_eu', name: 'Europe', currency_code: 'eur' },
    ],
  });
  if (myProfile) queryClient.setQueryData(myProfileQueryOptions().queryKey, myProfile);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/'] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function openPalette() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1 });
  await user.keyboard('{Control>}k{/Control}');
  const palette = await screen.findByTestId('command-palette');
  return { user, palette };
}

function commandLabels(palette: HTMLElement) {
  return within(palette)
    .queryAllByRole('option')
    .map((option) => option.textContent);
}

describe('command palette', () => {
  beforeAll(async () => {
    // The palette's code loads on first use; importing it once here keeps the first test's timing like the rest.
    await import('./palette-host');
  });

  beforeEach(async () => {
    await changeLocale('en-GB');
    localStorage.clear();
  });

  it('offers a visitor only the language and region commands', async () => {
    renderApp(anonymousUserContext);
    const { palette } = await openPalette();
    expect(within(palette).getByRole('combobox')).toHaveAttribute(
      'placeholder',
      'Search commands...',
    );
    expect(commandLabels(palette)).toEqual(['Change language', 'Change shopping region']);
  });

  it('offers a player the profile commands and becoming a game master, but not the GM ones', async () => {
    renderApp(player(), profile());
    const { palette } = await openPalette();
    const labels = commandLabels(palette);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Go to my profile',
        'Edit profile basic info',
        'Edit player experience',
        'Edit player playstyles',
        'Become game master',
      ]),
    );
    expect(labels).not.toContain('Edit GM experience');
    // Three quick suggestions first, then General and the other sections in order.
    const headings = [...palette.querySelectorAll('[cmdk-group-heading]')].map(
      (h) => h.textContent,
    );
    expect(headings[0]).toBe('Suggestions');
    const firstGroup = palette.querySelector('[cmdk-group]');
    expect(firstGroup && within(firstGroup as HTMLElement).getAllByRole('option')).toHaveLength(3);
  });

  it('offers a game master the GM profile commands and not becoming one', async () => {
    renderApp(player(['player', 'gm']), profile('gm'));
    const { palette } = await openPalette();
    const labels = commandLabels(palette);
    expect(labels).toEqual(expect.arrayContaining(['Edit GM experience', 'Edit GM playstyles']));
    expect(labels).not.toContain('Become game master');
  });

  it('searches, moves with the keyboard and runs with Enter', async () => {
    renderApp(player(), profile());
    const { user, palette } = await openPalette();
    await user.keyboard('playstyles');
    expect(commandLabels(palette)).toEqual(['Edit player playstyles']);
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Edit player playstyles' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('command-palette')).not.toBeInTheDocument();
  });

  it('opens the language dialog and switches language with a toast', async () => {
    renderApp(anonymousUserContext);
    const { user } = await openPalette();
    await user.keyboard('language{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change language' });
    expect(within(dialog).getByRole('combobox')).toHaveTextContent('English (UK)');
    await user.keyboard('{Escape}');
  });

  it('says everything a screen reader hears in Polish, region names included', async () => {
    await changeLocale('pl-PL');
    renderApp(anonymousUserContext);
    const { user, palette } = await openPalette();
    expect(within(palette).getByRole('listbox')).toHaveAccessibleName('Podpowiedzi');
    await user.keyboard('region{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Zmień region zakupów' });
    expect(within(dialog).getByRole('combobox')).toHaveTextContent('Polska (PLN)');
    await user.keyboard('{Escape}');
  });
});
