import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { EventFrame } from '@/features/realtime';
import { changeLocale } from '@/lib/i18n';
import { createI18n } from '@/lib/i18n/create-i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import type { Notification } from '../api/types';
import { NotificationBell } from './notification-bell';

// The realtime front door's listeners: the test plays the connection and hands frames to them.
const listeners = vi.hoisted(() => new Set<(event: EventFrame) => void>());
vi.mock('@/features/realtime', () => ({
  subscribeToEvents: (listener: (event: EventFrame) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
}));

function emitEvent(event: EventFrame) {
  for (const listener of listeners) listener(event);
}

vi.mock('../api/client', async () => {
  const { createApiClient } = await import('@/lib/api/client');
  return { notificationsApi: createApiClient({ baseUrl: 'http://localhost' }) };
});

function notification(id: string, title: string, read = false): Notification {
  return {
    id,
    kind: 'application_accepted',
    created_at: new Date(Date.now() - 60_000).toISOString(),
    read_at: read ? new Date().toISOString() : null,
    link: `/questboard/${title.toLowerCase().replace(/ /g, '-')}`,
    params: { series_title: title },
  };
}

/** A server holding `stored` (newest first) that records every request. */
function stubServer(stored: Notification[]) {
  const requests: string[] = [];
  let items = [...stored];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      if (request.method === 'GET' && url.pathname === '/api/notifications') {
        const limit = Number(url.searchParams.get('limit'));
        return Promise.resolve(
          jsonResponse(200, {
            items: items.slice(0, limit),
            count: items.length,
            offset: 0,
            limit,
            unread_count: items.filter((item) => item.read_at === null).length,
          }),
        );
      }
      if (request.method === 'POST' && url.pathname === '/api/notifications/read-all') {
        items = items.map((item) => ({
          ...item,
          read_at: item.read_at ?? new Date().toISOString(),
        }));
        return Promise.resolve(jsonResponse(204, null));
      }
      const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(url.pathname);
      const target = items.find((item) => item.id === read?.[1]);
      if (request.method === 'POST' && target) {
        target.read_at = new Date().toISOString();
        return Promise.resolve(jsonResponse(200, target));
      }
      return Promise.resolve(
        jsonResponse(404, {
          error: { type: 'not_found', code: 'not_found', message: 'Not found' },
        }),
      );
    }),
  );
  return {
    requests,
    add: (item: Notification) => {
      items = [item, ...items];
    },
  };
}

describe('the notification bell', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('rises live without a request, toasts the news, and "Mark all as read" resets it', async () => {
    const user = userEvent.setup();
    const server = stubServer([
      notification('n1', 'Lighthouse Watch'),
      notification('n0', 'Harbour Lights', true),
    ]);
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('1');
    expect(server.requests).toEqual(['GET /api/notifications']);

    // A frame arrives: the count rises at once, from the frame alone.
    const arrived = notification('n2', 'Storm Coast');
    server.add(arrived);
    act(() => {
      emitEvent({
        v: '1',
        channel: 'qls.events',
        type: 'created',
        entity: 'notification',
        id: arrived.id,
        data: arrived,
      });
    });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
    expect(server.requests).toEqual(['GET /api/notifications']);
    // The toast words it and offers to view it.
    expect(
      await screen.findByText('Your application to Storm Coast was accepted'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
    // A frame about something else, or a repeat of the same one, changes nothing.
    act(() => {
      emitEvent({ v: '1', channel: 'qls.events', type: 'created', entity: 'chat', id: 'x' });
      emitEvent({
        v: '1',
        channel: 'qls.events',
        type: 'created',
        entity: 'notification',
        id: arrived.id,
        data: arrived,
      });
    });
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    // The panel lists the latest, newest first, unread ones marked.
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByTestId('notification-panel');
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Your application to Storm Coast was accepted'),
      expect.stringContaining('Your application to Lighthouse Watch was accepted'),
      expect.stringContaining('Your application to Harbour Lights was accepted'),
    ]);
    expect(items.map((item) => item.dataset.read)).toEqual(['false', 'false', 'true']);
    expect(items[0]).toHaveAttribute('href', '/questboard/storm-coast');
    expect(within(panel).getByRole('menuitem', { name: 'See all' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await user.click(within(panel).getByRole('menuitem', { name: 'Mark all as read' }));
    // The menu stays open and shows everything read.
    await waitFor(() => {
      expect(
        within(panel)
          .getAllByTestId('notification-item')
          .every((item) => item.dataset.read === 'true'),
      ).toBe(true);
    });
    expect(server.requests).toContain('POST /api/notifications/read-all');
    expect(within(panel).queryByRole('menuitem', { name: 'Mark all as read' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
  });

  it("follows a live notification from the toast's View, marking it read", async () => {
    const server = stubServer([]);
    const { router } = renderWithProviders(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications' });
    const arrived = notification('n9', 'Quiet Harbour');
    server.add(arrived);
    act(() => {
      emitEvent({
        v: '1',
        channel: 'qls.events',
        type: 'created',
        entity: 'notification',
        id: arrived.id,
        data: arrived,
      });
    });
    // A click alone: sonner's swipe handling asks for pointer capture, which jsdom lacks.
    const shown = (
      await screen.findByText('Your application to Quiet Harbour was accepted')
    ).closest<HTMLElement>('[data-sonner-toast]');
    if (!shown) throw new Error('no toast');
    fireEvent.click(within(shown).getByRole('button', { name: 'View' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/questboard/quiet-harbour');
    });
    expect(server.requests).toContain('POST /api/notifications/n9/read');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says an empty panel has nothing new', async () => {
    const user = userEvent.setup();
    stubServer([]);
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Nothing new yet')).toBeInTheDocument();
  });

  it('names the unread count with Polish plural forms', () => {
    const t = createI18n('pl-PL').t;
    const label = (count: number) => t('notifications.bell.labelUnread', { count });
    expect(label(1)).toBe('Powiadomienia, 1 nieprzeczytane');
    expect(label(2)).toBe('Powiadomienia, 2 nieprzeczytane');
    expect(label(4)).toBe('Powiadomienia, 4 nieprzeczytane');
    expect(label(5)).toBe('Powiadomienia, 5 nieprzeczytanych');
    expect(label(12)).toBe('Powiadomienia, 12 nieprzeczytanych');
    expect(label(22)).toBe('Powiadomienia, 22 nieprzeczytane');
    expect(label(1000)).toBe('Powiadomienia, 1000 nieprzeczytanych');
    const english = createI18n('en-GB').t;
    expect(english('notifications.bell.labelUnread', { count: 1 })).toBe('Notifications, 1 unread');
    expect(english('notifications.bell.labelUnread', { count: 3 })).toBe('Notifications, 3 unread');
  });
});
