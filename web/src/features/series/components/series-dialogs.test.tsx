import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import type { Series } from '../api/series';
import { ScheduleDialog, StatusDialog } from './series-dialogs';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const draft: Series = {
  id: '0195f0c4-0000-7000-8000-0000000000aa',
  handle: 'citadel-tuesdays',
  title: 'Citadel Tuesdays',
  short_description: '',
  game_master_id: '0195f0c4-0000-7000-8000-000000000001',
  activity_blueprint: {
    id: '0195f0c4-0000-7000-8000-0000000000bb',
    handle: 'citadel',
    title: 'Citadel',
  },
  activity_type: 'campaign',
  game_system_id: '0195f0c4-0000-7000-8000-0000000000cc',
  lifecycle_status: 'draft',
  recruitment_status: 'closed',
  pricing: null,
  requirements: null,
  location: null,
  language: 'en',
  thumbnail_url: null,
  banner_url: null,
  schedule: null,
  next_session_at: null,
  seats_taken: 0,
  published_at: null,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  version: 1,
};

describe('the series dialogs', { timeout: 30_000 }, () => {
  let requests: { method: string; path: string; body: unknown }[];
  let answer: () => Response;

  beforeEach(async () => {
    await changeLocale('en-GB');
    requests = [];
    answer = () => jsonResponse(200, draft);
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

  it('keeps recruitment closed and disabled for a draft, and tells why publishing was refused', async () => {
    const user = userEvent.setup();
    answer = () =>
      jsonResponse(409, {
        error: {
          type: 'unexpected_state',
          code: 'series_must_have_schedule_to_publish',
          message: 'Series needs to have a schedule before publishing.',
          fields: {},
        },
      });
    const onOpenChange = vi.fn();
    renderWithProviders(<StatusDialog open onOpenChange={onOpenChange} series={draft} />);
    const recruitment = await screen.findByRole('combobox', { name: 'Recruitment' });
    expect(recruitment).toBeDisabled();
    expect(recruitment).toHaveTextContent('Closed');

    screen.getByRole('combobox', { name: 'Series status' }).focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Published' }));
    expect(screen.getByRole('combobox', { name: 'Recruitment' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Series needs to have a schedule before publishing.',
    );
    expect(requests).toEqual([
      {
        method: 'PATCH',
        path: `/api/series/${draft.id}`,
        body: { lifecycle_status: 'published', recruitment_status: 'closed' },
      },
    ]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says what a recurring schedule lacks, sends nothing until it is complete, then the RRULE', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(<ScheduleDialog open onOpenChange={onOpenChange} series={draft} />);
    await user.type(await screen.findByRole('textbox', { name: 'Start time' }), '1900');
    expect(screen.getByRole('textbox', { name: 'Start time' })).toHaveValue('19:00');
    expect(screen.getByRole('spinbutton', { name: 'Session length (minutes)' })).toHaveValue(60);

    await user.click(screen.getByRole('checkbox', { name: 'Recurring' }));
    expect(screen.getByRole('status')).toHaveTextContent('Choose how often the series repeats');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    screen.getByRole('combobox', { name: 'Repeats' }).focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    expect(screen.getByRole('status')).toHaveTextContent('Choose at least one day of the week');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(requests).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Thursday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.body).toMatchObject({
      start_time: '19:00',
      session_duration_minutes: 60,
      is_recurring: true,
      recurrence_rule: 'FREQ=WEEKLY;BYDAY=TU,TH',
    });
  });
});
