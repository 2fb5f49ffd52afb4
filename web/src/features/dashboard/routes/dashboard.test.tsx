import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatScheduleTime, formatWhen } from '@/lib/format';
import { mySeriesQueryOptions } from '@/features/series';
import { changeLocale } from '@/lib/i18n';
import { createTestQueryClient, renderWithProviders } from '@/test/render';

import { dashboardQueryKey, type Dashboard } from '../api/dashboard';
import { DashboardPage } from './dashboard';

const series = {
  id: '0195f0c4-0000-7000-8000-0000000000aa',
  handle: 'lighthouse-watch',
  title: 'Lighthouse Watch',
  time_zone: 'Europe/Warsaw',
};
const sessionId = '0195f0c4-0000-7000-8000-0000000000ee';
const start = '2030-06-11T16:30:00Z';

const player: Dashboard['player'] = {
  next_sessions: [
    {
      id: sessionId,
      series,
      status: 'scheduled',
      scheduled_start_datetime: start,
      scheduled_duration_minutes: 120,
      my_status: 'invited',
    },
  ],
  actions: [
    {
      kind: 'confirm',
      series,
      session: { id: sessionId, status: 'scheduled', scheduled_start_datetime: start },
      count: null,
      payment: null,
    },
  ],
};

function render(dashboard: Dashboard, activity?: ReactNode, gmSeries = 0) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(dashboardQueryKey, dashboard);
  queryClient.setQueryData(mySeriesQueryOptions(0).queryKey, {
    items: [],
    count: gmSeries,
    offset: 0,
    limit: 20,
  });
  return renderWithProviders(<DashboardPage activity={activity} />, { queryClient });
}

describe('the Dashboard page', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-11T14:00:00Z'));
    await changeLocale('en-GB');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a player their next session with its countdown and the confirmation waiting', () => {
    render({ generated_at: start, refresh_at: null, player, gm: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const mine = screen.getByTestId('dashboard-player');
    const next = within(mine).getByTestId('next-session');
    expect(within(next).getByRole('link', { name: 'Lighthouse Watch' })).toHaveAttribute(
      'href',
      `/dashboard/player/my-sessions/${sessionId}`,
    );
    expect(within(next).getByTestId('countdown')).toHaveTextContent('in 2 hours');
    // In the viewer's zone (this test's clock); the schedule's Warsaw clock in a note where it differs.
    expect(within(next).getByText(formatWhen('en-GB', start))).toBeInTheDocument();
    if (formatScheduleTime('en-GB', start, 'Europe/Warsaw') !== undefined) {
      expect(within(next).getByTestId('schedule-time')).toHaveTextContent(
        'Schedule: Tue 11 Jun, 18:30, Central European Time',
      );
    }
    expect(within(next).getByText('You: Invited')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Confirm participation' })).toHaveAttribute(
      'href',
      `/dashboard/player/my-sessions/${sessionId}`,
    );
    expect(screen.queryByTestId('dashboard-gm')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent activity' })).toBeInTheDocument();
    expect(screen.getByText('Nothing new yet.')).toBeInTheDocument();
  });

  it('says what to do next when nothing is coming, and shows the activity given to it', () => {
    render(
      {
        generated_at: start,
        refresh_at: null,
        player: { next_sessions: [], actions: [] },
        gm: { next_sessions: [], actions: [] },
      },
      <p>Ilse confirmed</p>,
    );
    const mine = screen.getByTestId('dashboard-player');
    expect(
      within(mine).getByRole('link', { name: 'Find a game on the Questboard' }),
    ).toHaveAttribute('href', '/questboard');
    expect(within(mine).getByText('Nothing waits for you right now.')).toBeInTheDocument();
    const gm = screen.getByTestId('dashboard-gm');
    expect(within(gm).getByRole('link', { name: 'Create a blueprint' })).toHaveAttribute(
      'href',
      '/dashboard/gm/activity-blueprints',
    );
    expect(screen.getByText('Ilse confirmed')).toBeInTheDocument();
    expect(screen.queryByText('Nothing new yet.')).not.toBeInTheDocument();
  });

  it('tells a GM who has series to plan a session, not to start with a blueprint', () => {
    render(
      {
        generated_at: start,
        refresh_at: null,
        player: { next_sessions: [], actions: [] },
        gm: { next_sessions: [], actions: [] },
      },
      undefined,
      4,
    );
    const gm = screen.getByTestId('dashboard-gm');
    expect(within(gm).queryByRole('link', { name: 'Create a blueprint' })).not.toBeInTheDocument();
    expect(within(gm).queryByText(/Start with a blueprint/)).not.toBeInTheDocument();
    expect(within(gm).getByRole('link', { name: 'Go to My Series' })).toHaveAttribute(
      'href',
      '/dashboard/gm/my-series',
    );
  });

  it('counts a GM’s applications to review in Polish plural forms', async () => {
    await changeLocale('pl-PL');
    const review = (count: number) => ({
      kind: 'review_applications' as const,
      series: { ...series, id: `${series.id.slice(0, -2)}${String(count).padStart(2, '0')}` },
      session: null,
      count,
      payment: null,
    });
    render({
      generated_at: start,
      refresh_at: null,
      player: { next_sessions: [], actions: [] },
      gm: { next_sessions: [], actions: [review(1), review(3), review(5)] },
    });
    const gm = screen.getByTestId('dashboard-gm');
    expect(within(gm).getByText('1 zgłoszenie do rozpatrzenia')).toBeInTheDocument();
    expect(within(gm).getByText('3 zgłoszenia do rozpatrzenia')).toBeInTheDocument();
    expect(within(gm).getByText('5 zgłoszeń do rozpatrzenia')).toBeInTheDocument();
    const links = within(gm).getAllByRole('link', { name: 'Rozpatrz zgłoszenia' });
    expect(links[0]).toHaveAttribute(
      'href',
      `/dashboard/gm/my-series/applications?series=${review(1).series.id}&status=pending`,
    );
  });
});
