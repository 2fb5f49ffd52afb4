/**
 * Issue 15's story, with the game master and a player at two screens: the GM creates a session of an active series
 * for the player they accepted and fixes its schedule; the player confirms with a message and marks ready; the GM,
 * whose page is open, sees the history grow without a reload, starts preparation (the journeys' server opens it a
 * day ahead, so nobody waits) and then the session; both see the timer run; the GM completes it and the player's
 * view says they participated. axe-core checks every screen; screenshots at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test';

import { capture, gameMaster, person } from './support/people';
import { activeSeriesWithPlayer } from './support/sessions';

/** Two hours from now on Warsaw's wall clock (the people's zone), as the form's date and hh:mm fields show it. */
function inTwoHours(): { day: number; month: string; year: number; time: string } {
  const at = new Date(Date.now() + 2 * 60 * 60 * 1000);
  const parts: Record<string, string> = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Warsaw',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: Number(parts.day),
    month: parts.month ?? '',
    year: Number(parts.year),
    time: `${parts.hour}:${parts.minute}`,
  };
}

function sessionStatus(page: Page) {
  return page.getByTestId('session-status');
}

test('a game master runs a session from creation to completion with a player watching live', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Sunken Bell ${suffix}`;

  // The GM's active series and the player they accepted, set up through the API.
  const gm = await gameMaster(browser, 'Maren');
  const player = await person(browser, 'Ilse');
  await activeSeriesWithPlayer(gm, player, title, 2);

  // The GM's My Sessions is empty; the palette's create session opens the form.
  await gm.page.goto('/dashboard/gm/my-sessions');
  await expect(gm.page).toHaveTitle('My Sessions · Questline');
  await expect(gm.page.getByRole('heading', { level: 1, name: 'My Sessions' })).toBeVisible();
  await capture(gm.page, 'sessions-gm-empty');
  await gm.page.keyboard.press('Control+k');
  const palette = gm.page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await gm.page.keyboard.type('create session');
  await palette.getByRole('option', { name: 'Create session', exact: true }).click();
  // The address changes once the lazy page's code and data are in: allow for a busy machine.
  const pageLoad = { timeout: 15_000 };
  await expect(gm.page).toHaveURL(/\/dashboard\/gm\/my-sessions\/create$/, pageLoad);

  // The form: the series, the player, a date two hours ahead, a 90-minute session.
  const when = inTwoHours();
  await gm.page.getByRole('combobox', { name: 'Series' }).click();
  await gm.page.getByRole('option', { name: title }).click();
  await gm.page.getByRole('checkbox', { name: 'Ilse' }).check();
  // The calendar opens on the series' next planned date, which may be in another month than two hours from now
  // (at the end of a month): go there, forwards or back.
  const calendar = gm.page.getByRole('grid');
  const months = Array.from({ length: 12 }, (_, index) =>
    new Intl.DateTimeFormat('en-GB', { month: 'long' }).format(new Date(2026, index, 1)),
  );
  for (let step = 0; step < 24; step += 1) {
    const [shownMonth = '', shownYear = ''] = (
      (await calendar.getAttribute('aria-label')) ?? ''
    ).split(' ');
    const ahead =
      (when.year - Number(shownYear)) * 12 +
      months.indexOf(when.month) -
      months.indexOf(shownMonth);
    if (ahead === 0) break;
    await gm.page
      .getByRole('button', { name: ahead > 0 ? /next month/i : /previous month/i })
      .click();
  }
  await expect(calendar).toHaveAttribute('aria-label', `${when.month} ${when.year}`);
  await calendar
    .getByRole('button', { name: new RegExp(`\\b${when.day}\\b.*${when.month}`) })
    .click();
  const time = gm.page.getByRole('textbox', { name: 'Time' });
  await time.fill('');
  await time.pressSequentially(when.time.replace(':', ''));
  await expect(time).toHaveValue(when.time);
  await gm.page.getByRole('spinbutton', { name: 'Duration (minutes)' }).fill('90');
  await capture(gm.page, 'sessions-create');
  await gm.page.getByRole('button', { name: 'Create session' }).click();
  await expect(gm.page.getByText('Session created successfully')).toBeVisible();
  await expect(gm.page).toHaveURL(/\/dashboard\/gm\/my-sessions\/[0-9a-f-]{36}$/, pageLoad);
  const sessionPath = new URL(gm.page.url()).pathname;
  const sessionId = sessionPath.slice(sessionPath.lastIndexOf('/') + 1);
  await expect(gm.page).toHaveTitle('Session · Questline');
  await expect(gm.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(sessionStatus(gm.page)).toHaveText('Planning');
  const participants = gm.page.getByTestId('session-participants');
  await expect(participants.getByText('Ilse')).toBeVisible();
  await expect(participants.getByText('Invited')).toBeVisible();
  await capture(gm.page, 'sessions-gm-planning');

  // Fixing the schedule asks the player to confirm the date.
  await gm.page.getByRole('button', { name: 'Fix schedule' }).click();
  await expect(gm.page.getByText('Session schedule fixed successfully')).toBeVisible();
  await expect(sessionStatus(gm.page)).toHaveText('Scheduled');
  await expect(gm.page.getByRole('button', { name: 'Start session' })).toHaveCount(0);

  // The player finds it in My Sessions and confirms with a message, then marks ready.
  await player.page.goto('/dashboard');
  await player.page
    .locator('aside[data-sidebar="main"]')
    .getByRole('link', { name: 'My Sessions' })
    .click();
  await expect(player.page).toHaveTitle('My Sessions · Questline');
  await capture(player.page, 'sessions-player-list');
  await player.page.getByRole('link', { name: title }).click();
  await expect(player.page).toHaveURL(
    new RegExp(`/dashboard/player/my-sessions/${sessionId}$`),
    pageLoad,
  );
  await expect(player.page).toHaveTitle('Session · Questline');
  await expect(sessionStatus(player.page)).toHaveText('Scheduled');
  const timer = player.page.getByRole('timer');
  await expect(timer).toContainText('Starts in');
  await player.page.getByRole('button', { name: 'Confirm participation' }).click();
  const confirmDialog = player.page.getByRole('dialog', { name: 'Confirm participation' });
  await confirmDialog
    .getByRole('textbox', { name: 'Message to the GM (optional)' })
    .fill('I will bring the map of the bay.');
  await capture(player.page, 'sessions-player-confirm', false);
  await confirmDialog.getByRole('button', { name: 'Confirm participation' }).click();
  await expect(player.page.getByText('Participation confirmed successfully')).toBeVisible();
  const mine = player.page.getByTestId('own-participation');
  await expect(mine.getByTestId('participant-status')).toHaveText('Confirmed');

  // The GM sees the confirmation and its message arrive without a reload.
  const history = gm.page.getByTestId('session-history');
  await expect(history.getByText('I will bring the map of the bay.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(participants.getByText('Confirmed')).toBeVisible();

  await player.page.getByRole('button', { name: 'Ready for participation' }).click();
  const readyDialog = player.page.getByRole('dialog', { name: 'Ready for participation' });
  await readyDialog.getByRole('button', { name: 'Ready for participation' }).click();
  await expect(player.page.getByText('Ready status updated successfully')).toBeVisible();
  await expect(mine.getByTestId('participant-status')).toHaveText('Ready');
  await capture(player.page, 'sessions-player-ready');
  await expect(participants.getByText('Ready', { exact: true })).toBeVisible({ timeout: 15_000 });

  // Preparation: the one ready player is enough, so the session is ready to start at once.
  await gm.page.getByRole('button', { name: 'Start preparation' }).click();
  await expect(gm.page.getByText('Session preparation started successfully')).toBeVisible();
  await expect(sessionStatus(gm.page)).toHaveText('Ready to start');
  await gm.page.getByRole('button', { name: 'Start session' }).click();
  await expect(gm.page.getByText('Session started successfully')).toBeVisible();
  await expect(sessionStatus(gm.page)).toHaveText('In progress');

  // Both see the timer run; the player's page changed without a reload.
  const gmTimer = gm.page.getByRole('timer');
  const first = await gmTimer.textContent();
  await expect(gmTimer).not.toHaveText(first ?? '', { timeout: 5_000 });
  await expect(sessionStatus(player.page)).toHaveText('In progress', { timeout: 15_000 });
  await expect(mine.getByTestId('participant-status')).toHaveText('Participating');
  const playerTimer = player.page.getByRole('timer');
  const seen = await playerTimer.textContent();
  await expect(playerTimer).not.toHaveText(seen ?? '', { timeout: 5_000 });
  await capture(gm.page, 'sessions-gm-in-progress');
  await capture(player.page, 'sessions-player-in-progress');

  // The GM completes it (irreversible, so asked first); the player's view says they participated.
  await gm.page.getByRole('button', { name: 'Complete session' }).click();
  const completeDialog = gm.page.getByRole('dialog', { name: 'Complete session' });
  await completeDialog.getByRole('button', { name: 'Complete session' }).click();
  await expect(gm.page.getByText('Session completed successfully')).toBeVisible();
  await expect(sessionStatus(gm.page)).toHaveText('Completed');
  await capture(gm.page, 'sessions-gm-completed');
  await expect(sessionStatus(player.page)).toHaveText('Completed', { timeout: 15_000 });
  await expect(mine.getByTestId('participant-status')).toHaveText('Participated');
  await capture(player.page, 'sessions-player-completed');

  await Promise.all([gm.context.close(), player.context.close()]);
});
