/**
 * A session driven through its states by the API, for journeys about what comes after it (reviews): the GM's
 * active series, the player applied and accepted, a session two hours ahead that the player confirms and is ready
 * for, then preparation (the journeys' server opens it a day ahead), start and completion by the GM — the moves
 * the sessions journey clicks through, so this one clicks only through its own screens.
 */
import { expect, type APIResponse } from '@playwright/test';

import { csrf, publishedSeries, type Person, type Series } from './people';

async function ok(response: Promise<APIResponse>, status = 200): Promise<unknown> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return answer.status() === 204 ? undefined : answer.json();
}

/** `gm`'s free series titled `title`, active and recruiting, with room for `seats`, and `player` applied and accepted. */
export async function activeSeriesWithPlayer(
  gm: Person,
  player: Person,
  title: string,
  seats = 1,
): Promise<Series> {
  const series = await publishedSeries(gm.page.request, title, seats);
  await ok(
    gm.page.request.patch(`/api/series/${series.id}`, {
      headers: csrf,
      data: { lifecycle_status: 'active', recruitment_status: 'open' },
    }),
  );
  const application = (await ok(
    player.page.request.post('/api/series-applications', {
      headers: csrf,
      data: { series_id: series.id, message: 'Count me in.' },
    }),
    201,
  )) as { id: string };
  await ok(
    gm.page.request.post(`/api/series-applications/${application.id}/accept`, {
      headers: csrf,
      data: {},
    }),
  );
  return series;
}

/** A session of `series` two hours ahead (whole minutes) with `player` invited and its date fixed; its id. */
export async function fixedSession(
  gm: Person,
  series: Series,
  player: Person,
  durationMinutes = 120,
): Promise<string> {
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
  start.setUTCSeconds(0, 0);
  const session = (await ok(
    gm.page.request.post('/api/sessions', {
      headers: csrf,
      data: {
        series_id: series.id,
        participant_ids: [player.id],
        schedule: {
          scheduled_start_datetime: start.toISOString(),
          scheduled_duration_minutes: durationMinutes,
        },
      },
    }),
    201,
  )) as { id: string };
  await ok(
    gm.page.request.post(`/api/sessions/${session.id}/fix-schedule`, { headers: csrf, data: {} }),
  );
  return session.id;
}

export type CompletedSession = { series: Series; sessionId: string };

/** A free, active series of `gm` titled `title` and one of its sessions, completed, with `player` in it. */
export async function completedSession(
  gm: Person,
  player: Person,
  title: string,
): Promise<CompletedSession> {
  const series = await activeSeriesWithPlayer(gm, player, title);
  const sessionId = await fixedSession(gm, series, player, 90);
  const move = (who: Person, action: string) =>
    ok(who.page.request.post(`/api/sessions/${sessionId}/${action}`, { headers: csrf, data: {} }));
  await move(player, 'confirm');
  await move(player, 'ready');
  await move(gm, 'start-preparation');
  await move(gm, 'start');
  await move(gm, 'complete');
  const mine = (await ok(player.page.request.get(`/api/my-sessions/${sessionId}`))) as {
    status: string;
  };
  expect(mine.status).toBe('completed');
  return { series, sessionId };
}
