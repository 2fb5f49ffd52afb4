import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import type { SeriesApplication } from '../api/applications';
import { ApplyDialog, MoveDialog } from './application-dialogs';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const series = {
  id: '0195f0c4-0000-7000-8000-0000000000aa',
  title: 'Lighthouse Watch',
  min_player_age: 16,
};

const pending: SeriesApplication = {
  id: '0195f0c4-0000-7000-8000-0000000000dd',
  series_id: series.id,
  series_handle: 'lighthouse-watch',
  series_title: series.title,
  player_id: '0195f0c4-0000-7000-8000-000000000002',
  player_display_name: 'Ilse',
  applicant: { experience_level: 'advanced', claimed_years_experience: 4, sessions_played: 1 },
  game_master_id: '0195f0c4-0000-7000-8000-000000000001',
  status: 'pending',
  message: 'Hello!',
  reply_message: null,
  history: [
    {
      action: 'applied',
      author_id: '0195f0c4-0000-7000-8000-000000000002',
      message: 'Hello!',
      at: '2026-11-25T10:00:00Z',
    },
  ],
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  version: 1,
};

function refusal(code: string, message: string) {
  return jsonResponse(409, { error: { type: 'not_allowed', code, message, fields: {} } });
}

describe('the applications dialogs', { timeout: 30_000 }, () => {
  let requests: { method: string; path: string; body: unknown }[];
  let answer: () => Response;

  beforeEach(async () => {
    await changeLocale('en-GB');
    requests = [];
    answer = () => jsonResponse(201, pending);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const body: unknown = request.method === 'GET' ? undefined : await request.json();
        requests.push({ method: request.method, path: new URL(request.url).pathname, body });
        return answer();
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the application with its message and closes', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(<ApplyDialog open onOpenChange={onOpenChange} series={series} />);
    await user.type(
      await screen.findByRole('textbox', { name: 'Message (optional)' }),
      '  I bring snacks.  ',
    );
    expect(screen.getByText('19/1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/series-applications',
        body: { series_id: series.id, message: 'I bring snacks.' },
      },
    ]);
  });

  it('leaves an empty message out, and shows a refusal in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    answer = () => refusal('series_full', 'This series is full');
    const onOpenChange = vi.fn();
    renderWithProviders(<ApplyDialog open onOpenChange={onOpenChange} series={series} />);
    await user.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This series is full');
    expect(requests[0]?.body).toEqual({ series_id: series.id });
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('points to the profile when the birthdate is missing', async () => {
    const user = userEvent.setup();
    answer = () => refusal('birthdate_required', 'Add your date of birth');
    renderWithProviders(<ApplyDialog open onOpenChange={vi.fn()} series={series} />);
    await user.click(await screen.findByRole('button', { name: 'Send application' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Add your date of birth to your profile before applying to this series',
    );
    expect(screen.getByRole('link', { name: 'Add it to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('accepts with a reply at the application’s address', async () => {
    const user = userEvent.setup();
    answer = () => jsonResponse(200, { ...pending, status: 'accepted' });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <MoveDialog open onOpenChange={onOpenChange} move="accept" application={pending} />,
    );
    expect(await screen.findByText('Ilse joins Lighthouse Watch and takes a seat.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Message (optional)' }), 'Welcome!');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: `/api/series-applications/${pending.id}/accept`,
        body: { message: 'Welcome!' },
      },
    ]);
  });

  it('removes a player at the series’ players address', async () => {
    const user = userEvent.setup();
    answer = () => jsonResponse(200, { ...pending, status: 'rejected' });
    renderWithProviders(
      <MoveDialog open onOpenChange={vi.fn()} move="remove" application={pending} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Remove player' }));
    await waitFor(() => {
      expect(requests).toHaveLength(1);
    });
    expect(requests[0]).toEqual({
      method: 'POST',
      path: `/api/series/${series.id}/players/${pending.player_id}/remove`,
      body: {},
    });
  });
});
