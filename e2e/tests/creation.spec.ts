import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './helpers';
import { addAnotherService, lookAccessible } from './wizard-steps';

// Creation flows (001 §2.2, issue 6) on the built product with the demo data.
const VIN = '1HGCM82633A004352'; // 2003 Honda Accord, decoded offline

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/requestimates$/);
}

/** Steps 1–4 of the dealer wizard from a decoded VIN with two services; returns the vehicle text. */
async function fillDealerWizard(page: Page, prefix: string | null) {
  await page.goto('/newrequestimates');
  await expect(page.getByRole('heading', { name: 'New Request' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByRole('combobox', { name: 'Specialist' }).click();
  await page.getByRole('option', { name: /^Any \(\d+\)$/ }).click();
  if (prefix) await lookAccessible(page, `${prefix}-1-specialist`);
  await expect(next).toBeEnabled();
  await next.click();

  const vin = page.getByRole('textbox', { name: 'VIN #' });
  await vin.fill('1HGCM82633A00435');
  await expect(page.getByText('VIN # must be 17 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decode VIN' })).toBeDisabled();
  await vin.fill(VIN);
  await page.getByRole('button', { name: 'Decode VIN' }).click();
  await expect(page.getByTestId('vehicle-summary')).toContainText('2003 Honda Accord');
  if (prefix) await lookAccessible(page, `${prefix}-2-vehicle`);
  await next.click();

  const addButtons = page.getByRole('button', { name: /^Add / });
  await expect(addButtons.first()).toBeVisible();
  await expect(next).toBeDisabled();
  await addButtons.nth(0).click();
  await expect(page.getByTestId('selected-service')).toHaveCount(1);
  // A second service that is not included by the first.
  await addAnotherService(page);
  if (prefix) await lookAccessible(page, `${prefix}-3-work`);
  await next.click();

  await page.getByRole('textbox', { name: 'Notes' }).fill('Front bumper scratch, e2e');
  await page.getByRole('textbox', { name: 'Stock #' }).fill('STK-42');
  if (prefix) await lookAccessible(page, `${prefix}-4-notes`);
  await next.click();
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled();
  if (prefix) await lookAccessible(page, `${prefix}-5-dates`);
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`dealer request wizard ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a dealer sends a request from a decoded VIN and the installer sees it', async ({
      page,
      browser,
    }) => {
      await signIn(page, 'dealer@demo.test');
      await fillDealerWizard(page, `creation-dealer-${viewport.name}`);
      await page.getByRole('button', { name: 'Send Request' }).click();
      const dialog = page.getByRole('dialog');
      // The second run meets the first request: the duplicate prompt.
      const ending = page.getByTestId('request-ending');
      await expect(dialog.or(ending)).toBeVisible({ timeout: 20_000 });
      if (await dialog.isVisible()) {
        await expect(dialog).toContainText(
          /We found \d+ existing estimate\(s\) and job\(s\) for this 2003 Honda Accord/,
        );
        await page.waitForTimeout(500); // the modal's opening transition
        await lookAccessible(page, `creation-dealer-${viewport.name}-duplicate`);
        await dialog.getByRole('button', { name: 'Continue' }).click();
      }
      await expect(ending).toBeVisible({ timeout: 20_000 });
      await lookAccessible(page, `creation-dealer-${viewport.name}-6-ending`);
      const text = (await ending.textContent()) ?? '';
      const total = /Total (\$[\d,]+\.\d\d)/.exec(text)?.[1];
      const requestId = /#(\d+)/.exec(text)?.[1];
      expect(total).toBeTruthy();
      await ending.getByRole('button').click();
      await expect(page).toHaveURL(/\/(requestimates|contract\/\d+)$/);

      const installer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await signIn(installer, 'installer@demo.test');
      const row = installer
        .getByRole('list', { name: 'Requests list' })
        .getByRole('button')
        .filter({ hasText: 'Honda Accord' })
        .first();
      await expect(row).toBeVisible();
      await row.click();
      await expect(installer.getByText(total ?? 'none').first()).toBeVisible();
      expect(requestId).toBeTruthy();
      await installer.close();
    });
  });
}

test('the duplicate prompt appears for the same vehicle', async ({ page }) => {
  await signIn(page, 'dealer@demo.test');
  await fillDealerWizard(page, null);
  await page.getByRole('button', { name: 'Send Request' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    /We found \d+ existing estimate\(s\) and job\(s\) for this 2003 Honda Accord: .*Do you want to continue creating a new request\?/,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test(`an installer creates an estimate for a new customer (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const prefix = `creation-installer-${viewport.name}`;
    await signIn(page, 'installer@demo.test');
    await page.goto('/newestimate');
    await expect(page.getByRole('heading', { name: 'New Estimate' })).toBeVisible();
    const next = page.getByRole('button', { name: 'NEXT' });
    await expect(next).toBeDisabled();
    const search = page.getByRole('combobox', { name: 'Search customers' });
    await search.click();
    await search.fill('zzz-nobody');
    await search.press('End');
    for (let i = 0; i < 60; i += 1) await search.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Add new customer...' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await search.press('Enter');
    const name = `E2E Customer ${viewport.name} ${Date.now() % 100000}`;
    await page.getByRole('textbox', { name: 'Full name' }).fill(name);
    await page.getByRole('textbox', { name: 'Phone' }).fill('555123');
    await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
    await page.getByRole('textbox', { name: 'Phone' }).fill('(555) 123-4567');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('e2e.customer@example.com');
    await lookAccessible(page, `${prefix}-1-customer`);
    await page.getByRole('button', { name: 'Save customer' }).click();
    await expect(page.getByTestId('party-summary')).toContainText(name);
    await next.click();

    await page.getByRole('textbox', { name: 'VIN #' }).fill(VIN);
    await page.getByRole('button', { name: 'Decode VIN' }).click();
    await expect(page.getByTestId('vehicle-summary')).toContainText('2003 Honda Accord');
    await lookAccessible(page, `${prefix}-2-vehicle`);
    await next.click();

    await page.getByRole('button', { name: /^Add / }).first().click();
    await expect(page.getByTestId('selected-service')).toHaveCount(1);
    await page.getByRole('button', { name: /^Discount / }).click();
    const discount = page.getByRole('dialog', { name: /^Service Discount: / });
    await discount.getByRole('textbox', { name: 'Discount amount' }).fill('10');
    await discount.getByRole('button', { name: 'Apply discount' }).click();
    await expect(page.getByTestId('line-discount')).toContainText('Discount −$10.00');
    await lookAccessible(page, `${prefix}-3-work`);
    await next.click();
    await page.getByRole('textbox', { name: 'Notes' }).fill('Walk-in customer');
    await lookAccessible(page, `${prefix}-4-notes`);
    await next.click();
    await expect(page.getByRole('button', { name: 'Book Appointment' })).toBeVisible();
    await lookAccessible(page, `${prefix}-5-dates`);
    await page.getByRole('button', { name: 'Create Estimate' }).click();
    await expect(page).toHaveURL(/\/requestimates$/, { timeout: 20_000 });
    await expect(
      page.getByRole('list', { name: 'Requests list' }).getByRole('button').filter({ hasText: name }).first(),
    ).toBeVisible();
  });
}
