/**
 * Issue 11's pages: what a new user found, tried again. A malformed link is a Not Found page inside the shell;
 * a wrong password is said on the form; Ctrl+B leaves a field alone; on a phone the welcome toast keeps clear of
 * the wizard's buttons and the wizard does not move between steps; the profile header and experience cards lay
 * out from 320 px up. axe-core checks every screen (whole page), in both languages where words matter;
 * screenshots at 1280 and 375 px (the profile also at 768 px).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

import { expectAccessible } from './support/axe';
import { expectUncovered } from './support/uncovered';
import { verifyEmail } from './support/mail';

const screens = 'test-results/screens';
const password = 'correct horse battery staple';
const csrf = { 'X-Questline-Csrf': '1' };

type Box = { x: number; y: number; width: number; height: number };

function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function capture(page: Page, name: string, fullPage = true) {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage, animations: 'disabled' });
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function mainSidebar(page: Page) {
  return page.locator('aside[data-sidebar="main"]');
}

async function switchLanguage(page: Page, from: 'Language' | 'Język', to: string) {
  await mainSidebar(page).getByRole('button', { name: from }).click();
  await page.getByRole('menuitemradio', { name: to }).click();
}

test('a malformed profile link is Not Found inside the shell, in both languages', async ({
  page,
}) => {
  await page.goto('/profile/not-a-uuid');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  // The shell stays: sidebar, header, palette.
  await expect(mainSidebar(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByText(/UUID|Invalid URL|Something went wrong/)).toHaveCount(0);
  await capture(page, 'mending-bad-profile-link-1280');

  await switchLanguage(page, 'Language', 'Polski');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nie znaleziono profilu' }),
  ).toBeVisible();
  await capture(page, 'mending-bad-profile-link-pl-1280');
  // An open sidebar menu: its trigger's label on the highlighted background still reads at 4.5:1.
  await mainSidebar(page).getByRole('button', { name: 'Język' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Polski' })).toBeVisible();
  await capture(page, 'mending-language-menu-pl-1280', false);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('main-sidebar-trigger')).toBeVisible();
  await capture(page, 'mending-bad-profile-link-pl-375');
});

test('sign-in: a wrong password is said on the form; Ctrl+B leaves the field alone', async ({
  page,
}) => {
  const email = uniqueEmail('nell');
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: { email, password, display_name: 'Nell', time_zone: 'UTC' },
  });
  expect(signUp.status()).toBe(201);
  await page.request.post('/api/auth/sign-out', { headers: csrf });
  await page.context().clearCookies();

  await page.goto('/sign-in');
  const emailField = page.getByLabel('E-mail', { exact: true });
  await emailField.fill(email);
  // Bold in an editor, nothing in a field: the sidebar stays as it is.
  await emailField.press('Control+b');
  await expect(mainSidebar(page)).toHaveAttribute('data-state', 'expanded');
  await expect(emailField).toBeFocused();

  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const formError = page.locator('form').getByRole('alert');
  await expect(formError).toHaveText('The e-mail or password is incorrect.');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await capture(page, 'mending-sign-in-wrong-password-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await capture(page, 'mending-sign-in-wrong-password-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Welcome back, Nell!')).toBeVisible();
  await expect(formError).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the welcome toast keeps clear of the wizard's buttons, and the wizard stays put between steps", async ({
    page,
  }) => {
    await page.goto('/sign-up');
    await page.getByLabel('Display name', { exact: true }).fill('Tess');
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('tess'));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    const wizard = page.getByTestId('profile-wizard');
    await expect(wizard.getByRole('heading', { name: 'About you' })).toBeVisible();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Welcome to Questline' });
    await expect(toast).toBeVisible();
    // With a dialog open, toasts move to the top of a phone's screen.
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
    const next = wizard.getByRole('button', { name: 'Next' });
    const later = wizard.getByRole('button', { name: 'Later' });
    // Nor the wizard's step heading (checked before the dialog scrolls to its buttons): toasts keep to a band above
    // the dialog.
    await expectUncovered(
      wizard.getByRole('heading', { name: 'About you' }),
      "the wizard's step heading",
    );
    await next.scrollIntoViewIfNeeded();
    const toastBox = await box(toast);
    expect(overlap(toastBox, await box(next))).toBe(false);
    expect(overlap(toastBox, await box(later))).toBe(false);
    await capture(page, 'mending-wizard-toast-375', false);

    const firstTop = (await box(wizard)).y;
    await wizard.getByLabel('First name').fill('Tess');
    await wizard.getByLabel('Last name').fill('Nowak');
    await wizard.getByLabel('Birthdate').fill('1991-06-30');
    await next.click();
    await expect(
      wizard.getByRole('heading', { name: 'Your experience as a player' }),
    ).toBeVisible();
    expect((await box(wizard)).y).toBe(firstTop);
    await capture(page, 'mending-wizard-step-2-375', false);

    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByRole('heading', { name: 'About you' })).toBeVisible();
    expect((await box(wizard)).y).toBe(firstTop);
  });
});

test('the profile header and experience cards lay out from 320 px up, in both languages', async ({
  page,
}) => {
  const name = 'Maximilian Featherstonehaugh-Wójcik';
  const email = uniqueEmail('max');
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: { email, password, display_name: name, time_zone: 'UTC' },
  });
  expect(signUp.status()).toBe(201);
  const mine = (await (await page.request.get('/api/profile')).json()) as {
    profile_id: string;
    account_id: string;
  };
  await verifyEmail(page.request, email);
  const became = await page.request.post(`/api/accounts/${mine.account_id}/become-game-master`, {
    headers: csrf,
  });
  expect(became.ok()).toBeTruthy();
  const experience = {
    experience_level: 'intermediate',
    claimed_years_experience: 7,
    playstyles: ['narrative', 'role_playing_focused', 'story_driven'],
  };
  const saved = await page.request.patch(`/api/profiles/${mine.profile_id}`, {
    headers: csrf,
    data: {
      base: {
        first_name: 'Maximilian',
        last_name: 'Featherstonehaugh-Wójcik',
        display_name: name,
        birthdate: '1987-11-05',
        bio: 'Veteran of long campaigns; runs horror one-shots on Fridays.',
      },
      player: experience,
      gm: experience,
    },
  });
  expect(saved.ok()).toBeTruthy();

  await page.goto('/profile');
  const header = page.getByTestId('profile-header');
  await expect(header.getByRole('heading', { level: 1, name })).toBeVisible();

  for (const language of ['en', 'pl'] as const) {
    if (language === 'pl') {
      await page.setViewportSize({ width: 1280, height: 800 });
      await switchLanguage(page, 'Language', 'Polski');
      await expect(header.getByTestId('member-since')).toContainText('Członek od');
    }
    const edit = header.getByRole('button', {
      name: language === 'en' ? 'Edit basic info' : /Edytuj/,
    });
    for (const width of [320, 375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const at = `${language} at ${width} px`;

      // The name is whole: not cut, not wider than its box, inside the window.
      const heading = header.getByRole('heading', { level: 1 });
      // Polled: the layout settles after the window is resized (the sidebar's transition).
      await expect
        .poll(() => heading.evaluate((element) => element.scrollWidth > element.clientWidth), {
          message: `name cut ${at}`,
        })
        .toBe(false);
      const headingBox = await box(heading);
      expect(headingBox.x + headingBox.width, `name inside the window ${at}`).toBeLessThanOrEqual(
        width,
      );

      // "Member since" on one line (text-sm: 20 px).
      expect((await box(header.getByTestId('member-since'))).height, at).toBeLessThan(28);

      // No badge under the button.
      const editBox = await box(edit);
      for (const badge of await header.locator('[data-role]').all()) {
        expect(overlap(await box(badge), editBox), `badge under the button ${at}`).toBe(false);
      }

      // Each card's level and years side by side or stacked, never on top of each other, never spilling.
      for (const part of ['player', 'gm']) {
        const values = page.getByTestId(`experience-${part}`).locator('dd');
        const level = values.nth(0);
        const years = values.nth(1);
        await expect(level).toBeVisible();
        expect(overlap(await box(level), await box(years)), `${part} values ${at}`).toBe(false);
        for (const value of [level, years]) {
          const spills = await value.evaluate(
            (element) => element.scrollWidth > element.clientWidth,
          );
          expect(spills, `${part} value spills ${at}`).toBe(false);
        }
      }
      const player = await box(page.getByTestId('experience-player'));
      const gm = await box(page.getByTestId('experience-gm'));
      expect(overlap(player, gm), `cards overlap ${at}`).toBe(false);

      if (width !== 320) await capture(page, `mending-profile-${language}-${width}`);
    }
  }
});
