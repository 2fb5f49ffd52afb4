import { expect, test, type Page } from '@playwright/test';

import { expectAccessible } from './support/axe';
import { postponeProfileWizardWhenAsked } from './support/people';

// Sign-in through the test OpenID Connect provider (test-support/oidc-provider, started by
// playwright.config.ts as "Test ID"): its login form takes any login name, which becomes the subject and the
// claims (`<login>@example.test`, verified, name "<Login>").

const screens = 'test-results/screens';
// The provider's address (playwright.config.ts may move its port).
const providerUrl = new RegExp(
  `^http://127\\.0\\.0\\.1:${process.env.QUESTLINE_E2E_OIDC_PORT ?? '4180'}/`,
);

/** Every screen the journey photographs is checked by axe-core first. */
async function screenshot(page: Page, name: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * A callback screen that moves on by itself within a second (to the page the visitor came for): too brief for
 * axe-core, which would race the redirect. The same steps list is checked on the callback screens that stay
 * (a failure, the link form).
 */
async function screenshotInPassing(page: Page, name: string) {
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage: true, animations: 'disabled' });
}

function mainSidebar(page: Page) {
  return page.locator('aside[data-sidebar="main"]');
}

// A new account is asked to complete its profile; these tests postpone it.
test.beforeEach(async ({ page }) => {
  await postponeProfileWizardWhenAsked(page);
});

function steps(page: Page) {
  return page.getByRole('list', { name: 'Sign-in steps' });
}

/** "Sign in with Test ID" on our page, then the provider's own login form. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await expect(page).toHaveURL(providerUrl);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything at all');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('sign in with the identity provider: first time registers, second time signs in', async ({
  page,
}) => {
  const login = `player-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = login.charAt(0).toUpperCase() + login.slice(1);
  const email = `${login}@example.test`;
  const profileButton = mainSidebar(page).getByRole('button', { name: 'Account menu' });

  // The button carries where the visitor wanted to go through the provider and back.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?return_to=%2Faccount$/);
  const button = page.getByRole('link', { name: 'Sign in with Test ID' });
  await expect(button).toHaveAttribute('href', '/api/auth/oidc/start?return_to=%2Faccount');
  await screenshot(page, 'oidc-sign-in-button');

  // (1) First sign-in: a new account.
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/callback\?/);
  await expect(page).toHaveTitle('Signing in · Questline');
  await expect(page.getByRole('heading', { level: 1, name: 'Signing in' })).toBeVisible();
  await expect(steps(page).getByText('Registering a new account')).toBeVisible();
  await expect(steps(page).getByText(email, { exact: true })).toBeVisible();
  await screenshotInPassing(page, 'oidc-callback-registering');
  await expect(steps(page).locator('li[data-step="redirecting"]')).toBeVisible();
  await expect(steps(page).locator('li')).toHaveText([
    /Authenticating/,
    /Loading account information from token claims/,
    /Loading account data/,
    /Registering a new account/,
    /Processing/,
    /Redirecting/,
  ]);

  await expect(page).toHaveURL(/\/account$/);
  await expect(
    page.getByText(`Welcome to Questline, ${name}! Your account is ready.`),
  ).toBeVisible();
  await expect(profileButton).toContainText(name);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await screenshot(page, 'oidc-signed-in-new-account');

  // (2) Sign out, then sign in again with the same login: no registering this time.
  await profileButton.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(profileButton).toHaveCount(0);

  // The provider remembers its own session (cookies on the same host, another port): forget it, so
  // the same login name is typed again.
  await page.context().clearCookies({ name: /^_(session|interaction|state)/ });
  await page.goto('/sign-up');
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/callback\?/);
  await expect(steps(page).locator('li')).toHaveText([
    /Authenticating/,
    /Loading account information from token claims/,
    /Loading account data/,
    /Processing/,
    /Redirecting/,
  ]);
  await screenshotInPassing(page, 'oidc-callback-signed-in');
  await expect(steps(page).getByText('Registering a new account')).toHaveCount(0);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome back, ${name}!`)).toBeVisible();
  await expect(profileButton).toContainText(name);
});

test('a callback the server cannot verify says "Authentication Failed", then goes home', async ({
  page,
}) => {
  await page.goto('/callback?code=x&state=y');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Authentication Failed' }),
  ).toBeVisible();
  await expect(page.getByText('Taking you to the home page…')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The toast says it at home (the callback's heading may still be there while the home page loads).
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText('Authentication Failed'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Authentication Failed' })).toHaveCount(
    0,
  );
  // The screen is checked once home (the check's two widths take longer than the page waits before it goes).
  await screenshot(page, 'oidc-callback-authentication-failed');

  // Cancelled at the provider: the same, without asking the server.
  await page.goto('/callback?error=access_denied&state=y');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Authentication Failed' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a provider sign-in that cannot start is explained, and trying again works', async ({
  page,
}) => {
  // Where the server sends a browser when the provider cannot be reached.
  await page.goto('/callback?error=oidc_provider_unavailable');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign-in service unavailable' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with a password' })).toBeVisible();
  await screenshot(page, 'oidc-callback-provider-unavailable');
  // It stays (no trip home), and once the provider is back the retry signs in.
  await expect(page).toHaveURL(/\/callback\?error=oidc_provider_unavailable$/);
  await page.getByRole('link', { name: 'Sign in with Test ID again' }).click();
  await expect(page).toHaveURL(providerUrl);
  await page.locator('input[name="login"]').fill(`retry-${Date.now().toString(36)}`);
  await page.locator('input[name="password"]').fill('anything at all');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Sign-in steps' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
});

test('the provider gives no e-mail: "Failed to fetch user claims"', async ({ page }) => {
  await page.goto('/sign-in');
  await signInAtProvider(page, `noemail-${Date.now().toString(36)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Failed to fetch user claims' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Test ID again' })).toBeVisible();
  await screenshot(page, 'oidc-callback-claims-unreadable');
});

test('an existing account with the same e-mail is linked after its password', async ({
  page,
  request,
}) => {
  const login = `linker-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${login}@example.test`;
  const password = 'correct horse battery staple';
  const signUp = await request.post('/api/auth/sign-up', {
    headers: { 'X-Questline-Csrf': '1' },
    data: { email, password, display_name: 'Linda Linker', locale: 'en-GB', time_zone: 'UTC' },
  });
  expect(signUp.status()).toBe(201);

  await page.goto('/sign-in?return_to=%2Faccount');
  await signInAtProvider(page, login);
  await expect(
    page.getByRole('heading', { name: 'Confirm that this is your account' }),
  ).toBeVisible();
  await expect(steps(page).locator('li[data-status="waiting"]')).toHaveText(/Loading account data/);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByText('Password is incorrect')).toBeVisible();
  await screenshot(page, 'oidc-callback-link');

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Welcome back, Linda Linker!')).toBeVisible();
  await expect(mainSidebar(page).getByRole('button', { name: 'Account menu' })).toContainText(
    'Linda Linker',
  );
});
