import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { expectOnRequests, signInAs } from './helpers';

// WCAG 2.2 AA (issue 17): the screens each role reaches, and their popups, have no critical or serious axe
// violation, at desktop and phone widths.

async function openFirstRow(page: Page) {
  await page.getByRole('list', { name: 'Requests list' }).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('sign-in', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Lets Go' })).toBeVisible();
      await expectAccessible(page, `sign-in ${width}`);
    });

    test('the Work Detail popup', async ({ page }) => {
      await signInAs(page, 'dealer@demo.test');
      await expectOnRequests(page);
      await page.goto('/pickups');
      await page.getByRole('list', { name: 'Pickups list' }).getByRole('button').first().click();
      await page.getByRole('region', { name: 'Summary' }).getByRole('button', { name: 'Details' }).click();
      await expect(page.getByRole('dialog').getByRole('table', { name: 'Itemized services' })).toBeVisible();
      await expectAccessible(page, `work detail popup ${width}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    for (const email of [
      'dealer@demo.test',
      'installer@demo.test',
      'assist@demo.test',
      'installer3@demo.test',
    ]) {
      test(`${email}: lists and a request's details`, async ({ page }) => {
        await signInAs(page, email);
        await expectOnRequests(page);
        await expect(
          page.getByRole('list', { name: 'Requests list' }).getByRole('button').first(),
        ).toBeVisible();
        await expectAccessible(page, `${email} requests ${width}`);
        await openFirstRow(page);
        await expectAccessible(page, `${email} request detail ${width}`);
        for (const [path, title] of [
          ['/jobs', 'Jobs'],
          ['/pickups', 'Pickups'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          await expectAccessible(page, `${email} ${path} ${width}`);
        }
      });
    }
  });
}
