import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import { CreateSessionForm } from './create-session-form';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const seriesId = '0195f0c4-0000-7000-8000-0000000000aa';
const playerId = '0195f0c4-0000-7000-8000-000000000002';
const next = new Date(Date.now() + 3 * 24 * 3600 * 1000);
next.setHours(19, 30, 0, 0);

const series = {
  id: seriesId,
  title: 'Lighthouse Watch',
  lifecycle_status: 'active',
  schedule: {
    is_recurring: true,
    next_sessions: [next.toISOString()],
    session_duration_minutes: 180,
    first_date: '2026-01-01',
    start_time: '19:30',
    time_zone: 'Europe/Warsaw',
  },
};

describe('the create-session form', { timeout: 30_000 }, () => {
  let requests: { method: string; path: string; body: unknown }[];

  beforeEach(async () => {
    await changeLocale('en-GB');
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        const body: unknown = request.method === 'GET' ? undefined : await request.json();
        requests.push({ method: request.method, path: url.pathname, body });
        if (url.pathname === '/api/series') {
          return jsonResponse(200, {
            items: [series, { ...series, id: 'draft', title: 'Draft', lifecycle_status: 'draft' }],
            count: 2,
            offset: 0,
            limit: 100,
          });
        }
        if (url.pathname === '/api/gm/series-applications') {
          return jsonResponse(200, {
            items: [{ player_id: playerId, player_display_name: 'Ilse' }],
            count: 1,
            offset: 0,
            limit: 100,
          });
        }
        return jsonResponse(201, { id: 'new-session' });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("proposes the series' next session, asks for a player, and creates the session", async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    renderWithProviders(<CreateSessionForm initialSeries={seriesId} onCreated={onCreated} />);
    expect(await screen.findByRole('checkbox', { name: 'Ilse' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Series' })).toHaveTextContent('Lighthouse Watch');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('19:30');
    expect(screen.getByRole('spinbutton', { name: 'Duration (minutes)' })).toHaveValue(180);

    await user.click(screen.getByRole('button', { name: 'Create session' }));
    expect(await screen.findByText('Player selection is required')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Ilse' }));
    const duration = screen.getByRole('spinbutton', { name: 'Duration (minutes)' });
    await user.clear(duration);
    await user.type(duration, '5000');
    await user.click(screen.getByRole('button', { name: 'Create session' }));
    await waitFor(() => {
      expect(onCreated).toHaveBeenCalledWith({ id: 'new-session' });
    });
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/sessions',
      body: {
        series_id: seriesId,
        participant_ids: [playerId],
        // Longer than a day is clamped to 1440 minutes.
        schedule: {
          scheduled_start_datetime: next.toISOString(),
          scheduled_duration_minutes: 1440,
        },
      },
    });
  });

  it('shows the server field errors on the fields', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/series') {
          return jsonResponse(200, { items: [series], count: 1, offset: 0, limit: 100 });
        }
        if (url.pathname === '/api/gm/series-applications') {
          return jsonResponse(200, {
            items: [{ player_id: playerId, player_display_name: 'Ilse' }],
            count: 1,
            offset: 0,
            limit: 100,
          });
        }
        return jsonResponse(422, {
          error: {
            type: 'invalid_data',
            code: 'validation_failed',
            message: 'Invalid',
            fields: {
              'schedule.scheduled_start_datetime': [
                { code: 'too_soon', message: 'Session must start at least 15 minutes ahead' },
              ],
            },
          },
        });
      }),
    );
    renderWithProviders(<CreateSessionForm initialSeries={seriesId} onCreated={vi.fn()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Ilse' }));
    await user.click(screen.getByRole('button', { name: 'Create session' }));
    expect(
      await screen.findByText('Session must be at least 15 minutes in the future'),
    ).toBeInTheDocument();
  });
  it('opens the calendar on the proposed month and drops an error about the start once it changes', async () => {
    const user = userEvent.setup();
    const later = new Date(Date.now() + 75 * 24 * 3600 * 1000);
    later.setHours(19, 30, 0, 0);
    const laterSeries = {
      ...series,
      schedule: { ...series.schedule, next_sessions: [later.toISOString()] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/series') {
          return jsonResponse(200, { items: [laterSeries], count: 1, offset: 0, limit: 100 });
        }
        if (url.pathname === '/api/gm/series-applications') {
          return jsonResponse(200, {
            items: [{ player_id: playerId, player_display_name: 'Ilse' }],
            count: 1,
            offset: 0,
            limit: 100,
          });
        }
        return jsonResponse(422, {
          error: {
            type: 'invalid_data',
            code: 'validation_failed',
            message: 'Invalid',
            fields: {
              'schedule.scheduled_start_datetime': [
                { code: 'too_soon', message: 'Session must start at least 15 minutes ahead' },
              ],
            },
          },
        });
      }),
    );
    renderWithProviders(<CreateSessionForm initialSeries={seriesId} onCreated={vi.fn()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Ilse' }));
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(
      later,
    );
    const calendar = screen.getByRole('group', { name: 'Date' });
    expect(calendar).toHaveTextContent(month);

    const tooSoon = 'Session must be at least 15 minutes in the future';
    await user.click(screen.getByRole('button', { name: 'Create session' }));
    expect(await screen.findByText(tooSoon)).toBeInTheDocument();
    // Typing a new time, even half of one, answers it.
    fireEvent.change(screen.getByRole('textbox', { name: 'Time' }), { target: { value: '2' } });
    expect(screen.queryByText(tooSoon)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create session' }));
    expect(await screen.findByText(tooSoon)).toBeInTheDocument();
    // So does another day.
    const days = within(within(calendar).getByRole('grid'))
      .getAllByRole('button')
      .filter(
        (day) => !day.hasAttribute('disabled') && day.getAttribute('aria-selected') !== 'true',
      );
    const another = days.at(-1);
    if (!another) throw new Error('no other day to choose');
    await user.click(another);
    expect(screen.queryByText(tooSoon)).not.toBeInTheDocument();
  });
});
