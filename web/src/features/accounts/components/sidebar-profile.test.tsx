import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { createTestQueryClient, renderWithProviders } from '@/test/render';

import {
  anonymousUserContext,
  currentUserQueryKey,
  type Role,
  type UserContext,
} from '@/lib/auth/current-user';
import { SidebarProfile } from './sidebar-profile';

const accountId = '0195f0c4-0000-7000-8000-000000000001';

function signedIn(roles: Role[]): UserContext {
  return {
    authenticated: true,
    user: { id: accountId, name: 'Ada Lovelace', roles },
    account: {
      account_id: accountId,
      primary_email: { email: 'ada@example.com' },
      email_verified: false,
      roles,
      locale: 'en-GB',
      time_zone: 'Europe/London',
      status: 'active',
      has_password: true,
      member_since: '2026-01-05T10:00:00Z',
      gm_since: roles.includes('gm') ? '2026-02-01T10:00:00Z' : null,
    },
  };
}

function renderProfile(context: UserContext, path = '/') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, context);
  return renderWithProviders(<SidebarProfile />, { queryClient, path });
}

describe('SidebarProfile', () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('offers sign-in and sign-up to a visitor, coming back to the page afterwards', () => {
    renderProfile(anonymousUserContext, '/questboard?system=dnd');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?return_to=%2Fquestboard%3Fsystem%3Ddnd',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/sign-up?return_to=%2Fquestboard%3Fsystem%3Ddnd',
    );
    expect(screen.queryByRole('button', { name: /^Account menu/ })).not.toBeInTheDocument();
  });

  it('shows a player their initials, name and role, and offers to become a game master', async () => {
    renderProfile(signedIn(['player']));
    const trigger = screen.getByRole('button', { name: /^Account menu/ });
    // Named by its content: what is on screen is in the name a screen reader (or voice control) uses.
    expect(trigger).toHaveAccessibleName(expect.stringContaining('Ada Lovelace') as string);
    expect(trigger).toHaveTextContent('AL');
    expect(trigger).toHaveTextContent('Ada Lovelace');
    expect(trigger).toHaveTextContent('Player');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();

    await userEvent.setup().click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signed in as ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My profile' })).toHaveAttribute(
      'href',
      `/profile/${accountId}`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Become game master' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('does not offer a game master to become one again, in Polish too', async () => {
    await changeLocale('pl-PL');
    renderProfile(signedIn(['player', 'gm']));
    const trigger = screen.getByRole('button', { name: /^Menu konta/ });
    expect(trigger).toHaveTextContent('Mistrz gry');
    await userEvent.setup().click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Mój profil' })).toBeInTheDocument();
    expect(
      within(menu).queryByRole('menuitem', { name: 'Zostań mistrzem gry' }),
    ).not.toBeInTheDocument();
  });

  it('explains becoming a game master before doing it', async () => {
    renderProfile(signedIn(['player']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Become game master' }));
    const dialog = await screen.findByRole('dialog', { name: 'Become a game master?' });
    expect(dialog).toHaveTextContent('publish one-shots and campaigns');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
