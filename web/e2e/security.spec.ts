import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { capture, postponeProfileWizardWhenAsked } from './support/people';

// What issue 9 (security review) and issue 11's account items changed for users: linked identities in account
// settings, deleting an identity-provider-only account by signing in again, and the verification link offered
// again. Every screen is checked with axe-core and photographed at 1280 and 375 px.

const password = 'correct horse battery staple';
// The provider's address (playwright.config.ts may move its port).
const providerUrl = new RegExp(
  `^http://127\\.0\\.0\\.1:${process.env.QUESTLINE_E2E_OIDC_PORT ?? '4180'}/`,
);

function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

// A new account is asked to complete its profile; these journeys postpone it.
test.beforeEach(async ({ page }) => {
  await postponeProfileWizardWhenAsked(page);
});

/** The provider's own login form (the test provider takes any login; it becomes the claims). */
async function loginAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(providerUrl);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything at all');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

async function signUpThroughApi(request: APIRequestContext, email: string, displayName: string) {
  const response = await request.post('/api/auth/sign-up', {
    headers: { 'X-Questline-Csrf': '1' },
    data: { email, password, display_name: displayName, locale: 'en-GB', time_zone: 'UTC' },
  });
  expect(response.status()).toBe(201);
}

/** The newest mail to `email` with a `/{path}?token=` link: that link's path and query. */
async function linkFromMail(email: string, path: string): Promise<string> {
  const dataDir = process.env.QUESTLINE_E2E_DATA_DIR ?? '';
  const mailDir = join(dataDir, 'mail');
  const pattern = new RegExp(`https?://\\S+/${path}\\?token=[A-Za-z0-9_-]+`);
  let link = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(mailDir).filter((file) => file.endsWith('.eml'));
        } catch {
          return '';
        }
        for (const file of files.sort().reverse()) {
          const raw = readFileSync(join(mailDir, file), 'utf8');
          if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
          const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const match = pattern.exec(unfolded);
          if (match) {
            link = match[0];
            return link;
          }
        }
        return '';
      },
      { message: `a mail to ${email} with a ${path} link`, timeout: 30_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('a linked identity is listed in account settings and removed with the password', async ({
  page,
  request,
}) => {
  const login = unique('linker');
  const email = `${login}@example.test`;
  await signUpThroughApi(request, email, 'Lina Linker');

  // Sign in through the provider; the existing account asks for its password once, then links.
  await page.goto('/sign-in?return_to=%2Faccount');
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await loginAtProvider(page, login);
  await expect(
    page.getByRole('heading', { name: 'Confirm that this is your account' }),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);

  const section = page.getByRole('region', { name: 'Sign-in with other services' });
  await expect(section.getByText('Test ID', { exact: true })).toBeVisible();
  await expect(section.getByText(`Linked as ${email}`)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await capture(page, 'security-linked-identity');

  // Removing it asks for the password; a wrong one is said on the field.
  await section.getByRole('button', { name: 'Remove Test ID sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Test ID sign-in?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Remove sign-in' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await capture(page, 'security-remove-identity');

  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Remove sign-in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Test ID no longer signs you in.')).toBeVisible();
  await expect(section.getByText('No other service signs in to your account.')).toBeVisible();
});

test('an account without a password confirms its deletion by signing in with the provider again', async ({
  page,
}) => {
  const login = unique('erin');
  const email = `${login}@example.test`;
  await page.goto('/sign-in?return_to=%2Faccount');
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await loginAtProvider(page, login);
  await expect(page).toHaveURL(/\/account$/);

  // The identity it signs in with is listed, without a way to remove the only sign-in it has.
  const identities = page.getByRole('region', { name: 'Sign-in with other services' });
  await expect(identities.getByText('Test ID', { exact: true })).toBeVisible();
  await expect(identities.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(identities.getByText(/first set a password/)).toBeVisible();

  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(/sign in with Test ID again/)).toBeVisible();
  await capture(page, 'security-delete-sign-in-again');

  // The provider asks for the login again, even though it remembers the person.
  await dialog.getByRole('link', { name: 'Sign in with Test ID again' }).click();
  await loginAtProvider(page, login);
  await expect(page).toHaveURL(/\/account\?delete=confirm$/);
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm.getByText('You signed in again.', { exact: false })).toBeVisible();
  await capture(page, 'security-delete-confirm');

  await confirm.getByLabel('E-mail', { exact: true }).fill(email);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
});

test('the verification link can be sent again, and a used link says the address is confirmed', async ({
  page,
}) => {
  const email = `${unique('vera')}@example.com`;
  await page.goto('/sign-up');
  await page.getByLabel('Display name', { exact: true }).fill('Vera');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const first = await linkFromMail(email, 'verify-email');

  // Account settings offer the link again while the address is unverified.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    page.getByText(`We sent a new link to ${email}. It works for 3 days.`),
  ).toBeVisible();
  await capture(page, 'security-resend-account');

  // A link that is not valid offers a new one.
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByText('This link is not valid. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await capture(page, 'security-verify-invalid');

  // The link confirms the address; opened again, it says so rather than "expired".
  await page.goto(first);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await page.goto(first);
  await expect(
    page.getByRole('heading', { name: 'E-mail address already confirmed' }),
  ).toBeVisible();
  await expect(page.getByText('This e-mail address is already verified')).toBeVisible();
  await capture(page, 'security-verify-already');
});
