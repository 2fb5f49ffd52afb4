import { expect, test, type Page } from '@playwright/test';

import { expectAccessible } from './support/axe';

const screens = 'test-results/screens';

/** Every screen the journey photographs is checked by axe-core first. */
async function screenshot(page: Page, name: string, fullPage = true) {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage, animations: 'disabled' });
}

/** Console errors include CSP violations (e.g. an inline script), which must never happen. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

function mainSidebar(page: Page) {
  return page.locator('aside[data-sidebar="main"]');
}

test('the shell: home, sidebar shortcut, language switch, 404', async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find your table. Run your world.' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Home · Questline');
  await expect(mainSidebar(page).getByRole('link', { name: 'Home' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The version comes from GET /api/config through the root loader.
  await expect(mainSidebar(page).getByText(/^Version \S+/)).toBeVisible();
  await screenshot(page, 'home-en');

  // The palette: a search that finds nothing says so beside the list, which is left without options rather than
  // holding the message (a listbox may hold only options: axe critical aria-required-children).
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await page.keyboard.type('zzqqxx');
  await expect(palette.getByRole('status')).toHaveText('No commands found.');
  await expect(palette.getByRole('option')).toHaveCount(0);
  await screenshot(page, 'palette-empty', false);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // Ctrl+B collapses the main sidebar to icons and remembers it in a cookie…
  await page.keyboard.press('Control+b');
  await expect(mainSidebar(page)).toHaveAttribute('data-state', 'collapsed');
  await expect(mainSidebar(page)).toHaveCSS('width', '48px');
  expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe(
    'false',
  );
  await screenshot(page, 'sidebar-collapsed');

  // …and expands it again.
  await page.keyboard.press('Control+b');
  await expect(mainSidebar(page)).toHaveAttribute('data-state', 'expanded');
  await expect(mainSidebar(page)).toHaveCSS('width', '256px');

  // The language switch applies at once to every text on screen.
  await mainSidebar(page).getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Polski' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Znajdź swój stół. Poprowadź swój świat.' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Strona główna · Questline');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(page.getByText('Zmieniono język na Polski')).toBeVisible();
  await screenshot(page, 'home-pl');

  // The choice survives a reload.
  await page.reload();
  await expect(mainSidebar(page).getByRole('heading', { name: 'Odkrywaj' })).toBeVisible();
  await expect(page.getByText('Dla mistrzów gry')).toBeVisible();

  // Unknown pages: a plain 404 (the HTTP status too, which the browser logs), in the chosen language.
  const notFound = await page.goto('/no-such-page');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Nie znaleziono' })).toBeVisible();
  await expect(page).toHaveTitle('Nie znaleziono · Questline');
  await screenshot(page, 'not-found-pl');

  // Back to English.
  await mainSidebar(page).getByRole('button', { name: 'Język' }).click();
  await page.getByRole('menuitemradio', { name: 'English (UK)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Not Found · Questline');
  await screenshot(page, 'not-found-en');
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
});

test('the side panel is not offered while no screen gives it content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle side panel' })).toHaveCount(0);
  await expect(page.locator('aside[data-sidebar="aux"]')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the main sidebar opens as a sheet', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await screenshot(page, 'mobile-home');

    await page.getByRole('button', { name: 'Toggle main sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveCSS('width', '288px');
    await expect(sheet.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Language' })).toBeVisible();
    await screenshot(page, 'mobile-sheet', false);

    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Following a link in the sheet closes it.
    await page.keyboard.press('Control+b');
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
