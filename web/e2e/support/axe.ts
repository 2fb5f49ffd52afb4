/**
 * axe-core on what a journey shows: 0 serious or critical violations, on the whole page (shell included); and the
 * page does not scroll sideways, at the width it is shown at and on a 375 px phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are judged once fades and slides have ended (a toast fading in is not low contrast); endless
  // animations (spinners) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  // Only violations are reported in full: passes and the rest come back as one node per rule, which spares axe
  // and the wire most of the work on a long page without changing what is checked.
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map(
            (node) =>
              `${node.target.join(' ')} (${node.any[0]?.message ?? node.failureSummary ?? ''})`,
          )
          .join(', ')}`,
    );
}

/** How far the page reaches past the right edge of the window, in pixels (0 when it fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** A dialog or menu is open: resizing would close it (the sidebar turns into a sheet at a phone's width). */
const OPEN_OVERLAY =
  '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"]';

/**
 * The page fits the window's width now and (unless `atPhoneWidth` is false) at 375 px: nothing scrolls sideways. The
 * window's size is restored. A
 * screen with an open dialog or menu is checked at its own width only, so the check never closes what the journey
 * opened (the journeys' own 375 px screenshots show those at a phone's width).
 */
export async function expectNoSidewaysScroll(
  page: Page,
  screen: string,
  { atPhoneWidth = true } = {},
) {
  const viewport = page.viewportSize();
  // A layout may settle a frame after a resize: polled, so a page that truly overflows still fails.
  await expect
    .poll(() => sidewaysOverflow(page), { message: `${screen} scrolls sideways` })
    .toBeLessThanOrEqual(0);
  if (!atPhoneWidth || viewport === null || viewport.width === 375) return;
  if ((await page.locator(OPEN_OVERLAY).count()) > 0) return;
  await page.setViewportSize({ width: 375, height: viewport.height });
  try {
    await expect
      .poll(() => sidewaysOverflow(page), { message: `${screen} scrolls sideways at 375 px` })
      .toBeLessThanOrEqual(0);
  } finally {
    await page.setViewportSize(viewport);
  }
}

/**
 * axe finds no serious or critical violation on the screen, and it does not scroll sideways at its width nor at
 * 375 px. `atPhoneWidth: false` leaves the 375 px check to the caller, who shows the screen at that width next.
 */
export async function expectAccessible(page: Page, screen: string, { atPhoneWidth = true } = {}) {
  // Something lazily loaded (a dialog, a toast) may start fading in while axe reads the page and be judged
  // half-transparent: the check runs again until the page is clean, and a real violation still fails it.
  await expect(async () => {
    expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
  }).toPass({ timeout: 30_000 });
  await expectNoSidewaysScroll(page, screen, { atPhoneWidth });
}

/**
 * The screen shown again in Polish (whose words run longer), checked like any screen (axe, no sideways scroll at its
 * width and at 375 px), then switched back to English: switched with the shell's language menu, as a user would.
 */
export async function expectAccessibleInPolish(page: Page, screen: string) {
  const viewport = page.viewportSize();
  if (viewport !== null && viewport.width < 1280) {
    await page.setViewportSize({ width: 1280, height: viewport.height });
  }
  const choose = async (language: string, lang: string) => {
    await page.getByTestId('language-switch').first().click();
    await page.getByRole('menuitemradio', { name: language }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  };
  await choose('Polski', 'pl-PL');
  await expectAccessible(page, `${screen} in Polish`);
  await choose('English (UK)', 'en-GB');
  if (viewport !== null) await page.setViewportSize(viewport);
}
