import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { createTestQueryClient, renderWithProviders } from '@/test/render';

import { currentUserQueryKey, type UserContext } from '@/lib/auth/current-user';
import { BecomeGameMasterDialog } from './become-game-master-dialog';

const accountId = '0195f0c4-0000-7000-8000-000000000001';

function player(emailVerified: boolean): UserContext {
  return {
    authenticated: true,
    user: { id: accountId, name: 'Ada Lovelace', roles: ['player'] },
    account: {
      account_id: accountId,
      primary_email: { email: 'ada@example.com' },
      email_verified: emailVerified,
      roles: ['player'],
      locale: 'en-GB',
      time_zone: 'Europe/London',
      status: 'active',
      has_password: true,
      member_since: '2026-01-05T10:00:00Z',
      gm_since: null,
    },
  };
}

function renderDialog(context: UserContext) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, context);
  return renderWithProviders(
    <BecomeGameMasterDialog accountId={accountId} open onOpenChange={vi.fn()} />,
    { queryClient },
  );
}

describe('BecomeGameMasterDialog', () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('asks for a proven e-mail address first and offers the link again', async () => {
    renderDialog(player(false));
    const dialog = await screen.findByRole('dialog', { name: 'Become a game master?' });
    expect(dialog).toHaveTextContent(
      'Confirm your e-mail address first: open the link in the mail we sent to ada@example.com.',
    );
    expect(within(dialog).getByRole('button', { name: 'Send the link again' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Become game master' })).toBeDisabled();
  });

  it('says it in Polish too', async () => {
    await changeLocale('pl-PL');
    renderDialog(player(false));
    const dialog = await screen.findByRole('dialog', { name: 'Zostać mistrzem gry?' });
    expect(dialog).toHaveTextContent('Najpierw potwierdź swój adres e-mail');
    expect(within(dialog).getByRole('button', { name: 'Zostań mistrzem gry' })).toBeDisabled();
  });

  it('lets a player with a proven address become a game master', async () => {
    renderDialog(player(true));
    const dialog = await screen.findByRole('dialog', { name: 'Become a game master?' });
    expect(
      within(dialog).queryByRole('button', { name: 'Send the link again' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Become game master' })).toBeEnabled();
  });
});
