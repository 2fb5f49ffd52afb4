import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import type { Notification } from '../api/types';
import { RecentNotifications } from './recent-notifications';

vi.mock('../api/client', async () => {
  const { createApiClient } = await import('@/lib/api/client');
  return { notificationsApi: createApiClient({ baseUrl: 'http://localhost' }) };
});

function serve(items: Notification[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      urls.push(request.url);
      return Promise.resolve(
        jsonResponse(200, { items, count: items.length, offset: 0, limit: 3, unread_count: 1 }),
      );
    }),
  );
  return urls;
}

describe('recent notifications (the Dashboard’s recent activity)', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  it('lists the latest as links with when they came', async () => {
    const urls = serve([
      {
        id: 'n1',
        kind: 'application_received',
        created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        read_at: null,
        link: '/dashboard/gm/my-series/applications',
        params: { actor_name: 'Ilse', series_title: 'Lighthouse Watch' },
      },
    ]);
    renderWithProviders(<RecentNotifications limit={3} />);
    const list = await screen.findByRole('list', { name: 'Recent notifications' });
    const link = within(list).getByRole('link', { name: 'Ilse applied to Lighthouse Watch' });
    expect(link).toHaveAttribute('href', '/dashboard/gm/my-series/applications');
    expect(within(list).getByText('2 hours ago')).toBeInTheDocument();
    expect(urls[0]).toContain('limit=3');
  });

  it('says when there is nothing yet', async () => {
    serve([]);
    renderWithProviders(<RecentNotifications limit={5} />);
    expect(await screen.findByText('Nothing new yet')).toBeInTheDocument();
  });
});
