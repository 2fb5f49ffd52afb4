/**
 * Issue 13's Questboard story: a game master's published series (seeded through the API: blueprint, series,
 * schedule, publish) is found by a signed-out visitor whose browser is in America/New_York. They filter by game
 * system (a family, which includes the edition the series is played in) and price, see the next session in their
 * own time, reload and keep the filters, open the series page; at 375 px the filters fold away and the cards stack.
 * Home leads into the Questboard. axe-core checks every screen; screenshots at 1280 and 375 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

import { expectAccessible } from './support/axe';
import { verifyEmail } from './support/mail';
import { capture } from './support/people';

const screens = 'test-results/screens';
const password = 'correct horse battery staple';
const csrf = { 'X-Questline-Csrf': '1' };

function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

type GameSystem = { id: string; name: string; parent_id?: string | null; children_ids: string[] };
type Series = { id: string; handle: string; title: string; next_session_at: string | null };

/** A game master with a complete profile, signed in on `request`. */
async function gameMaster(request: APIRequestContext, name: string) {
  const email = uniqueEmail(name.toLowerCase());
  const signUp = await request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      email,
      password,
      display_name: name,
      time_zone: 'Europe/Warsaw',
    },
  });
  expect(signUp.status()).toBe(201);
  const accountId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const profile = (await (await request.get('/api/profile')).json()) as { profile_id: string };
  const base = {
    first_name: name,
    last_name: 'Mistrz',
    display_name: name,
    birthdate: '1988-02-03',
  };
  expect(
    (
      await request.patch(`/api/profiles/${profile.profile_id}`, { headers: csrf, data: { base } })
    ).ok(),
  ).toBe(true);
  await verifyEmail(request, email);
  expect(
    (
      await request.post(`/api/accounts/${accountId}/become-game-master`, {
        headers: csrf,
        data: {},
      })
    ).status(),
  ).toBe(200);
  return accountId;
}

/** A published series on a new blueprint, weekly on Tuesday and Thursday at 19:00 in Warsaw. */
async function publishedSeries(
  request: APIRequestContext,
  {
    title,
    systemId,
    pricing,
  }: { title: string; systemId: string; pricing: Record<string, string> },
): Promise<Series> {
  const blueprint = await request.post('/api/activity-blueprints', {
    headers: csrf,
    data: {
      title: `${title} blueprint`,
      game_system_id: systemId,
      activity_type: 'campaign',
      language: 'en',
    },
  });
  expect(blueprint.status()).toBe(201);
  const { id: blueprintId, version } = (await blueprint.json()) as { id: string; version: number };
  // The adventure's description: one part, shown on the series page.
  const part = await request.post('/api/activity-blueprint-parts', {
    headers: csrf,
    data: {
      title: `${title}: the hook`,
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'A letter arrives from the drowned quarter.' }],
          },
        ],
      },
    },
  });
  expect(part.status()).toBe(201);
  const partId = ((await part.json()) as { id: string }).id;
  const parts = await request.put(`/api/activity-blueprints/${blueprintId}/parts`, {
    headers: csrf,
    data: { part_ids: [partId], version },
  });
  expect(parts.status()).toBe(200);
  const created = await request.post('/api/series', {
    headers: csrf,
    data: {
      title,
      blueprint_id: blueprintId,
      short_description: `${title}: a city of canals, for careful players.`,
      language: 'en',
      min_players: 3,
      max_players: 5,
      min_player_age: 16,
      pricing,
      location: { kind: 'online', link: 'https://example.com/table' },
    },
  });
  expect(created.status()).toBe(201);
  const series = (await created.json()) as Series;
  const schedule = await request.put(`/api/series/${series.id}/schedule`, {
    headers: csrf,
    data: {
      start_time: '19:00',
      session_duration_minutes: 180,
      is_recurring: true,
      recurrence_rule: 'FREQ=WEEKLY;BYDAY=TU,TH',
      time_zone: 'Europe/Warsaw',
      first_date: new Date().toISOString().slice(0, 10),
    },
  });
  expect(schedule.status()).toBe(200);
  const published = await request.patch(`/api/series/${series.id}`, {
    headers: csrf,
    data: { lifecycle_status: 'published', recruitment_status: 'open' },
  });
  expect(published.status()).toBe(200);
  return (await published.json()) as Series;
}

