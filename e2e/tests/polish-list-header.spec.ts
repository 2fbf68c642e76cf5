import { expect, test } from '@playwright/test';
import { expectOnRequests, look, signInAs } from './helpers';

// Issue 17, defect 1: New Request / New Estimate stay reachable from the list header once the list has rows
// (000 §2 Links, 001 §2.1), on every mode and on a phone; ASSIST users create nothing.

const cases = [
  { email: 'dealer@demo.test', label: 'New Request', wizard: /\/newrequestimates\/?$/ },
  { email: 'installer@demo.test', label: 'New Estimate', wizard: /\/newestimate\/?$/ },
] as const;

for (const { width, name } of [
  { width: 1280, name: 'desktop' },
  { width: 390, name: 'phone' },
]) {
  test.describe(`list header on a ${name}`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { email, label, wizard } of cases) {
      test(`${email} opens '${label}' from the header of a list with rows`, async ({ page }) => {
        await signInAs(page, email);
        await expectOnRequests(page);
        for (const [path, title] of [
          ['/jobs', 'Jobs'],
          ['/pickups', 'Pickups'],
          ['/requestimates', 'Requests'],
        ] as const) {
          await page.goto(path);
          const header = page
            .locator('[data-header-color]')
            .filter({ has: page.getByRole('heading', { name: title }) });
          await expect(header.getByRole('link', { name: label })).toBeVisible();
        }
        await expect(
          page.getByRole('list', { name: 'Requests list' }).getByRole('button').first(),
        ).toBeVisible();
        await look(page, `list-header-${email.split('@')[0]}-${width}`);
        await page.locator('[data-header-color]').getByRole('link', { name: label }).click();
        await expect(page).toHaveURL(wizard);
      });
    }
  });
}

test('an ASSIST dealer sees no create link in the list header', async ({ page }) => {
  await signInAs(page, 'assist@demo.test');
  await expect(page.getByRole('list', { name: 'Requests list' }).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /New Request|New Estimate/ })).toHaveCount(0);
});
