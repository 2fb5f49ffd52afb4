import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import UnsubscribeRoute from './unsubscribe';

vi.mock('../api/client', async () => {
  const { createApiClient } = await import('@/lib/api/client');
  return { notificationsApi: createApiClient({ baseUrl: 'http://localhost' }) };
});

type Sent = { method: string; path: string; token: string | null; csrf: string | null };

function stubServer(answer: () => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      sent.push({
        method: request.method,
        path: url.pathname,
        token: url.searchParams.get('token'),
        csrf: request.headers.get('X-Questline-Csrf'),
      });
      return Promise.resolve(answer());
    }),
  );
  return sent;
}

const badRequest = (code: string) =>
  jsonResponse(400, { error: { type: 'invalid_argument', code, message: 'Bad token' } });

describe('the unsubscribe page', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('changes nothing on opening, and unsubscribes from one kind when the button is pressed', async () => {
    const user = userEvent.setup();
    const sent = stubServer(() => jsonResponse(200, { unsubscribed: 'application_accepted' }));
    renderWithProviders(<UnsubscribeRoute />, { path: '/unsubscribe?token=signed.token' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unsubscribe from e-mails' }),
    ).toBeInTheDocument();
    // Mail scanners open links: nothing is sent until the reader presses the button.
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('You will no longer receive e-mails about “Application accepted”.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', path: '/api/unsubscribe', token: 'signed.token', csrf: '1' },
    ]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/account#notifications',
    );
  });

  it('says so when the link stopped every notification e-mail', async () => {
    const user = userEvent.setup();
    stubServer(() => jsonResponse(200, { unsubscribed: 'all' }));
    renderWithProviders(<UnsubscribeRoute />, { path: '/unsubscribe?token=t' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('You will no longer receive notification e-mails.'),
    ).toBeInTheDocument();
  });

  it('explains a forged or an expired link, and offers the settings instead', async () => {
    const user = userEvent.setup();
    stubServer(() => badRequest('invalid_unsubscribe_token'));
    const first = renderWithProviders(<UnsubscribeRoute />, { path: '/unsubscribe?token=forged' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    first.unmount();

    stubServer(() => badRequest('expired_unsubscribe_token'));
    renderWithProviders(<UnsubscribeRoute />, { path: '/unsubscribe?token=old' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link has expired.',
    );
    expect(screen.getByRole('link', { name: 'Notification settings' })).toBeInTheDocument();
  });

  it('lets the reader try again when the server failed', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubServer(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(503, {
            error: { type: 'unknown_error', code: 'unavailable', message: 'Down' },
          })
        : jsonResponse(200, { unsubscribed: 'all' });
    });
    renderWithProviders(<UnsubscribeRoute />, { path: '/unsubscribe?token=t' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to unsubscribe. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('You will no longer receive notification e-mails.'),
    ).toBeInTheDocument();
  });

  it('needs the link from an e-mail, and reads in Polish', async () => {
    await changeLocale('pl-PL');
    const sent = stubServer(() => jsonResponse(200, { unsubscribed: 'all' }));
    renderWithProviders(<UnsubscribeRoute />, { path: '/unsubscribe' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ta strona wymaga linku do rezygnacji z jednego z naszych e-maili.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ustawienia powiadomień' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
