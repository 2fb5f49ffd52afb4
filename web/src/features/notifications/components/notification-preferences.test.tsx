import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import type { NotificationPreferences } from '../api/types';
import { notificationKinds } from '../lib/kinds';
import { NotificationPreferencesSettings } from './notification-preferences';

vi.mock('../api/client', async () => {
  const { createApiClient } = await import('@/lib/api/client');
  return { notificationsApi: createApiClient({ baseUrl: 'http://localhost' }) };
});

const defaults: NotificationPreferences = {
  email_kinds: notificationKinds.filter((kind) => kind !== 'chat_message'),
  reminder_24h: true,
  reminder_1h: true,
};

function stubServer(put: (body: NotificationPreferences) => Response) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'GET') return jsonResponse(200, defaults);
      const body = (await request.json()) as NotificationPreferences;
      puts.push(body);
      return put(body);
    }),
  );
  return puts;
}

describe('the notification settings', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('shows what is saved, and saves the changed set with a success toast', async () => {
    const user = userEvent.setup();
    const puts = stubServer((body) => jsonResponse(200, body));
    renderWithProviders(<NotificationPreferencesSettings />);
    const chat = await screen.findByRole('checkbox', { name: 'Unread chat message' });
    expect(chat).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Application accepted' })).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(notificationKinds.length);
    const hourBefore = screen.getByRole('switch', { name: '1 hour before' });
    expect(hourBefore).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save notification settings' });
    // Nothing changed yet: nothing to save.
    expect(save).toBeDisabled();

    await user.click(chat);
    await user.click(screen.getByRole('checkbox', { name: 'Payment receipt' }));
    await user.click(hourBefore);
    expect(hourBefore).not.toBeChecked();
    await user.click(save);

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        email_kinds: notificationKinds.filter((kind) => kind !== 'payment_receipt'),
        reminder_24h: true,
        reminder_1h: false,
      },
    ]);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
    });
  });

  it('keeps the choice and says so when saving fails', async () => {
    const user = userEvent.setup();
    stubServer(() =>
      jsonResponse(500, { error: { type: 'unknown_error', code: 'internal', message: 'Boom' } }),
    );
    renderWithProviders(<NotificationPreferencesSettings />);
    await user.click(await screen.findByRole('switch', { name: '24 hours before' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Failed to save notification settings')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '24 hours before' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeEnabled();
  });

  it('reads in Polish', async () => {
    await changeLocale('pl-PL');
    stubServer((body) => jsonResponse(200, body));
    renderWithProviders(<NotificationPreferencesSettings />);
    expect(
      await screen.findByRole('checkbox', { name: 'Nieprzeczytana wiadomość na czacie' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Godzinę wcześniej' })).toBeChecked();
    expect(
      screen.getByRole('button', { name: 'Zapisz ustawienia powiadomień' }),
    ).toBeInTheDocument();
  });
});
