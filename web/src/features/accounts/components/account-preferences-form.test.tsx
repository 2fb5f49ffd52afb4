import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { activeLocale, changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import type { AccountView } from '@/lib/auth/current-user';
import { AccountPreferencesForm } from './account-preferences-form';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const account: AccountView = {
  account_id: '0195f0c4-0000-7000-8000-000000000001',
  email_verified: true,
  has_password: true,
  locale: 'en-GB',
  member_since: '2026-01-01T00:00:00Z',
  primary_email: { email: 'ada@example.com' },
  roles: ['player'],
  status: 'active',
  time_zone: 'Europe/London',
};

describe('AccountPreferencesForm', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

  beforeEach(async () => {
    await changeLocale('en-GB');
    fetchMock = vi.fn<(request: Request) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the language is the e-mails’ and changing it leaves the interface as it is', async () => {
    const user = userEvent.setup();
    const sent: { method: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: request.method, body });
      return jsonResponse(200, {
        authenticated: true,
        user: { id: account.account_id, name: 'Ada', roles: ['player'] },
        account: { ...account, ...body },
      });
    });
    renderWithProviders(<AccountPreferencesForm account={account} />);
    const language = screen.getByRole('combobox', { name: 'E-mail language' });
    language.focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Polski' }));
    await user.click(screen.getByRole('button', { name: 'Time zone' }));
    await user.click(screen.getByPlaceholderText('Search by city, region or UTC offset'));
    await user.paste('warsz');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    expect(sent).toEqual([
      { method: 'PATCH', body: { locale: 'pl-PL', time_zone: 'Europe/Warsaw' } },
    ]);
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    // The e-mail language is not the interface language.
    expect(activeLocale()).toBe('en-GB');
    expect(screen.getByRole('button', { name: 'Time zone' })).toHaveTextContent(
      /^Warsaw \(UTC\+0[12]:00\)$/,
    );
  });
});
