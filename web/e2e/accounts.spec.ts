import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { expectAccessible } from './support/axe';
import { linkFromMail } from './support/mail';

const screens = 'test-results/screens';
const password = 'correct horse battery staple';

/** Every screen the journey photographs is checked by axe-core first. */
async function screenshot(page: Page, name: string, fullPage = true) {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${screens}/${name}.png`, fullPage, animations: 'disabled' });
}

function mainSidebar(page: Page) {
  return page.locator('aside[data-sidebar="main"]');
}

/** An address no earlier run has used (the database is fresh per run, but be safe across tests). */
function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs up through the API (its own cookie jar, so the page stays signed out). */
async function signUpThroughApi(request: APIRequestContext, email: string, displayName: string) {
  const response = await request.post('/api/auth/sign-up', {
    headers: { 'X-Questline-Csrf': '1' },
    data: { email, password, display_name: displayName, locale: 'en-GB', time_zone: 'UTC' },
  });
  expect(response.status()).toBe(201);
}

/** The basic profile wizard opens after signing up or in until the profile is complete; these journeys postpone it. */
async function postponeProfileWizard(page: Page) {
  const wizard = page.getByTestId('profile-wizard');
  await expect(wizard).toBeVisible();
  await wizard.getByRole('button', { name: 'Later' }).click();
  await expect(wizard).toBeHidden();
}

async function signIn(page: Page, email: string, secret: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign up, become a game master, sign out and sign in again', async ({ page }) => {
  // A long journey: axe-core checks each of its screens.
  test.setTimeout(120_000);
  const email = uniqueEmail('ada');
  const name = 'Ada Lovelace';

  // A signed-out visitor asking for account settings is sent to sign in first.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?return_to=%2Faccount$/);
  await expect(page).toHaveTitle('Sign in · Questline');
  await expect(mainSidebar(page).getByRole('link', { name: 'Sign up' })).toBeVisible();
  await screenshot(page, 'sign-in');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up\?return_to=%2Faccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  // The form checks the spec's rules before asking the server.
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Display name is required')).toBeVisible();
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('too short');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  await screenshot(page, 'sign-up-errors');

  await page.getByLabel('Display name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await postponeProfileWizard(page);

  // Back where the visitor wanted to go, signed in.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Not verified')).toBeVisible();
  const profileButton = mainSidebar(page).getByRole('button', { name: 'Account menu' });
  await expect(profileButton).toContainText(name);
  await expect(profileButton).toContainText('Player');
  await screenshot(page, 'account-settings');

  // Changing the language while signed in also saves it to the account (its e-mails follow).
  await mainSidebar(page).getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Polski' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ustawienia konta' })).toBeVisible();
  await expect
    .poll(async () => {
      const me = (await (await page.request.get('/api/auth/me')).json()) as {
        account: { locale: string } | null;
      };
      return me.account?.locale;
    })
    .toBe('pl-PL');
  await mainSidebar(page).getByRole('button', { name: 'Język' }).click();
  await page.getByRole('menuitemradio', { name: 'English (UK)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  // The sidebar's profile slot works collapsed to icons too.
  await page.keyboard.press('Control+b');
  await expect(mainSidebar(page)).toHaveAttribute('data-state', 'collapsed');
  await expect(profileButton).toBeVisible();
  await screenshot(page, 'sidebar-collapsed-signed-in', false);
  await page.keyboard.press('Control+b');
  await expect(mainSidebar(page)).toHaveAttribute('data-state', 'expanded');

  // Becoming a game master needs a proven e-mail address: the dialog says so and offers the link again.
  await profileButton.click();
  await expect(page.getByRole('menuitem', { name: 'Become game master' })).toBeVisible();
  await screenshot(page, 'profile-menu', false);
  await page.getByRole('menuitem', { name: 'Become game master' }).click();
  const dialog = page.getByRole('dialog', { name: 'Become a game master?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `Confirm your e-mail address first: open the link in the mail we sent to ${email}.`,
  );
  await expect(dialog.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Become game master' })).toBeDisabled();
  // At 1280 px only: the dialog belongs to the sidebar's account menu, which a phone's width turns into a sheet.
  await screenshot(page, 'become-game-master-verify-first', false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The link from the welcome mail proves the address; then the role is one click away.
  await page.goto(await linkFromMail(email, 'verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  // Become a game master: confirm, then land on the profile showing the new role.
  await profileButton.click();
  await page.getByRole('menuitem', { name: 'Become game master' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
  await screenshot(page, 'become-game-master-dialog', false);
  await dialog.getByRole('button', { name: 'Become game master' }).click();

  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  const accountId = page.url().split('/').pop() ?? '';
  await expect(page.getByText('You are now a game master.')).toBeVisible();
  // The GM profile wizard follows at once (profiles.spec.ts completes it); skip it here.
  await page.getByTestId('profile-wizard').getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('experience-gm')).toBeVisible();
  await expect(page.getByText(accountId)).toBeVisible();
  await expect(page.getByText('Game master since')).toBeVisible();
  await expect(page).toHaveTitle('Profile · Questline');
  await expect(profileButton).toContainText('Game master');
  await screenshot(page, 'profile-game-master');

  // A game master is not offered it again.
  await profileButton.click();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Become game master' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Someone else's profile does not exist yet.
  await page.goto('/profile/0195f0c4-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  await screenshot(page, 'profile-not-found');

  // Sign out: home, and the sidebar offers signing in again.
  await profileButton.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(profileButton).toHaveCount(0);
  await screenshot(page, 'signed-out');
  await page.keyboard.press('Control+b');
  await expect(mainSidebar(page)).toHaveAttribute('data-state', 'collapsed');
  await expect(mainSidebar(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'sidebar-collapsed-signed-out', false);
  await page.keyboard.press('Control+b');

  // /profile needs a signed-in user.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in\?return_to=%2Fprofile$/);

  await mainSidebar(page).getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, email, 'not the password');
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await signIn(page, email, password);
  await expect(page.getByText(`Welcome back, ${name}!`)).toBeVisible();
  await expect(profileButton).toContainText(name);
  await expect(profileButton).toContainText('Game master');
});

test('forgot password: the mailed link sets a new one', async ({ page, request }) => {
  const email = uniqueEmail('grace');
  await signUpThroughApi(request, email, 'Grace Hopper');

  // The address confirmation link from the welcome mail works once; opened again, it says the address is
  // confirmed already (not "expired").
  const verifyLink = await linkFromMail(email, 'verify-email');
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await screenshot(page, 'verify-email-success');
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'E-mail address already confirmed' }),
  ).toBeVisible();
  await screenshot(page, 'verify-email-used');

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await screenshot(page, 'forgot-password');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await screenshot(page, 'forgot-password-sent');

  const resetLink = await linkFromMail(email, 'reset-password');
  await page.goto(resetLink);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  const newPassword = 'a brand new secret phrase';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await screenshot(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(
    page.getByText('Your password was changed. Sign in with your new password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn(page, email, newPassword);
  // Signing in without a return address lands on the Dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await postponeProfileWizard(page);
  await expect(mainSidebar(page).getByRole('button', { name: 'Account menu' })).toContainText(
    'Grace Hopper',
  );

  // The used link cannot set another password.
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill('yet another secret phrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('This link was already used or has expired. Ask for a new one.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('signing up with a taken e-mail says so, in Polish', async ({ page, request }) => {
  const email = uniqueEmail('taken');
  await signUpThroughApi(request, email, 'First Owner');

  await page.addInitScript(() => {
    window.localStorage.setItem('questline.locale', 'pl-PL');
  });
  await page.goto('/sign-up');
  await expect(page).toHaveTitle('Rejestracja · Questline');
  await page.getByLabel('Nazwa wyświetlana', { exact: true }).fill('Second Owner');
  await page.getByLabel('Adres e-mail', { exact: true }).fill(email);
  await page.getByLabel('Hasło', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zarejestruj się', exact: true }).click();

  const emailField = page.getByLabel('Adres e-mail', { exact: true });
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toHaveAccessibleDescription('Konto z tym adresem e-mail już istnieje.');
  await expect(emailField).toBeFocused();
  await expect(page).toHaveURL(/\/sign-up$/);
  await screenshot(page, 'sign-up-taken-pl');
});
