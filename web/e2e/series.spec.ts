/**
 * Issue 13's GM story: a game master makes a series from a blueprint in the wizard, is told that publishing
 * needs a schedule, sets a weekly Tuesday and Thursday 19:00 schedule in their zone, uploads a thumbnail and
 * publishes. axe-core checks every screen; screenshots at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test';

import { verifyEmail } from './support/mail';
import { capture } from './support/people';
import { chooseOption } from './support/select';

const password = 'correct horse battery staple';
const csrf = { 'X-Questline-Csrf': '1' };

// The GM plans in Warsaw: the schedule's default zone is the browser's.
test.use({ timezoneId: 'Europe/Warsaw' });

function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function runCommand(page: Page, search: string, label: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await page.keyboard.type(search);
  const option = palette.getByRole('option', { name: label, exact: true });
  await expect(option).toBeVisible();
  await option.click();
}

test('a game master creates a series, schedules it weekly and publishes it', async ({ page }) => {
  test.setTimeout(150_000);

  // A game master with a complete basic profile, signed in through the API.
  const email = uniqueEmail('sera');
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: { email, password, display_name: 'Sera', time_zone: 'Europe/Warsaw' },
  });
  expect(signUp.status()).toBe(201);
  const accountId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const profile = (await (await page.request.get('/api/profile')).json()) as { profile_id: string };
  await page.request.patch(`/api/profiles/${profile.profile_id}`, {
    headers: csrf,
    data: {
      base: {
        first_name: 'Sera',
        last_name: 'Gracz',
        display_name: 'Sera',
        birthdate: '1988-02-11',
      },
    },
  });
  await verifyEmail(page.request, email);
  const becameGm = await page.request.post(`/api/accounts/${accountId}/become-game-master`, {
    headers: csrf,
    data: {},
  });
  expect(becameGm.status()).toBe(200);

  // No series yet: the empty state, and My Series in the Game Master section of the sidebar.
  await page.goto('/dashboard/gm/my-series');
  await expect(page).toHaveTitle('My Series · Questline');
  await expect(page.getByRole('heading', { level: 1, name: 'My Series' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No series found' })).toBeVisible();
  await expect(
    page.locator('aside[data-sidebar="main"]').getByRole('link', { name: 'My Series' }),
  ).toBeVisible();
  await capture(page, 'series-empty');

  // The blueprint the series runs (the blueprint journey covers making one in its dialog).
  const systems = (await (await page.request.get('/api/game-systems')).json()) as {
    items: { id: string }[];
  };
  const system = systems.items[0];
  expect(system).toBeDefined();
  const blueprint = await page.request.post('/api/activity-blueprints', {
    headers: csrf,
    data: {
      title: 'The Sunless Citadel',
      language: 'en',
      activity_type: 'campaign',
      game_system_id: system?.id,
    },
  });
  expect(blueprint.status()).toBe(201);

  // The palette's "Create series" opens the wizard.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Series' })).toBeVisible();
  await runCommand(page, 'create series', 'Create series');
  await expect(page).toHaveURL(/\/dashboard\/gm\/my-series\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create series' })).toBeVisible();

  // Nothing chosen: the spec's messages.
  await page.getByRole('button', { name: 'Create series' }).click();
  await expect(page.getByText('Activity blueprint is required')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();

  await chooseOption(page, page.getByLabel('Activity blueprint'), 'The Sunless Citadel');
  await expect(page.getByTestId('wizard-blueprint-facts')).toContainText('Campaign');
  await expect(page.getByText('Activity blueprint is required')).toHaveCount(0);
  await page.getByLabel('Title').fill('Citadel Tuesdays');
  await page
    .getByLabel('Description')
    .fill('A dungeon crawl for new players, two evenings a week.');
  await page.getByLabel('Table or voice link').fill('https://discord.gg/citadel');

  // min ≤ max, told on the minimum players, once a field has changed.
  await page.getByLabel('Minimum players').fill('6');
  await page.getByLabel('Maximum players').fill('4');
  await expect(
    page.getByText('Minimum players must be less than or equal to maximum players'),
  ).toBeVisible();
  await page.getByLabel('Minimum players').fill('3');
  await expect(
    page.getByText('Minimum players must be less than or equal to maximum players'),
  ).toHaveCount(0);

  // Paid: the price field takes a comma and is tidied on blur.
  await chooseOption(page, page.getByLabel('Pricing model'), 'Paid');
  const price = page.getByLabel('Price per session');
  await price.fill('25,5');
  await price.blur();
  await expect(price).toHaveValue('25.50');
  await expect(page.getByLabel('Currency')).toContainText('PLN');
  await capture(page, 'series-wizard');

  await page.getByRole('button', { name: 'Create series' }).click();
  await expect(page).toHaveURL(/\/dashboard\/gm\/my-series\/citadel-tuesdays$/);
  await expect(page.getByText('Series created successfully')).toBeVisible();
  await expect(page).toHaveTitle('Citadel Tuesdays · Questline');
  await expect(page.getByRole('heading', { level: 1, name: 'Citadel Tuesdays' })).toBeVisible();
  await expect(page.getByTestId('series-price')).toHaveText('PLN 25.50 per session');
  await capture(page, 'series-draft');

  // Publishing without a schedule: the message in the dialog.
  await page.getByRole('button', { name: 'Change status' }).click();
  let statusDialog = page.getByRole('dialog', { name: 'Edit series status' });
  await expect(statusDialog.getByLabel('Recruitment')).toBeDisabled();
  await chooseOption(page, statusDialog.getByLabel('Series status'), 'Published');
  await expect(statusDialog.getByLabel('Recruitment')).toBeEnabled();
  await statusDialog.getByRole('button', { name: 'Save' }).click();
  await expect(statusDialog.getByRole('alert')).toHaveText(
    'Series needs to have a schedule before publishing.',
  );
  await capture(page, 'series-publish-needs-schedule', false);
  await statusDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(statusDialog).toHaveCount(0);

  // Weekly on Tuesday and Thursday at 19:00, from the palette with the series in context.
  await runCommand(page, 'schedule', 'Edit series schedule');
  const schedule = page.getByRole('dialog', { name: 'Edit series schedule' });
  const startTime = schedule.getByLabel('Start time');
  await startTime.pressSequentially('1900');
  await expect(startTime).toHaveValue('19:00');
  await expect(schedule.getByLabel('Session length (minutes)')).toHaveValue('60');
  await expect(schedule.getByLabel('Time zone')).toContainText('Warsaw');
  await schedule.getByLabel('Recurring').check();
  await expect(schedule.getByTestId('schedule-missing')).toHaveText(
    'Choose how often the series repeats to save the schedule.',
  );
  await chooseOption(page, schedule.getByLabel('Repeats'), 'Weekly', { exact: true });
  await expect(schedule.getByTestId('schedule-missing')).toHaveText(
    'Choose at least one day of the week to save the schedule.',
  );
  // The submit is aborted silently while a weekday is missing: the dialog stays.
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(schedule).toBeVisible();
  await schedule.getByText('Tue', { exact: true }).click();
  await schedule.getByText('Thu', { exact: true }).click();
  await expect(schedule.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
  await expect(schedule.getByRole('checkbox', { name: 'Thursday' })).toBeChecked();
  await expect(schedule.getByTestId('schedule-missing')).toHaveCount(0);
  await capture(page, 'series-schedule-dialog', false);
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Series schedule updated successfully')).toBeVisible();
  await expect(schedule).toHaveCount(0);
  const nextSessions = page.getByTestId('series-next-sessions').getByRole('listitem');
  await expect(nextSessions).toHaveCount(5);
  for (const session of await nextSessions.all()) {
    await expect(session).toHaveText(/(Tuesday|Thursday).* 19:00/);
  }
  await expect(page.getByTestId('series-schedule')).toContainText(
    'Every week on Tuesday and Thursday',
  );

  // A file that is not an image is refused before it is sent.
  await page.getByLabel('Upload thumbnail').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Choose a JPEG, PNG or WebP image.')).toBeVisible();
  await page.getByLabel('Upload thumbnail').setInputFiles('e2e/fixtures/series-thumbnail.png');
  await expect(page.getByText('Thumbnail uploaded successfully')).toBeVisible();
  await expect(page.getByTestId('series-thumbnail')).toBeVisible();

  // Publish with recruitment open.
  await page.getByRole('button', { name: 'Change status' }).click();
  statusDialog = page.getByRole('dialog', { name: 'Edit series status' });
  await chooseOption(page, statusDialog.getByLabel('Series status'), 'Published');
  await chooseOption(page, statusDialog.getByLabel('Recruitment'), 'Open');
  await statusDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Series status updated successfully')).toBeVisible();
  await expect(page.getByTestId('series-status')).toContainText('Published');
  await expect(page.getByTestId('series-status')).toContainText('Recruitment: Open');
  // A published series cannot be deleted, so the page no longer offers it.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await capture(page, 'series-published');

  // The list shows it, published, with its next session.
  await page.goto('/dashboard/gm/my-series');
  const list = page.getByTestId('series-list');
  await expect(list.getByRole('link', { name: 'Citadel Tuesdays' })).toBeVisible();
  await expect(list).toContainText('Published');
  await expect(list).toContainText('Next session');
  await capture(page, 'series-list');
});
