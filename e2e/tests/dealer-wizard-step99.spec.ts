import { expect, type Page, test } from '@playwright/test';
import { signInAs, snap } from './helpers';

// Dealer wizard step 99 (001 §2.2): the Work step loads the services of a previous job, priced again
// from today's catalog for the vehicle at hand, and returns to the Work step.
const VIN = '1HGCM82633A004352'; // 2003 Honda Accord, decoded offline

async function toWorkStep(page: Page) {
  await signInAs(page, 'dealer@demo.test');
  await expect(page).toHaveURL(/\/requestimates$/);
  await page.goto('/newrequestimates');
  await page.getByRole('combobox', { name: 'Specialist' }).click();
  await page.getByRole('option', { name: /^Any \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'VIN #' }).fill(VIN);
  await page.getByRole('button', { name: 'Decode VIN' }).click();
  await expect(page.getByTestId('vehicle-summary')).toContainText('2003 Honda Accord');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: /^Add / }).first()).toBeVisible();
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`dealer wizard step 99 ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('loads the services of a previous job into the Work step', async ({ page }) => {
      await toWorkStep(page);
      await expect(page.getByTestId('selected-service')).toHaveCount(0);
      await page.getByRole('button', { name: 'Load services from a previous job' }).click();
      await expect(page.getByRole('heading', { name: 'Services from a previous job' })).toBeVisible();
      const jobs = page.getByTestId('previous-job');
      await expect(jobs.first()).toBeVisible();
      // Step 99 has Previous (back to Work) and no Next.
      await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
      await snap(page, `creation-dealer-${viewport.name}-step99`);

      // The first job whose services the catalog still offers for this vehicle.
      const count = await jobs.count();
      let loaded = 0;
      for (let index = 0; index < count && loaded === 0; index += 1) {
        if (index > 0) await page.getByRole('button', { name: 'Load services from a previous job' }).click();
        await jobs
          .nth(index)
          .getByRole('button', { name: /^Load services of job \d+$/ })
          .click();
        const message = page.getByText(/^Loaded \d+ service\(s\) from job #\d+/);
        await expect(message).toBeVisible();
        loaded = Number(/Loaded (\d+)/.exec((await message.textContent()) ?? '')?.[1] ?? 0);
        await expect(page.getByTestId('selected-service')).toHaveCount(loaded);
      }
      expect(loaded).toBeGreaterThan(0);
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
      await snap(page, `creation-dealer-${viewport.name}-step99-loaded`);
    });
  });
}
