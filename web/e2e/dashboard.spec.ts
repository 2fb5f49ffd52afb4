/**
 * Issue 19's Dashboard index: a player invited to a session sees it coming with a live countdown and the
 * confirmation waiting; the action opens the session, confirming there takes it off the Dashboard (mark ready
 * follows). A game master sees the application waiting for their answer, and the action opens Series
 * Applications on it. A newcomer sees what to do next. axe-core checks every screen; screenshots at 1280 and
 * 375 px.
 */
import { expect, test } from '@playwright/test';

import { capture, csrf, gameMaster, person, publishedSeries } from './support/people';

test('the Dashboard shows a player their next session and confirmation, and a GM an application to review', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Lantern Vigil ${suffix}`;
  const pageLoad = { timeout: 15_000 };

  // The GM's active series, a player they accepted and one still waiting, and a session two hours ahead with
  // its date fixed: set up through the API.
  const gm = await gameMaster(browser, 'Maren');
  const series = await publishedSeries(gm.page.request, title, 3);
  expect(
    (
      await gm.page.request.patch(`/api/series/${series.id}`, {
        headers: csrf,
        data: { lifecycle_status: 'active', recruitment_status: 'open' },
      })
    ).status(),
  ).toBe(200);
  const player = await person(browser, 'Ilse');
  const waiting = await person(browser, 'Oskar');
  for (const someone of [player, waiting]) {
    const applied = await someone.page.request.post('/api/series-applications', {
      headers: csrf,
      data: { series_id: series.id },
    });
    expect(applied.status()).toBe(201);
    if (someone === player) {
      const { id } = (await applied.json()) as { id: string };
      const accepted = await gm.page.request.post(`/api/series-applications/${id}/accept`, {
        headers: csrf,
        data: {},
      });
      expect(accepted.status()).toBe(200);
    }
  }
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000 + 5 * 60 * 1000).toISOString();
  const created = await gm.page.request.post('/api/sessions', {
    headers: csrf,
    data: {
      series_id: series.id,
      participant_ids: [player.id],
      schedule: { scheduled_start_datetime: start, scheduled_duration_minutes: 120 },
    },
  });
  expect(created.status()).toBe(201);
  const session = (await created.json()) as { id: string };
  expect(
    (
      await gm.page.request.post(`/api/sessions/${session.id}/fix-schedule`, {
        headers: csrf,
        data: {},
      })
    ).status(),
  ).toBe(200);

  // The player's Dashboard: the session two hours away, and the confirmation it waits for.
  await player.page.goto('/dashboard');
  await expect(player.page).toHaveTitle('Dashboard · Questline');
  await expect(player.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const mine = player.page.getByTestId('dashboard-player');
  const next = mine.getByTestId('next-session');
  await expect(next.getByRole('link', { name: title })).toBeVisible();
  await expect(next.getByTestId('countdown')).toHaveText('in 2 hours');
  await expect(next.getByText('You: Invited')).toBeVisible();
  await expect(player.page.getByTestId('dashboard-gm')).toHaveCount(0);
  const confirm = mine.getByTestId('action').filter({ hasText: title });
  await expect(confirm.getByRole('link', { name: 'Confirm participation' })).toBeVisible();
  await capture(player.page, 'dashboard-player');

  // The action opens the session; confirming there takes it off the Dashboard, and mark ready takes its place.
  await confirm.getByRole('link', { name: 'Confirm participation' }).click();
  await expect(player.page).toHaveURL(
    new RegExp(`/dashboard/player/my-sessions/${session.id}$`),
    pageLoad,
  );
  await player.page.getByRole('button', { name: 'Confirm participation' }).click();
  const dialog = player.page.getByRole('dialog', { name: 'Confirm participation' });
  await dialog.getByRole('button', { name: 'Confirm participation' }).click();
  await expect(player.page.getByText('Participation confirmed successfully')).toBeVisible();
  await player.page
    .locator('aside[data-sidebar="main"]')
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(player.page).toHaveURL(/\/dashboard$/, pageLoad);
  await expect(mine.getByRole('link', { name: 'Confirm participation' })).toHaveCount(0);
  await expect(mine.getByRole('link', { name: 'Mark ready' })).toBeVisible();
  await expect(next.getByText('You: Confirmed')).toBeVisible();
  await capture(player.page, 'dashboard-player-confirmed');

  // The GM's Dashboard: their session to prepare later, and Oskar's application waiting; the action opens
  // Series Applications on that series' pending applications.
  await gm.page.goto('/dashboard');
  const theirs = gm.page.getByTestId('dashboard-gm');
  await expect(theirs.getByTestId('next-session').getByRole('link', { name: title })).toBeVisible();
  const review = theirs.getByTestId('action').filter({ hasText: '1 application to review' });
  await expect(review).toContainText(title);
  await capture(gm.page, 'dashboard-gm');
  await review.getByRole('link', { name: 'Review applications' }).click();
  await expect(gm.page).toHaveURL(
    new RegExp(`/dashboard/gm/my-series/applications\\?series=${series.id}&status=pending$`),
    pageLoad,
  );
  await expect(gm.page).toHaveTitle('Series Applications · Questline');
  await expect(gm.page.getByRole('link', { name: 'Oskar', exact: true })).toBeVisible();

  // Someone with no session yet is told where to find one.
  await waiting.page.goto('/dashboard');
  const empty = waiting.page.getByTestId('dashboard-player');
  await expect(empty.getByText('No sessions coming up')).toBeVisible();
  await expect(empty.getByText('Nothing waits for you right now.')).toBeVisible();
  await capture(waiting.page, 'dashboard-empty');
  await empty.getByRole('link', { name: 'Find a game on the Questboard' }).click();
  await expect(waiting.page).toHaveURL(/\/questboard$/, pageLoad);

  await Promise.all([gm.context.close(), player.context.close(), waiting.context.close()]);
});
