import { expect, type Page, test } from '@playwright/test';
import { apiAs, look, signInAs } from './helpers';

// The service catalog (issue 14, R16, P23, rows 111–117): the installer adds a service with wholesale
// prices, updates a price and sees it in the table and in what its wizard quotes, then deletes it after the
// confirmation. Pictures with axe at 1280 and 390 px.

const INSTALLER = 'installer@demo.test';

/** The table row of a size, as one line of text. */
async function sizeRow(page: Page, description: string, size: string) {
  const table = page.getByRole('table', { name: `Prices of ${description}` });
  return (await table.getByRole('row', { name: new RegExp(`^${size}`) }).innerText()).replace(/\s+/g, ' ');
}

/** The success notification closes by itself (it covers the top bar on a phone while it shows). */
async function notificationGone(page: Page, text: string) {
  await expect(page.getByText(text)).toBeHidden({ timeout: 15_000 });
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`service catalog ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an installer adds a service with wholesale prices, updates a price, then deletes it', async ({
      page,
      request,
    }) => {
      const description = `E2E Hood PPF ${viewport.name}`;
      const prefix = `service-catalog-${viewport.name}`;
      await signInAs(page, INSTALLER);
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/services');
      await expect(page.getByRole('heading', { name: 'Manage Services Catalog' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('PPF');
      await expect(page.getByRole('button', { name: 'UPDATE SERVICE' })).toHaveCount(0);

      // Add: the rules first, then the form, by keyboard where a user would type.
      await page.getByRole('button', { name: 'ADD NEW SERVICE' }).click();
      const add = page.getByRole('dialog', { name: 'Add Service' });
      await expect(add.getByRole('textbox', { name: 'Description' })).toBeFocused();
      await add.getByRole('button', { name: 'ADD SERVICE' }).click();
      await expect(add.getByText('Description is required')).toBeVisible();
      await expect(add.getByText('Large retail price is required')).toBeVisible();
      await look(page, `${prefix}-1-add-rules`);
      await page.keyboard.type(description);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1.5');
      await add.getByRole('textbox', { name: 'Large retail price' }).fill('600');
      await add.getByRole('textbox', { name: 'Medium retail price' }).fill('500');
      await add.getByRole('textbox', { name: 'Small retail price' }).fill('400');
      await add.getByRole('textbox', { name: 'Large wholesale price' }).fill('510');
      await add.getByRole('textbox', { name: 'Medium wholesale price' }).fill('425');
      await add.getByRole('textbox', { name: 'Small wholesale price' }).press('Enter');
      await expect(page.getByText('Master service added successfully!')).toBeVisible();
      await expect(add).toBeHidden();

      // The new service is selected and shown: no wholesale price for Small.
      await expect(page.getByRole('combobox', { name: 'Service' })).toHaveValue(description);
      await expect.poll(() => sizeRow(page, description, 'Large')).toBe('Large $600.00 $510.00 15% 1.5');
      await expect.poll(() => sizeRow(page, description, 'Small')).toBe('Small $400.00 Not Available - 1.5');
      await notificationGone(page, 'Master service added successfully!');
      await look(page, `${prefix}-2-added`);

      // Update the Medium retail price.
      await page.getByRole('button', { name: 'UPDATE SERVICE' }).click();
      const update = page.getByRole('dialog', { name: 'Update Service' });
      await expect(update.getByRole('textbox', { name: 'Medium retail price' })).toHaveValue('500.00');
      await update.getByRole('textbox', { name: 'Medium retail price' }).fill('532.45');
      await look(page, `${prefix}-3-update`);
      await update.getByRole('button', { name: 'UPDATE SERVICE' }).click();
      await expect(page.getByText('Master service updated successfully!')).toBeVisible();
      await expect.poll(() => sizeRow(page, description, 'Medium')).toBe('Medium $532.45 $425.00 20% 1.5');
      await notificationGone(page, 'Master service updated successfully!');

      // What the wizard quotes for a Medium vehicle is the new price.
      const api = await apiAs(request, INSTALLER);
      const quoted = await api.call<{ description: string; service_cost: number }[]>(
        'GET',
        `/services/${api.companyId}/M/RETAIL/PPF/0`,
      );
      expect(quoted.find((s) => s.description === description)?.service_cost).toBe(532.45);

      // Delete after the confirmation.
      await page.getByRole('button', { name: 'DELETE SERVICE' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Service' });
      await expect(confirm).toContainText('All retail and wholesale pricing for all sizes');
      await expect(confirm).toContainText('This cannot be undone.');
      await look(page, `${prefix}-4-delete`);
      await confirm.getByRole('button', { name: 'DELETE SERVICE' }).click();
      await expect(page.getByText('Master service deleted successfully!')).toBeVisible();
      await expect(page.getByRole('table', { name: `Prices of ${description}` })).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Service' }).click();
      await expect(page.getByRole('option', { name: description })).toHaveCount(0);
    });
  });
}
