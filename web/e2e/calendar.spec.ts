/**
 * Issue 35's calendars, as a player meets them: invited to a session whose date the GM fixed, the player confirms,
 * opens Account settings, gets a calendar link and copies it; a calendar app (a request with no cookie) reads the
 * feed at that address and finds the session, confirmed. Replacing the link asks first and ends the old address at
 * once. On the session page, "Add to calendar" downloads the one event; the GM's page offers it too. axe-core
 * checks every screen (the account page in Polish too); screenshots at 1280 and 375 px.
 */
import { expect, test } from '@playwright/test';

import { expectAccessibleInPolish } from './support/axe';
import { capture, gameMaster, person, postponeProfileWizardWhenAsked } from './support/people';
import { activeSeriesWithPlayer, fixedSession } from './support/sessions';
import { expectUncovered } from './support/uncovered';

test('a player confirms a session, subscribes to their calendar and adds the session to it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Harbour Lights ${suffix}`;
  const pageLoad = { timeout: 15_000 };

  // The GM's active series, the player they accepted, and a session two hours ahead with its date fixed: set up
  // through the API, as the sessions journey clicks through it.
  const gm = await gameMaster(browser, 'Maren');
  const player = await person(browser, 'Ilse');
  const series = await activeSeriesWithPlayer(gm, player, title);
  const sessionId = await fixedSession(gm, series, player);

  // The player confirms on the session page.
  const page = player.page;
  await player.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseURL ?? '',
  });
  await postponeProfileWizardWhenAsked(page);
  const sessionPage = `/dashboard/player/my-sessions/${sessionId}`;
  await page.goto(sessionPage);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(pageLoad);
  await page.getByRole('button', { name: 'Confirm participation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm participation' });
  await confirm.getByRole('button', { name: 'Confirm participation' }).click();
  await expect(page.getByText('Participation confirmed successfully')).toBeVisible();
  await expect(page.getByTestId('participant-status')).toHaveText('Confirmed');

  // Account settings, from the profile menu: no calendar link until the player asks for one.
  await page.getByTestId('sidebar-profile').click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page).toHaveTitle('Account settings · Questline', pageLoad);
  const calendar = page.getByRole('region', { name: 'Calendar' });
  const getLink = calendar.getByRole('button', { name: 'Get a calendar link' });
  await expect(getLink).toBeVisible();
  await expect(calendar.getByRole('textbox')).toHaveCount(0);
  await calendar.scrollIntoViewIfNeeded();
  await capture(page, 'calendar-account-no-link');

  await getLink.click();
  const field = calendar.getByRole('textbox', { name: 'Your calendar link' });
  await expect(field).toHaveValue(/\/api\/calendar\.ics\?token=/);
  const httpsUrl = await field.inputValue();
  const subscribe = calendar.getByRole('link', { name: 'Subscribe in your calendar app' });
  await expect(subscribe).toHaveAttribute('href', httpsUrl.replace(/^https?:\/\//, 'webcal://'));

  // Copied: the toast says so and covers neither the subscribe link nor "Replace link".
  await calendar.getByRole('button', { name: 'Copy' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Link copied' }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(httpsUrl);
  await expectUncovered(subscribe, 'the subscribe link');
  await expectUncovered(calendar.getByRole('button', { name: 'Replace link' }), 'Replace link');
  await capture(page, 'calendar-account-link');
  await expectAccessibleInPolish(page, 'calendar-account-link');

  // A calendar app has no cookie: the address alone reads the feed, with the confirmed session in it.
  const feed = await request.get(httpsUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const body = await feed.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain(`SUMMARY:${title}`);
  expect(body).toContain('STATUS:CONFIRMED');

  // Replacing the link asks first; the old address stops working at once, the new one works.
  await calendar.getByRole('button', { name: 'Replace link' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace your calendar link?' });
  await expect(replace).toContainText('stops working at once');
  await capture(page, 'calendar-account-replace', false);
  await replace.getByRole('button', { name: 'Replace link' }).click();
  await expect(replace).toBeHidden();
  await expect(field).not.toHaveValue(httpsUrl);
  const newUrl = await field.inputValue();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'The old one no longer works' }),
  ).toBeVisible();
  await expectUncovered(calendar.getByRole('button', { name: 'Copy' }), 'Copy');
  expect((await request.get(httpsUrl)).status()).toBe(404);
  expect(await (await request.get(newUrl)).text()).toContain(`SUMMARY:${title}`);

  // Back to the session through My Sessions: "Add to calendar" downloads the one event.
  await page
    .locator('aside[data-sidebar="main"]')
    .getByRole('link', { name: 'My Sessions' })
    .click();
  await expect(page).toHaveTitle('My Sessions · Questline', pageLoad);
  await capture(page, 'calendar-player-sessions');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${sessionPage}$`), pageLoad);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const add = page.getByRole('link', { name: 'Add to calendar' });
  await expect(add).toHaveAttribute('href', `/api/sessions/${sessionId}/calendar.ics`);
  await expectUncovered(add, 'Add to calendar');
  await capture(page, 'calendar-player-session');
  const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  expect(await download.failure()).toBeNull();

  // The GM's session page offers the same.
  await gm.page.goto(`/dashboard/gm/my-sessions/${sessionId}`);
  await expect(gm.page.getByRole('heading', { level: 1, name: title })).toBeVisible(pageLoad);
  await expect(gm.page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    `/api/sessions/${sessionId}/calendar.ics`,
  );
  await capture(gm.page, 'calendar-gm-session');

  await gm.context.close();
  await player.context.close();
});
