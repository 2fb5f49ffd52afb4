/**
 * Direct chat (issue 17) between two browsers in different languages: a player opens a chat from a Questboard
 * card, the game master (reading in Polish) sees the unread count rise without a reload and replies, the player
 * sees the reply without a reload, and a hostile message stays text. Each screen is checked by axe and captured
 * at 1280 and 375 px (at 375 px the conversation fills the sheet).
 */
import { expect, test, type Page } from '@playwright/test';

import { expectAccessible } from './support/axe';
import { gameMaster, person, publishedSeries, screens } from './support/people';
import { expectUncovered } from './support/uncovered';

/** The side panel with the chat, captured wide and on a phone (where it is a full-width sheet). */
async function captureChat(page: Page, name: string) {
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await expectAccessible(page, name);
  await page.screenshot({ path: `${screens}/${name}-1280.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 800 });
  // On a phone the side panel is a sheet; the address names a conversation, so it opens by itself.
  await expect(panel).toBeVisible();
  const sheet = page.locator('[data-sidebar="aux"]');
  await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(375);
  await expectAccessible(page, `${name} at 375 px`);
  await page.screenshot({ path: `${screens}/${name}-375.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(panel).toBeVisible();
}

test('a player asks a GM from a Questboard card and they talk without reloading', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Lighthouse Watch ${suffix}`;

  // The game master reads the app in Polish; their series is on the Questboard.
  const gm = await gameMaster(browser, 'Maren');
  await gm.context.addInitScript(() => {
    window.localStorage.setItem('questline.locale', 'pl-PL');
  });
  const series = await publishedSeries(gm.page.request, title);
  gm.page.on('dialog', () => {
    throw new Error('a message opened a dialog');
  });

  // The GM has their conversations open: none yet.
  await gm.page.goto('/questboard?chat=all');
  await expect(gm.page.getByTestId('chat-panel')).toContainText('Nie masz jeszcze rozmów');

  // The player finds the series and presses Chat on its card (no Chat on a visitor's or one's own card).
  const player = await person(browser, 'Ilse');
  await player.page.goto(`/questboard?q=${encodeURIComponent(`lighthouse ${suffix}`)}`);
  const card = player.page.getByTestId('questboard-card').filter({ hasText: title });
  await card.getByRole('button', { name: `Chat with the game master of ${title}` }).click();
  const playerPanel = player.page.getByTestId('chat-panel');
  await expect(playerPanel.getByRole('heading', { name: 'Maren' })).toBeVisible();
  await expect(playerPanel.getByTestId('chat-context')).toContainText(title);
  const composer = playerPanel.getByRole('textbox', { name: 'Message' });
  await composer.fill('Is there a seat left for Tuesday?');
  await composer.press('Enter');
  await expect(playerPanel.getByTestId('chat-message')).toContainText([
    'Is there a seat left for Tuesday?',
  ]);
  await expect(composer).toHaveValue('');
  await captureChat(player.page, 'chat-player-conversation');

  // A toast while the conversation is open (the player switches language and back) rises above the composer:
  // Send, bottom right where toasts are, stays uncovered.
  await composer.fill('A draft');
  for (const [language, toastText, send] of [
    ['Polski', 'Zmieniono język na Polski', 'Wyślij'],
    ['English (UK)', 'Language changed to English (UK)', 'Send'],
  ] as const) {
    await player.page.getByTestId('language-switch').first().click();
    await player.page.getByRole('menuitemradio', { name: language }).click();
    await expect(
      player.page.locator('[data-sonner-toast]').filter({ hasText: toastText }),
    ).toBeVisible();
    await expectUncovered(
      playerPanel.getByRole('button', { name: send }),
      "the composer's Send button",
    );
  }
  await composer.fill('');

  // The GM's list shows the new conversation with one unread message, without a reload.
  const gmUrl = gm.page.url();
  const item = gm.page.getByTestId('chat-list-item').filter({ hasText: 'Ilse' });
  await expect(item.getByTestId('chat-unread')).toContainText('1', { timeout: 15_000 });
  await expect(item).toContainText('Is there a seat left for Tuesday?');
  expect(gm.page.url()).toBe(gmUrl);
  await captureChat(gm.page, 'chat-gm-list');

  // The GM opens it (which marks it read) and replies in Polish.
  await item.click();
  const gmPanel = gm.page.getByTestId('chat-panel');
  await expect(gmPanel.getByRole('heading', { name: 'Ilse' })).toBeVisible();
  const gmComposer = gmPanel.getByRole('textbox', { name: 'Wiadomość' });
  await gmComposer.fill('Tak, jedno miejsce jest wolne. Zasady: https://example.com/zasady');
  await gmComposer.press('Enter');
  await expect(gmPanel.getByTestId('chat-message')).toHaveCount(2);

  // The player sees the reply without a reload; its address is a link that opens apart from the app.
  const reply = playerPanel.getByTestId('chat-message').filter({ hasText: 'Tak, jedno miejsce' });
  await expect(reply).toBeVisible({ timeout: 15_000 });
  await expect(reply.getByRole('link', { name: 'https://example.com/zasady' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );

  // A hostile message is shown as the text it is, on both sides: no image, no script, no javascript: link.
  const hostile = '<img src=x onerror=alert(1)> javascript:alert(document.cookie)';
  await composer.fill(hostile);
  await composer.press('Enter');
  const shown = gmPanel.getByTestId('chat-message').filter({ hasText: 'onerror' });
  await expect(shown).toContainText(hostile, { timeout: 15_000 });
  await expect(gmPanel.getByTestId('chat-history').locator('img')).toHaveCount(0);
  await expect(shown.locator('a')).toHaveCount(0);
  await captureChat(gm.page, 'chat-gm-conversation');
  expect(series.id).toBeTruthy();
});
