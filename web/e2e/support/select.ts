import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `optionName` from a Radix select. A click that lands while its dialog is still opening can leave the
 * trigger focused but closed, so the trigger is clicked again until the option shows.
 */
export async function chooseOption(
  page: Page,
  trigger: Locator,
  optionName: string,
  { exact = false }: { exact?: boolean } = {},
) {
  const option = page.getByRole('option', { name: optionName, exact });
  await expect(async () => {
    if (!(await option.isVisible())) await trigger.click();
    await expect(option).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await option.click();
}
