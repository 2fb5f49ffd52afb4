/**
 * Issue 32's session pages, tried again: the GM's page says what a session in preparation waits for ("2 of 3
 * players ready"); lowering the series' minimum moves the session on by itself, live; the participants table
 * works at 375 px in English and in Polish (no sideways scroll, every button whole and inside the window); a
 * player who opens the GM's link of their own session lands on their own page; a malformed session link says
 * "Session not found" with a way back. axe-core checks every screen; screenshots at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test';

import { capture, csrf, gameMaster, person, publishedSeries, type Person } from './support/people';

async function ok(_page: Page, response: ReturnType<Page['request']['post']>, status = 200) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  const body: unknown = await answer.json();
  return body;
}

function mainSidebar(page: Page) {
  return page.locator('aside[data-sidebar="main"]');
}

async function switchLanguage(page: Page, from: 'Language' | 'Język', to: string) {
  await mainSidebar(page).getByRole('button', { name: from }).click();
  await page.getByRole('menuitemradio', { name: to }).click();
}

/** At 375 px: nothing scrolls sideways and each participant's buttons are whole, inside the window. */
async function fitsAt375(page: Page, at: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `sideways scroll ${at}`,
    })
    .toBeLessThanOrEqual(375);
  const rows = page.getByTestId('participant-row');
  await expect(rows).toHaveCount(2);
  for (const button of await rows.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box, `a button of the participants ${at}`).not.toBeNull();
    if (box) expect(box.x + box.width, `button inside the window ${at}`).toBeLessThanOrEqual(375);
    expect(
      await button.evaluate((element) => element.scrollWidth > element.clientWidth),
      `button cut ${at}`,
    ).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the GM's session page says what it waits for, moves on with a lower minimum and fits a phone", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Amber Lantern ${suffix}`;
  const gm = await gameMaster(browser, 'Maren');
  const series = await publishedSeries(gm.page.request, title, 4);
  const players: Person[] = [
    await person(browser, 'Szczebrzeszynska'),
    await person(browser, 'Featherstonehaugh'),
  ];
  await ok(
    gm.page,
    gm.page.request.patch(`/api/series/${series.id}`, {
      headers: csrf,
      data: {
        lifecycle_status: 'active',
        recruitment_status: 'open',
        min_players: 3,
        max_players: 4,
        min_player_age: 16,
      },
    }),
  );
  for (const player of players) {
    const application = (await ok(
      player.page,
      player.page.request.post('/api/series-applications', {
        headers: csrf,
        data: { series_id: series.id },
      }),
      201,
    )) as { id: string };
    await ok(
      gm.page,
      gm.page.request.post(`/api/series-applications/${application.id}/accept`, {
        headers: csrf,
        data: {},
      }),
    );
  }
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
  start.setUTCSeconds(0, 0);
  const session = (await ok(
    gm.page,
    gm.page.request.post('/api/sessions', {
      headers: csrf,
      data: {
        series_id: series.id,
        participant_ids: players.map((player) => player.id),
        schedule: { scheduled_start_datetime: start.toISOString(), scheduled_duration_minutes: 90 },
      },
    }),
    201,
  )) as { id: string };
  const move = (who: Person, action: string) =>
    ok(
      who.page,
      who.page.request.post(`/api/sessions/${session.id}/${action}`, { headers: csrf, data: {} }),
    );
  await move(gm, 'fix-schedule');
  for (const player of players) {
    await move(player, 'confirm');
    await move(player, 'ready');
  }
  await move(gm, 'start-preparation');

  // The GM reads what the session waits for.
  await gm.page.goto(`/dashboard/gm/my-sessions/${session.id}`);
  await expect(gm.page.getByTestId('session-status')).toHaveText('Waiting for players', {
    timeout: 60_000,
  });
  await expect(gm.page.getByTestId('session-progress')).toHaveText('2 of 3 players ready');
  await capture(gm.page, 'sessions-mending-waiting');
  await fitsAt375(gm.page, 'in English');

  // In Polish the table still fits a phone.
  await switchLanguage(gm.page, 'Language', 'Polski');
  await expect(gm.page.getByTestId('session-progress')).toHaveText('Gotowość: 2 z 3 graczy');
  await capture(gm.page, 'sessions-mending-waiting-pl');
  await fitsAt375(gm.page, 'in Polish');
  await switchLanguage(gm.page, 'Język', 'English');

  // Two players are enough now: the page moves on by itself.
  await ok(
    gm.page,
    gm.page.request.patch(`/api/series/${series.id}`, {
      headers: csrf,
      data: { min_players: 2, max_players: 4, min_player_age: 16 },
    }),
  );
  await expect(gm.page.getByTestId('session-status')).toHaveText('Ready to start');
  await expect(gm.page.getByTestId('session-progress')).toHaveCount(0);
  await capture(gm.page, 'sessions-mending-ready');

  // A player who opens the GM's link of their own session lands on their page of it.
  const [first] = players;
  if (!first) throw new Error('no player');
  await first.page.goto(`/dashboard/gm/my-sessions/${session.id}`);
  await expect(first.page).toHaveURL(`/dashboard/player/my-sessions/${session.id}`);
  await expect(first.page.getByTestId('own-participation')).toBeVisible();

  // A malformed link is the session's own "not found", with the way back.
  await first.page.goto('/dashboard/player/my-sessions/not-a-session');
  await expect(
    first.page.getByRole('heading', { level: 1, name: 'Session not found' }),
  ).toBeVisible();
  await expect(first.page.getByRole('link', { name: /back/i }).first()).toBeVisible();
  await capture(first.page, 'sessions-mending-not-found');
});