test('a visitor in New York filters the Questboard, keeps the filters over a reload and opens a series', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const suffix = Math.random().toString(36).slice(2, 7);

  // Seed: a family with an edition; a paid series in that edition, a free one and one priced in euros.
  const gmId = await gameMaster(request, 'Vesna');
  const systems = (
    (await (await request.get('/api/game-systems?language=en')).json()) as { items: GameSystem[] }
  ).items;
  const family = systems.find(
    (system) => system.parent_id == null && system.children_ids.length > 0,
  );
  if (!family) throw new Error('the seeded tree has no family with editions');
  const edition = systems.find((system) => system.id === family.children_ids[0]);
  if (!edition) throw new Error('the family has no edition');
  const paidTitle = `Canal Heist ${suffix}`;
  const freeTitle = `Free Sampler ${suffix}`;
  const euroTitle = `Euro Night ${suffix}`;
  const paid = await publishedSeries(request, {
    title: paidTitle,
    systemId: edition.id,
    pricing: { model: 'paid', amount: '25.00', currency_code: 'pln' },
  });
  await publishedSeries(request, {
    title: freeTitle,
    systemId: family.id,
    pricing: { model: 'free' },
  });
  const euro = await publishedSeries(request, {
    title: euroTitle,
    systemId: family.id,
    pricing: { model: 'paid', amount: '25.00', currency_code: 'eur' },
  });
  expect(paid.next_session_at).not.toBeNull();

  // A signed-out visitor whose browser is in New York.
  const context = await browser.newContext({
    timezoneId: 'America/New_York',
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();

  // Home leads into the Questboard: 'Find Quests' and 'Latest', and a call to sign up.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Find Quests' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Latest' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: euroTitle })).toBeVisible();
  await capture(page, 'home-find-quests');
  await page.getByRole('searchbox', { name: 'Search the Questboard' }).fill(`heist ${suffix}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/questboard\\?q=heist\\+${suffix}$`));
  await expect(page.getByRole('heading', { level: 3, name: paidTitle })).toBeVisible();
  await expect(page.getByTestId('questboard-card')).toHaveCount(1);

  // The whole Questboard, then filtered by the family (which includes the edition) and a price range in PLN.
  await page.goto('/questboard');
  await expect(page).toHaveTitle('Questboard · Questline');
  await expect(page.getByRole('heading', { level: 1, name: 'Questboard' })).toBeVisible();
  const sidebar = page.locator('aside[data-sidebar="main"]');
  await expect(sidebar.getByRole('link', { name: 'Questboard' })).toBeVisible();
  const filters = page.getByTestId('questboard-filters');
  const familyBox = filters.getByRole('checkbox', { name: family.name, exact: true });
  await familyBox.click();
  await expect(familyBox).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`systems=${family.id}`));
  await expect(page.getByRole('heading', { level: 3, name: freeTitle })).toBeVisible();
  // A range back to front is said under the fields, not applied (the server would refuse it).
  await filters.getByLabel('From', { exact: true }).fill('50');
  await filters.getByLabel('To', { exact: true }).fill('40');
  await filters.getByLabel('To', { exact: true }).press('Enter');
  await expect(filters.getByRole('alert')).toHaveText('“To” must not be below “From”.');
  await expect(filters.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // "From" alone applied when it was left; the range back to front is not.
  await expect(page).not.toHaveURL(/max=40/);
  await expectAccessible(page, 'questboard price range reversed');
  await filters.getByLabel('From', { exact: true }).fill('20');
  await filters.getByLabel('To', { exact: true }).fill('30');
  await filters.getByLabel('To', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/min=20\.00&max=30\.00&currency=pln/);
  const card = page.getByTestId('questboard-card').filter({ hasText: paidTitle });
  await expect(card).toBeVisible();
  // Free counts as 0 and a price in euros is left out while a PLN range is set.
  await expect(page.getByRole('heading', { level: 3, name: freeTitle })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: euroTitle })).toHaveCount(0);

  // The card: facts, the price for the locale, and the next session in New York time, the zone named.
  // In the viewer's zone (New York), date and time apart; the schedule's own clock (Warsaw) in a quieter note.
  const at = new Date(paid.next_session_at ?? '');
  const inNewYork = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'America/New_York' }).format(at);
  const expected = `${inNewYork({ weekday: 'short', day: 'numeric', month: 'short' })}, ${inNewYork(
    {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
  )}`;
  await expect(card.getByTestId('next-session')).toHaveText(expected);
  await expect(card.getByTestId('schedule-time')).toHaveText(
    /^Schedule: \w{3} \d{1,2} \w{3}, 19:00, Central European (Standard |Summer )?Time$/,
  );
  await expect(card).toContainText(edition.name);
  await expect(card).toContainText('Campaign');
  await expect(card).toContainText('16+');
  await expect(card).toContainText('3–5 players');
  await expect(card).toContainText('0 seats taken');
  await expect(card).toContainText('180 minutes per session');
  await expect(card).toContainText('PLN 25.00 per session');
  await expect(
    card.getByRole('link', { name: `GM Profile: game master of ${paidTitle}` }),
  ).toHaveAttribute('href', `/profile/${gmId}`);
  await expect(card.getByRole('link', { name: `Apply Now: ${paidTitle}` })).toHaveAttribute(
    'href',
    `/sign-in?return_to=${encodeURIComponent(`/questboard/${paid.handle}`)}`,
  );
  await capture(page, 'questboard-filtered');

  // A reload keeps the filters.
  await page.reload();
  await expect(filters.getByRole('checkbox', { name: family.name, exact: true })).toBeChecked();
  await expect(filters.getByLabel('From', { exact: true })).toHaveValue('20.00');
  await expect(filters.getByLabel('To', { exact: true })).toHaveValue('30.00');
  await expect(card).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: freeTitle })).toHaveCount(0);

  // At 375 px: the filters fold behind a button, the cards stack in one column.
  await page.setViewportSize({ width: 375, height: 800 });
  const toggle = page.getByRole('button', { name: 'Filters (2)' });
  await expect(toggle).toBeVisible();
  await expect(filters).toBeHidden();
  await toggle.click();
  await expect(filters.getByRole('checkbox', { name: family.name, exact: true })).toBeVisible();
  await filters.getByRole('radio', { name: 'Campaign' }).click();
  await expect(filters.getByRole('radio', { name: 'Campaign' })).toBeChecked();
  await expect(page).toHaveURL(/format=campaign/);
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'questboard filters open at 375 px');
  await page.screenshot({ path: `${screens}/questboard-filters-open-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The series page, preloaded: schedule in the visitor's zone, requirements, price, the link kept for players.
  await card.getByRole('link', { name: paidTitle, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/questboard/${paid.handle}$`));
  // The tab is named after the series; the schedule says how it repeats, as the GM's page does (issue 32).
  await expect(page).toHaveTitle(`${paidTitle} · Questline`);
  await expect(page.getByRole('heading', { level: 1, name: paidTitle })).toBeVisible();
  await expect(page.getByTestId('series-recurrence')).toHaveText(
    'Every week on Tuesday and Thursday',
  );
  await expect(page.getByTestId('next-sessions').getByRole('listitem').first()).toHaveText(
    expected,
  );
  await expect(
    page.getByText('Starts at 19:00 (Central European Time), 180 minutes'),
  ).toBeVisible();
  await expect(page.getByText('Online. The link is shared with accepted players.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the table' })).toHaveCount(0);
  await expect(page.getByText('PLN 25.00 per session')).toBeVisible();
  await expect(page.getByText('Vesna', { exact: true })).toBeVisible();
  const adventure = page.getByRole('region', { name: 'The adventure' });
  await expect(
    adventure.getByRole('heading', { level: 3, name: `${paidTitle}: the hook` }),
  ).toBeVisible();
  await expect(adventure.getByText('A letter arrives from the drowned quarter.')).toBeVisible();
  await capture(page, 'questboard-series');

  // A series closed to recruiting says so on its card and its page, with no way to apply (issue 32).
  const close = await request.patch(`/api/series/${euro.id}`, {
    headers: csrf,
    data: { recruitment_status: 'closed' },
  });
  expect(close.status()).toBe(200);
  await page.goto(`/questboard?q=${encodeURIComponent(euroTitle)}`);
  const closedCard = page.getByTestId('questboard-card').filter({ hasText: euroTitle });
  await expect(closedCard.getByTestId('recruitment-closed')).toHaveText('Recruitment closed');
  await expect(closedCard.getByRole('link', { name: /Apply Now/ })).toHaveCount(0);
  await closedCard.getByRole('link', { name: euroTitle, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: euroTitle })).toBeVisible();
  await expect(page.getByTestId('recruitment-closed')).toBeVisible();
  await expect(page.getByRole('link', { name: /Apply Now/ })).toHaveCount(0);
  await expectAccessible(page, 'closed series');

  // Nothing matches: the empty state.
  await page.goto('/questboard?q=nothing-like-this-anywhere');
  await expect(page.getByRole('heading', { name: 'No series found' })).toBeVisible();
  await capture(page, 'questboard-empty');

  // Past the last page: said so (not "nothing is published"), with the way back to the last page.
  await page.goto('/questboard?page=999');
  await expect(page.getByRole('heading', { name: 'This page is past the end' })).toBeVisible();
  await expect(page.getByText('No series is published yet')).toHaveCount(0);
  await capture(page, 'questboard-past-end');
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  await expect(page.getByTestId('questboard-card').first()).toBeVisible();

  // A series that does not exist: the server answers 404, as for any unknown page (issue 31).
  const missing = await page.goto('/questboard/no-such-series-here');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Series not found' })).toBeVisible();
  await expectAccessible(page, 'series not found');

  await context.close();
});
