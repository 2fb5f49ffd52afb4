import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import type { Notification } from '../api/types';
import NotificationsRoute from './notifications';

vi.mock('../api/client', async () => {
  const { createApiClient } = await import('@/lib/api/client');
  return { notificationsApi: createApiClient({ baseUrl: 'http://localhost' }) };
});

function notification(index: number, read: boolean): Notification {
  return {
    id: `n${String(index)}`,
    kind: 'session_started',
    created_at: new Date(Date.now() - index * 60_000).toISOString(),
    read_at: read ? new Date().toISOString() : null,
    link: `/dashboard/player/my-sessions/s${String(index)}`,
    params: { series_title: `Series ${String(index)}` },
  };
}

/** 25 notifications, the first 3 unread; answers pages, the unread filter and marks. */
function stubServer() {
  let items = Array.from({ length: 25 }, (_, index) => notification(index, index >= 3));
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(url.pathname);
      if (request.method === 'POST' && read) {
        items = items.map((item) =>
          item.id === read[1] ? { ...item, read_at: new Date().toISOString() } : item,
        );
        return Promise.resolve(
          jsonResponse(
            200,
            items.find((item) => item.id === read[1]),
          ),
        );
      }
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const listed =
        url.searchParams.get('unread_only') === 'true'
          ? items.filter((item) => item.read_at === null)
          : items;
      return Promise.resolve(
        jsonResponse(200, {
          items: listed.slice(offset, offset + limit),
          count: listed.length,
          offset,
          limit,
          unread_count: items.filter((item) => item.read_at === null).length,
        }),
      );
    }),
  );
  return requests;
}

describe('the notifications page', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('shows 20 a page, pages on, filters unread and marks one read', async () => {
    const user = userEvent.setup();
    const requests = stubServer();
    renderWithProviders(<NotificationsRoute />, { path: '/notifications' });
    const list = await screen.findByTestId('notification-list');
    expect(within(list).getAllByTestId('notification-row')).toHaveLength(20);
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('3 unread');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(requests[0]).toBe('GET /api/notifications?offset=0&limit=20&unread_only=false');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getAllByTestId('notification-row')).toHaveLength(5);
    });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Unread' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('notification-row')).toHaveLength(3);
    });
    expect(screen.getByRole('link', { name: 'Unread' })).toHaveAttribute('aria-current', 'page');
    const first = screen.getAllByTestId('notification-row')[0];
    if (!first) throw new Error('no row');
    expect(within(first).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/player/my-sessions/s0',
    );
    await user.click(
      within(first).getByRole('button', {
        name: 'Mark as read: The session of Series 0 has started',
      }),
    );
    await waitFor(() => {
      expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2 unread');
    });
    expect(requests).toContain('POST /api/notifications/n0/read');
  });

  it('says when everything is read, and in Polish counts with the right form', async () => {
    await changeLocale('pl-PL');
    stubServer();
    renderWithProviders(<NotificationsRoute />, { path: '/notifications?filter=unread&page=3' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Wszystko przeczytane' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('3 nieprzeczytane');
    expect(screen.getByRole('link', { name: 'Pokaż wszystkie powiadomienia' })).toBeInTheDocument();
  });
});
