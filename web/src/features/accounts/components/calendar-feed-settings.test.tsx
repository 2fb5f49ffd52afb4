import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import { CalendarFeedSettings } from './calendar-feed-settings';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

function links(token: string) {
  return {
    https_url: `https://questline.example/api/calendar.ics?token=${token}`,
    webcal_url: `webcal://questline.example/api/calendar.ics?token=${token}`,
  };
}

describe('CalendarFeedSettings', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
  let posts: number;

  beforeEach(async () => {
    await changeLocale('en-GB');
    posts = 0;
    fetchMock = vi.fn<(request: Request) => Promise<Response>>();
    // The server's answers: no feed until the first POST; each POST gives a new token.
    fetchMock.mockImplementation((request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/account/calendar');
      if (request.method === 'POST') {
        posts += 1;
        return Promise.resolve(jsonResponse(200, links(`token-${String(posts)}`)));
      }
      return Promise.resolve(
        jsonResponse(200, { feed: posts === 0 ? null : links(`token-${String(posts)}`) }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes no link until asked, then shows it to copy and subscribe to', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CalendarFeedSettings />);
    const get = await screen.findByRole('button', { name: 'Get a calendar link' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(posts).toBe(0);

    await user.click(get);
    const field = await screen.findByRole('textbox', { name: 'Your calendar link' });
    expect(field).toHaveValue(links('token-1').https_url);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute(
      'href',
      links('token-1').webcal_url,
    );
    expect(screen.queryByRole('button', { name: 'Get a calendar link' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(links('token-1').https_url);
  });

  it('asks before replacing the link, and keeps it when the user thinks again', async () => {
    const user = userEvent.setup();
    posts = 1;
    renderWithProviders(<CalendarFeedSettings />);
    const field = await screen.findByRole('textbox', { name: 'Your calendar link' });
    expect(field).toHaveValue(links('token-1').https_url);

    await user.click(screen.getByRole('button', { name: 'Replace link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Replace your calendar link?' });
    expect(dialog).toHaveTextContent('stops working at once, in every calendar app subscribed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(posts).toBe(1);
    expect(field).toHaveValue(links('token-1').https_url);

    await user.click(screen.getByRole('button', { name: 'Replace link' }));
    dialog = await screen.findByRole('dialog', { name: 'Replace your calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace link' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Your calendar link' })).toHaveValue(
        links('token-2').https_url,
      );
    });
    expect(posts).toBe(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Here is your new calendar link. The old one no longer works.'),
    ).toBeInTheDocument();
  });

  it('says it in Polish', async () => {
    await changeLocale('pl-PL');
    posts = 1;
    renderWithProviders(<CalendarFeedSettings />);
    expect(
      await screen.findByRole('textbox', { name: 'Twój link do kalendarza' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skopiuj' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Subskrybuj w aplikacji kalendarza' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wymień link' })).toBeInTheDocument();
  });
});
