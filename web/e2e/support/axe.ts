/** axe-core on what a journey shows: 0 serious or critical violations, on the whole page (shell included). */
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
  const { violations } = await new AxeBuilder({ page }).analyze();
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

export async function expectAccessible(page: Page, screen: string) {
  // Something lazily loaded (a dialog, a toast) may start fading in while axe reads the page and be judged
  // half-transparent: the check runs again until the page is clean, and a real violation still fails it.
  await expect(async () => {
    expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
  }).toPass({ timeout: 30_000 });
}
