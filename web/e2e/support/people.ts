/**
 * The people and tables of the marketplace journeys: a signed-in account in its own browser context, a game master,
 * a published series, and a screen captured the way every journey captures one (axe, no sideways scroll at 375 px,
 * screenshots at 1280 and 375 px). Set up through the API so each journey clicks only through the screens it is about.
 */
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

import { expectAccessible, expectNoSidewaysScroll } from './axe';
import { verifyEmail } from './mail';

export const screens = 'test-results/screens';
export const password = 'correct horse battery staple';
export const csrf = { 'X-Questline-Csrf': '1' };

export function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The screen at 1280 px and at 375 px wide, photographed at both. axe reads it once, at 1280 px: the markup, names and
 * colours are the same at both widths, and the phone layout's own parts (the sidebar as a sheet, the wizard and the
 * welcome toast on a phone) have journeys at a phone's width that run axe there (docs/decisions.md, "Build speed").
 * At 375 px nothing may scroll sideways. The window's size is put back.
 */
export async function capture(page: Page, name: string, fullPage = true) {
  const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
  await expectAccessible(page, name, { atPhoneWidth: false });
  await page.screenshot({ path: `${screens}/${name}-1280.png`, fullPage, animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `${name} at 375 px`);
  await page.screenshot({ path: `${screens}/${name}-375.png`, fullPage, animations: 'disabled' });
  await page.setViewportSize(desktop);
}

export type Person = { context: BrowserContext; page: Page; id: string; email: string };

/** A signed-in account with a complete profile (a birthdate, for the series' minimum age) in a new context. */
export async function person(browser: Browser, name: string): Promise<Person> {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/Warsaw',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase());
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      email,
      password,
      display_name: name,
      time_zone: 'Europe/Warsaw',
    },
  });
  expect(signUp.status()).toBe(201);
  const id = ((await signUp.json()) as { user: { id: string } }).user.id;
  const profile = (await (await page.request.get('/api/profile')).json()) as {
    profile_id: string;
  };
  const base = {
    first_name: name,
    last_name: 'Gracz',
    display_name: name,
    birthdate: '1990-05-17',
  };
  expect(
    (
      await page.request.patch(`/api/profiles/${profile.profile_id}`, {
        headers: csrf,
        data: { base },
      })
    ).ok(),
  ).toBe(true);
  return { context, page, id, email };
}

/** A person who has become a game master (their e-mail address proven first, as the role requires). */
export async function gameMaster(browser: Browser, name: string): Promise<Person> {
  const gm = await person(browser, name);
  await verifyEmail(gm.page.request, gm.email);
  expect(
    (
      await gm.page.request.post(`/api/accounts/${gm.id}/become-game-master`, {
        headers: csrf,
        data: {},
      })
    ).status(),
  ).toBe(200);
  return gm;
}

type GameSystem = { id: string; parent_id?: string | null };
export type Series = { id: string; handle: string; title: string };

/**
 * A published, recruiting, free series with `seats` seats (at least one player to play), weekly on Tuesdays at
 * 19:00 in Warsaw.
 */
export async function publishedSeries(
  request: APIRequestContext,
  title: string,
  seats = 1,
): Promise<Series> {
  const systems = (
    (await (await request.get('/api/game-systems?language=en')).json()) as { items: GameSystem[] }
  ).items;
  const system = systems.find((candidate) => candidate.parent_id == null);
  if (!system) throw new Error('the seeded tree has no game system');
  const blueprint = await request.post('/api/activity-blueprints', {
    headers: csrf,
    data: {
      title: `${title} blueprint`,
      game_system_id: system.id,
      activity_type: 'campaign',
      language: 'en',
    },
  });
  expect(blueprint.status()).toBe(201);
  const created = await request.post('/api/series', {
    headers: csrf,
    data: {
      title,
      blueprint_id: ((await blueprint.json()) as { id: string }).id,
      short_description: `${title}: a lighthouse, a storm and one empty chair.`,
      language: 'en',
      min_players: 1,
      max_players: seats,
      min_player_age: 16,
      pricing: { model: 'free' },
      location: { kind: 'online', link: 'https://example.com/table' },
    },
  });
  expect(created.status()).toBe(201);
  const series = (await created.json()) as Series;
  expect(
    (
      await request.put(`/api/series/${series.id}/schedule`, {
        headers: csrf,
        data: {
          start_time: '19:00',
          session_duration_minutes: 180,
          is_recurring: true,
          recurrence_rule: 'FREQ=WEEKLY;BYDAY=TU',
          time_zone: 'Europe/Warsaw',
          first_date: new Date().toISOString().slice(0, 10),
        },
      })
    ).status(),
  ).toBe(200);
  const published = await request.patch(`/api/series/${series.id}`, {
    headers: csrf,
    data: { lifecycle_status: 'published', recruitment_status: 'open' },
  });
  expect(published.status()).toBe(200);
  return series;
}

/**
 * A new account is asked to complete its profile (the profiles feature's wizard) on whatever page it lands; the
 * journeys about something else postpone it whenever it shows. The wizard fades out after Later (and is kept for
 * resuming), so the journey goes on without waiting for it to go; a click that finds the button gone (the wizard
 * re-rendered or already closing) gives up after a moment instead of holding the journey, and the handler runs
 * again if the wizard is still there.
 */
export async function postponeProfileWizardWhenAsked(page: Page) {
  const wizard = page.getByTestId('profile-wizard');
  await page.addLocatorHandler(
    wizard,
    async () => {
      await wizard
        .getByRole('button', { name: 'Later' })
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    },
    { noWaitAfter: true },
  );
}
