import { expect, test } from '@playwright/test';

import { expectAccessible } from './support/axe';

// Issue 11: page paths no route matches answer 404 (with the app's Not Found page), pages preload their own
// chunks, and the server sends the build's pre-compressed copies.

test('a path no route matches answers 404 with the Not Found page', async ({ page, request }) => {
  const response = await page.goto('/zz-nonsense');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  // The shell is there: the sidebar still leads home.
  await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `not-found-${width}`);
    await page.screenshot({
      path: `test-results/screens/perf-not-found-${width}.png`,
      fullPage: true,
    });
  }

  for (const path of ['/questboard/a/b', '/profile/a/b', '/sign-in/extra']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  for (const path of ['/', '/questboard', '/sign-in', '/sign-up', '/profile/not-a-uuid']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('a page preloads its own chunks with the main bundle', async ({ request }) => {
  const html = await (await request.get('/sign-in')).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(preloads.some((href) => /\/assets\/sign-in-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
  const home = await (await request.get('/')).text();
  expect(home).not.toContain('/assets/sign-in-');
});

test('assets are sent pre-compressed as the client accepts', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const plain = await request.get(script ?? '', { headers: { 'accept-encoding': 'identity' } });
  const raw = await plain.body();
  for (const coding of ['br', 'gzip']) {
    const response = await request.get(script ?? '', { headers: { 'accept-encoding': coding } });
    expect(response.headers()['content-encoding'], coding).toBe(coding);
    expect(response.headers().vary?.toLowerCase()).toContain('accept-encoding');
    expect(response.headers()['cache-control']).toContain('immutable');
    // Playwright decodes the body: the same script either way.
    expect((await response.body()).equals(raw), coding).toBe(true);
  }
  expect(plain.headers()['content-encoding']).toBeUndefined();
});
