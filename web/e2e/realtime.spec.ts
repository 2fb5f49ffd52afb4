import { expect, test, type Browser, type Page } from '@playwright/test';

import type { components } from '../src/lib/api/schema';

import { expectAccessible } from './support/axe';
import { verifyEmail } from './support/mail';

type MyProfile = components['schemas']['MyProfile'];

const screens = 'test-results/screens';
const password = 'correct horse battery staple';
const csrf = { 'X-Questline-Csrf': '1' };

function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A browser of its own (cookies, tabs), signed up or signed in through the API, showing `path`. */
async function openSignedIn(
  browser: Browser,
  email: string,
  name: string,
  signUp: boolean,
  path = '/',
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = signUp
    ? await page.request.post('/api/auth/sign-up', {
        headers: csrf,
        data: { email, password, display_name: name, time_zone: 'Europe/Warsaw' },
      })
    : await page.request.post('/api/auth/sign-in', { headers: csrf, data: { email, password } });
  expect(response.ok()).toBeTruthy();
  await page.goto(path);
  // New accounts are offered the profile wizard; these journeys postpone it.
  const wizard = page.getByTestId('profile-wizard');
  await expect(wizard).toBeVisible();
  await wizard.getByRole('button', { name: 'Later' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  return page;
}

function accountMenu(page: Page) {
  return page.locator('aside[data-sidebar="main"]').getByRole('button', { name: 'Account menu' });
}

test('becoming a game master on the laptop shows on the phone without a reload', async ({
  browser,
}) => {
  const email = uniqueEmail('rhea');
  const laptop = await openSignedIn(browser, email, 'Rhea', true);
  // A game master needs a proven e-mail address: the mailed link proves it, the laptop reads it again.
  await verifyEmail(laptop.request, email);
  await laptop.reload();
  await expect(laptop.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  const phone = await openSignedIn(browser, email, 'Rhea', false);
  await expect(accountMenu(phone)).toContainText('Player');

  await accountMenu(laptop).click();
  await laptop.getByRole('menuitem', { name: 'Become game master' }).click();
  await laptop
    .getByRole('dialog', { name: 'Become a game master?' })
    .getByRole('button', { name: 'Become game master' })
    .click();
  await expect(laptop).toHaveURL(/\/profile\//);

  // The phone never reloads: the account event arrives over the websocket and the sidebar refetches.
  const phoneUrl = phone.url();
  await expect(accountMenu(phone)).toContainText('Game master', { timeout: 10_000 });
  expect(phone.url()).toBe(phoneUrl);
  await expectAccessible(phone, 'realtime-phone-became-gm');
  await phone.screenshot({
    path: `${screens}/realtime-phone-became-gm.png`,
    animations: 'disabled',
  });
});

test('a visitor watching a profile sees the owner edit it live', async ({ browser }) => {
  const ownerEmail = uniqueEmail('owen');
  const owner = await openSignedIn(browser, ownerEmail, 'Owen', true);
  const me = (await (await owner.request.get('/api/profile')).json()) as MyProfile;

  const watcher = await openSignedIn(
    browser,
    uniqueEmail('wanda'),
    'Wanda',
    true,
    `/profile/${me.account_id}`,
  );
  await expect(watcher.getByRole('heading', { level: 1, name: 'Owen' })).toBeVisible();

  const bio = 'Now running a weekly horror campaign.';
  const saved = await owner.request.patch(`/api/profiles/${me.profile_id}`, {
    headers: csrf,
    data: {
      base: {
        first_name: 'Owen',
        last_name: 'Moss',
        display_name: 'Owen',
        birthdate: '1988-04-02',
        bio,
      },
    },
  });
  expect(saved.ok()).toBeTruthy();

  await expect(watcher.getByText(bio)).toBeVisible({ timeout: 10_000 });
  await expectAccessible(watcher, 'realtime-profile-updated');
  await watcher.screenshot({
    path: `${screens}/realtime-profile-updated.png`,
    animations: 'disabled',
  });
});
