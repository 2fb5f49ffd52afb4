/** Nothing lies over a control: what a pointer would hit at its middle is the control itself (or inside it). */
import { expect, type Locator } from '@playwright/test';

export async function expectUncovered(target: Locator, what: string) {
  await expect(target).toBeVisible();
  const page = target.page();
  // Judged where things come to rest: a toast sliding in is judged where it stops.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const hit = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (found === null) return 'nothing';
    if (found === element || element.contains(found)) return 'itself';
    return found.closest('[data-sonner-toast]') !== null
      ? `a toast: ${found.closest('[data-sonner-toast]')?.textContent ?? ''}`
      : found.outerHTML.slice(0, 120);
  });
  expect(hit, `what lies over ${what}`).toBe('itself');
}
