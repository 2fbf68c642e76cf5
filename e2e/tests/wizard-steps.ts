import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { look } from './helpers';

/**
 * On a wizard's Work step, adds the next service the selected ones do not include, so there is one more
 * selected line (a service that is already included is refused and the next one is tried).
 */
export async function addAnotherService(page: Page) {
  const lines = page.getByTestId('selected-service');
  const before = await lines.count();
  const addButtons = page.getByRole('button', { name: /^Add / });
  const count = await addButtons.count();
  for (let i = 0; i < count; i += 1) {
    const button = addButtons.nth(i);
    if (await button.isDisabled()) continue;
    await button.click();
    if ((await lines.count()) === before + 1) break;
  }
  await expect(lines).toHaveCount(before + 1);
}

/** A screenshot of a wizard's view to look at, and axe on the same view (issue 17). */
export async function lookAccessible(page: Page, name: string) {
  await look(page, name);
  await expectAccessible(page, name);
}
