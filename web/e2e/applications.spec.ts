/**
 * Issue 14's story, with two people at two screens: a player applies to a published series from its Questboard
 * card with a message; the game master, whose Series Applications page is already open, sees it appear without a
 * reload and accepts it with a reply; the player sees 'accepted' on the series page and the series in My Games.
 * The series is now full, so a second player's application is refused with the reason shown in the dialog. The
 * first player then cancels and reopens. axe-core checks every screen; screenshots at 1280 and 375 px.
 */
import { expect, test } from '@playwright/test';

import { capture, gameMaster, person, publishedSeries } from './support/people';

test('a player applies, the game master accepts live, a second player finds the series full', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Lighthouse Watch ${suffix}`;

  // The game master and their one-seat series.
  const gm = await gameMaster(browser, 'Maren');
  const series = await publishedSeries(gm.page.request, title);

  // The GM's Series Applications page is open before anyone applies: nothing yet.
  await gm.page.goto('/dashboard/gm/my-series/applications');
  await expect(gm.page).toHaveTitle('Series Applications · Questline');
  await expect(
    gm.page.getByRole('heading', { level: 1, name: 'Series Applications' }),
  ).toBeVisible();
  await expect(
    gm.page
      .locator('aside[data-sidebar="main"]')
      .getByRole('link', { name: 'Series Applications' }),
  ).toBeVisible();
  await expect(
    gm.page.getByRole('heading', { level: 2, name: 'No applications found' }),
  ).toBeVisible();

  // A player finds the series on the Questboard and applies from its card with a message.
  const player = await person(browser, 'Ilse');
  await player.page.goto(`/questboard?q=${encodeURIComponent(`lighthouse ${suffix}`)}`);
  await expect(player.page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await player.page.getByRole('button', { name: `Apply Now: ${title}` }).click();
  const applyDialog = player.page.getByRole('dialog', { name: `Apply to ${title}` });
  await expect(applyDialog).toBeVisible();
  await applyDialog
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('I have played two campaigns of this system and love night sessions.');
  await capture(player.page, 'applications-apply-dialog', false);
  await applyDialog.getByRole('button', { name: 'Send application' }).click();
  await expect(player.page.getByText('Application sent')).toBeVisible();
  await expect(applyDialog).toBeHidden();

  // The GM sees it arrive without a reload: the player, the series, the message.
  const card = gm.page.getByTestId('application-card').filter({ hasText: 'Ilse' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(card.getByTestId('application-status')).toHaveText('Pending');
  await expect(card.getByText('I have played two campaigns')).toBeVisible();
  await capture(gm.page, 'applications-gm-pending');

  // The GM selects it and accepts it from the command palette with a reply; the form closes, the status changes.
  await card.getByRole('link', { name: /^Select: Ilse/ }).click();
  await expect(card).toHaveAttribute('aria-current', 'true');
  await gm.page.keyboard.press('Control+k');
  const palette = gm.page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await gm.page.keyboard.type('accept');
  await palette.getByRole('option', { name: 'Accept series application', exact: true }).click();
  const acceptDialog = gm.page.getByRole('dialog', { name: 'Accept application' });
  await acceptDialog
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('Welcome aboard! Bring a lantern.');
  await capture(gm.page, 'applications-gm-accept-dialog', false);
  await acceptDialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(gm.page.getByText('Application accepted')).toBeVisible();
  await expect(acceptDialog).toBeHidden();
  await expect(card.getByTestId('application-status')).toHaveText('Accepted');
  await expect(card.getByText('Welcome aboard! Bring a lantern.')).toBeVisible();

  // The player sees 'accepted' and the GM's reply on the series page, and the series in My Games.
  await player.page.goto(`/questboard/${series.handle}`);
  const own = player.page.getByTestId('own-application');
  await expect(own.getByTestId('application-status')).toHaveText('Accepted');
  await expect(own.getByText('Welcome aboard! Bring a lantern.')).toBeVisible();
  await capture(player.page, 'applications-series-accepted');
  await player.page
    .locator('aside[data-sidebar="main"]')
    .getByRole('link', { name: 'My Games' })
    .click();
  await expect(player.page).toHaveTitle('My Games · Questline');
  await expect(player.page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await capture(player.page, 'applications-my-games');

  // The series is full: a second player's application is refused, and the dialog says why.
  const second = await person(browser, 'Tomek');
  await second.page.goto(`/questboard/${series.handle}`);
  await second.page.getByRole('button', { name: 'Apply Now', exact: true }).click();
  const refusedDialog = second.page.getByRole('dialog', { name: `Apply to ${title}` });
  await refusedDialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Any room left?');
  await refusedDialog.getByRole('button', { name: 'Send application' }).click();
  await expect(refusedDialog.getByRole('alert')).toHaveText('This series is full');
  // Said once, in the dialog: no toast repeats it.
  await expect(second.page.getByText('This series is full')).toHaveCount(1);
  await capture(second.page, 'applications-refused-full', false);
  await refusedDialog.getByRole('button', { name: 'Back' }).click();

  // The first player cancels, then reopens, each with a message; both sides' words stay in the history.
  await player.page.getByRole('link', { name: 'My applications' }).click();
  await expect(player.page).toHaveTitle('My Applications · Questline');
  const mine = player.page.getByTestId('application-card').filter({ hasText: title });
  // Cancelled from the palette (the card selected): the palette and its dialog are gone, and focus lands on the
  // application's new status rather than the page's body.
  await mine.getByRole('link', { name: `Select: ${title}` }).click();
  await expect(mine).toHaveAttribute('aria-current', 'true');
  await player.page.keyboard.press('Control+k');
  const playerPalette = player.page.getByTestId('command-palette');
  await expect(playerPalette).toBeVisible();
  await player.page.keyboard.type('cancel');
  await playerPalette
    .getByRole('option', { name: 'Cancel series application', exact: true })
    .click();
  const cancelDialog = player.page.getByRole('dialog', { name: 'Cancel application' });
  await cancelDialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Work trip, sorry.');
  await cancelDialog.getByRole('button', { name: 'Cancel application' }).click();
  await expect(player.page.getByText('Application cancelled')).toBeVisible();
  await expect(mine.getByTestId('application-status')).toHaveText('Cancelled');
  await expect(mine.getByTestId('application-status')).toBeFocused();
  // Reopened from the card: its Reopen button gives way to Cancel, and focus goes to the new status too.
  await mine.getByRole('button', { name: 'Reopen application' }).click();
  const reopenDialog = player.page.getByRole('dialog', { name: 'Reopen application' });
  await reopenDialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Back in town!');
  await reopenDialog.getByRole('button', { name: 'Reopen application' }).click();
  await expect(player.page.getByText('Application reopened')).toBeVisible();
  await expect(mine.getByTestId('application-status')).toHaveText('Pending');
  await expect(mine.getByTestId('application-status')).toBeFocused();
  const history = mine.getByTestId('application-history');
  await expect(history.getByText('Work trip, sorry.')).toBeVisible();
  await expect(history.getByText('Back in town!')).toBeVisible();
  await expect(history.getByText('Welcome aboard! Bring a lantern.')).toBeVisible();
  await capture(player.page, 'applications-mine');

  // The GM sees the reopened application back among the pending ones, live.
  await expect(card.getByTestId('application-status')).toHaveText('Pending', { timeout: 15_000 });

  // The GM accepts again from the card, then removes the player from the series' page with a message.
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  await gm.page
    .getByRole('dialog', { name: 'Accept application' })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  await expect(card.getByTestId('application-status')).toHaveText('Accepted');
  await gm.page.goto(`/dashboard/gm/my-series/${series.handle}`);
  const players = gm.page.getByTestId('series-players');
  await expect(players.getByRole('link', { name: 'Ilse', exact: true })).toBeVisible();
  await capture(gm.page, 'applications-gm-series-players');
  await players.getByRole('button', { name: 'Remove: Ilse' }).click();
  const removeDialog = gm.page.getByRole('dialog', { name: 'Remove player' });
  await removeDialog
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('We are moving to Thursdays, sorry.');
  await removeDialog.getByRole('button', { name: 'Remove player' }).click();
  await expect(gm.page.getByText('Player removed')).toBeVisible();
  await expect(gm.page.getByText('No accepted players yet.')).toBeVisible();
  // The player sees it live: rejected, with the GM's words.
  await expect(mine.getByTestId('application-status')).toHaveText('Rejected', { timeout: 15_000 });
  await expect(history.getByText('We are moving to Thursdays, sorry.')).toBeVisible();

  await Promise.all([gm.context.close(), player.context.close(), second.context.close()]);
});
