/**
 * Notifications (issue 18), with two people at two screens: a player applies to a game master's published series;
 * the GM's bell rises live; the GM accepts in their own browser; the player's bell count rises without a reload
 * and a toast says so; the player opens the bell, follows the notification to the series page, and it shows read
 * there and on the full list. The player then saves their notification settings, and a forged unsubscribe link
 * is refused on the public page. axe checks every screen; screenshots at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test';

import { expectAccessible, expectAccessibleInPolish } from './support/axe';
import { capture, gameMaster, person, publishedSeries, screens } from './support/people';

/** The bell's menu, open, at 1280 px and at 375 px (where it fits the screen). */
async function capturePanel(page: Page, name: string) {
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  await expectAccessible(page, name);
  await page.screenshot({ path: `${screens}/${name}-1280.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByTestId('notification-bell').click();
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expectAccessible(page, `${name} at 375 px`);
  await page.screenshot({ path: `${screens}/${name}-375.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a player hears live that the GM accepted them, and the notification leads to the series', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Lighthouse Watch ${suffix}`;

  // The game master and their published series; their Series Applications page is open.
  const gm = await gameMaster(browser, 'Maren');
  const series = await publishedSeries(gm.page.request, title);
  await gm.page.goto('/dashboard/gm/my-series/applications');
  const gmBell = gm.page.getByTestId('notification-bell');
  await expect(gmBell).toHaveAccessibleName('Notifications');

  // The player applies from the series page, then goes on to My Games.
  const player = await person(browser, 'Ilse');
  await player.page.goto(`/questboard/${series.handle}`);
  await player.page.getByRole('button', { name: 'Apply Now', exact: true }).click();
  const applyDialog = player.page.getByRole('dialog', { name: `Apply to ${title}` });
  await applyDialog.getByRole('button', { name: 'Send application' }).click();
  await expect(player.page.getByText('Application sent')).toBeVisible();
  // Apply Now gave way to the application: focus lands on its status, not on the page's body.
  await expect(
    player.page.getByTestId('own-application').getByRole('heading', { name: /Your application/ }),
  ).toBeFocused();
  await player.page.goto('/dashboard/player/my-games');
  const bell = player.page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  // The GM's bell rises without a reload: someone applied.
  await expect(gmBell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  await expect(gm.page.getByText(`Ilse applied to ${title}`).first()).toBeVisible();

  // The GM accepts in their own browser.
  const card = gm.page.getByTestId('application-card').filter({ hasText: 'Ilse' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await gm.page
    .getByRole('dialog', { name: 'Accept application' })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  await expect(card.getByTestId('application-status')).toHaveText('Accepted');

  // The player's count rises live (no reload), and a toast says what happened with a way to it.
  const playerUrl = player.page.url();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  await expect(bell.getByTestId('notification-count')).toHaveText('1');
  const toast = player.page
    .locator('[data-sonner-toast]')
    .filter({ hasText: `Your application to ${title} was accepted` });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'View' })).toBeVisible();
  expect(player.page.url()).toBe(playerUrl);
  await capture(player.page, 'notifications-live-toast', false);

  // The bell's menu lists it, unread; following it lands on the series page and marks it read.
  await bell.click();
  const panel = player.page.getByTestId('notification-panel');
  const item = panel
    .getByTestId('notification-item')
    .filter({ hasText: `Your application to ${title} was accepted` });
  await expect(item).toHaveAttribute('data-read', 'false');
  await capturePanel(player.page, 'notifications-bell-panel');
  await bell.click();
  await item.click();
  await expect(player.page).toHaveURL(new RegExp(`/questboard/${series.handle}$`));
  await expect(player.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(bell.getByTestId('notification-count')).toHaveCount(0);

  // The full list shows it read.
  await bell.click();
  await panel.getByRole('menuitem', { name: 'See all' }).click();
  await expect(player.page).toHaveTitle('Notifications · Questline');
  const row = player.page
    .getByTestId('notification-row')
    .filter({ hasText: `Your application to ${title} was accepted` });
  await expect(row).toHaveAttribute('data-read', 'true');
  await expect(player.page.getByTestId('notifications-unread')).toHaveText('0 unread');
  await capture(player.page, 'notifications-list');
  // In Polish too, where "Oznacz wszystkie jako przeczytane" runs longest: nothing scrolls sideways at 375 px.
  await expectAccessibleInPolish(player.page, 'notifications-list');

  // The player chooses e-mail for unread chat messages and no reminder an hour before; it stays saved.
  await player.page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(player.page).toHaveTitle('Account settings · Questline');
  const settings = player.page.getByTestId('notification-preferences');
  await settings.getByRole('checkbox', { name: 'Unread chat message' }).check();
  await settings.getByRole('switch', { name: '1 hour before' }).uncheck();
  await settings.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(player.page.getByText('Notification settings saved')).toBeVisible();
  await capture(player.page, 'notifications-preferences');
  await player.page.reload();
  await expect(settings.getByRole('checkbox', { name: 'Unread chat message' })).toBeChecked();
  await expect(settings.getByRole('switch', { name: '1 hour before' })).not.toBeChecked();
  await expect(settings.getByRole('switch', { name: '24 hours before' })).toBeChecked();

  // A forged unsubscribe link, opened by someone signed out: nothing happens until the button, then it is refused.
  const stranger = await browser.newContext({ locale: 'en-GB' });
  const page = await stranger.newPage();
  await page.goto('/unsubscribe?token=forged-token');
  await expect(page).toHaveTitle('Unsubscribe · Questline');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Unsubscribe from e-mails' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribe-error')).toHaveText(
    /This unsubscribe link is not valid/,
  );
  await capture(page, 'notifications-unsubscribe-refused');

  await Promise.all([gm.context.close(), player.context.close(), stranger.close()]);
});
