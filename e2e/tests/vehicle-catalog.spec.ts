import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, expectOnRequests, look, signInAs } from './helpers';

// The vehicle catalog (issue 14, R18, P25, rows 118–123): Add New Vehicle's cascade and locks, Set All for
// every trim of the Ford F-150 (one model call; the wizard then quotes it), Add Override for one trim (the
// conflict warning), and deleting an override after the confirmation. Screenshots at 1280 and 390 px.

const INSTALLER = 'installer@demo.test';
const YEAR = String(new Date().getFullYear() - 1);

async function openCatalog(page: Page) {
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Vehicle Catalog Management' })).toBeVisible();
  await expect(page.getByText(/^\d+ vehicle group\(s\) found \(\d+ individual vehicles\)$/)).toBeVisible();
}

/** A labelled field's input (Mantine's selects also label their listbox). */
const field = (root: Page | Locator, label: RegExp) => root.getByLabel(label).first();

async function openOverrides(page: Page, make: string, model: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(model);
  await page.getByRole('button', { name: new RegExp(`: ${make} ${model}$`) }).click();
  const dialog = page.getByRole('dialog', { name: `Service Overrides: ${make} ${model}` });
  await expect(dialog.getByText(/^\d+ service\(s\)$/)).toBeVisible();
  return dialog;
}

test.describe('vehicle catalog w1280', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Add New Vehicle: new make and model, then an existing model locks its size and refuses a known trim', async ({
    page,
  }) => {
    await signInAs(page, INSTALLER);
    await expectOnRequests(page);
    await openCatalog(page);
    await look(page, 'vehicle-catalog-w1280');
    await page.getByRole('button', { name: 'Add New Vehicle' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Vehicle' });
    await add.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(add.getByText('Please enter a valid year')).toBeVisible();
    await expect(add.getByText('Make is required')).toBeVisible();

    await field(add, /^Year/).click();
    await page.getByRole('option', { name: YEAR, exact: true }).click();
    const stamp = Date.now().toString(36);
    await field(add, /^Make/).fill(`Zeta ${stamp}`);
    await expect(add.getByText('(New Make)')).toBeVisible();
    await field(add, /^Model/).fill('Z1');
    await expect(add.getByText('(New Model)')).toBeVisible();
    await field(add, /^Trim/).fill('Base');
    await field(add, /^Size/).click();
    await page.getByRole('option', { name: 'Large (L)' }).click();
    await add.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(add).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Zeta ${stamp}`);
    await expect(page.getByText('1 vehicle group(s) found (1 individual vehicles)')).toBeVisible();
    await page.getByRole('button', { name: `1 trim(s) of Zeta ${stamp} Z1` }).click();
    const trims = page.getByRole('dialog', { name: `Trims: Zeta ${stamp} Z1` });
    await expect(trims.getByRole('row', { name: 'Base Sedan Large' })).toBeVisible();
    await page.keyboard.press('Escape');

    // An existing make and model (case-insensitive): the size is the model's and locked; a known trim is refused.
    await page.getByRole('button', { name: 'Add New Vehicle' }).click();
    await field(add, /^Year/).click();
    await page.getByRole('option', { name: YEAR, exact: true }).click();
    await field(add, /^Make/).fill('ford');
    await field(add, /^Model/).fill('f-150');
    await expect(field(add, /^Size/)).toBeDisabled();
    await expect(field(add, /^Size/)).toHaveValue('Large (L)');
    await expect(add.getByText('(New Model)')).toBeHidden();
    await field(add, /^Trim/).fill('xlt');
    await expect(add.getByRole('button', { name: 'Trim Already Exists' })).toBeDisabled();
    await look(page, 'vehicle-catalog-add-w1280');
    // Changing the year clears make, model and trim.
    await field(add, /^Year/).click();
    await page.getByRole('option', { name: String(Number(YEAR) - 1), exact: true }).click();
    await expect(field(add, /^Make/)).toHaveValue('');
    await expect(field(add, /^Trim/)).toHaveValue('');
    await add.getByRole('button', { name: 'Cancel' }).click();
  });

  test('Set All prices every trim in one call, Add Override one trim, and an override is deleted after confirming', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, INSTALLER);
    await signInAs(page, INSTALLER);
    await expectOnRequests(page);
    await openCatalog(page);
    const dialog = await openOverrides(page, 'Ford', 'F-150');
    await field(dialog, /^Category/).click();
    await page.getByRole('option', { name: 'PPF', exact: true }).click();
    const front = dialog.getByRole('button', { name: /^Full Front PPF/ });
    await front.click();

    const modelCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /service-(model|trim)-overrides/.test(r.url())) modelCalls.push(r.url());
    });
    await dialog.getByRole('textbox', { name: 'Retail', exact: true }).fill('3333.33');
    await dialog.getByRole('button', { name: 'Set All' }).click();
    await expect(front.getByText('Model Override')).toBeVisible();
    await expect(front.getByText('8 trim(s)')).toBeVisible();
    expect(modelCalls).toHaveLength(1);
    expect(modelCalls[0]).toMatch(/service-model-overrides$/);
    const table = dialog.getByRole('table', { name: 'Overrides of Full Front PPF' });
    await expect(table.getByText('$3,333.33')).toHaveCount(8);

    // The wizard quotes it for an F-150 trim (Large, retail).
    const catalog = await api.call<{ id_car_trim: number; model_name: string; trim_name: string }[]>(
      'GET',
      `/vehiclescatalog/${api.companyId}`,
    );
    const xl = catalog.find((r) => r.model_name === 'F-150' && r.trim_name === 'XL');
    const priced = await api.call<{ description: string; service_cost: number; price_source: string }[]>(
      'GET',
      `/services/${api.companyId}/L/RETAIL/PPF/${xl?.id_car_trim}`,
    );
    expect(priced.find((s) => s.description === 'Full Front PPF')).toMatchObject({
      service_cost: 3333.33,
      price_source: 'trim-override',
    });

    // Add Override for one trim: the trims' prices now differ.
    await dialog.getByRole('button', { name: 'Add Override' }).click();
    await expect(dialog.getByText('Enter a retail or a wholesale price')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Trim', exact: true }).click();
    await page.getByRole('option', { name: 'XL', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Retail price', exact: true }).fill('3500');
    await dialog.getByRole('button', { name: 'Add Override' }).click();
    await expect(front.getByRole('img', { name: 'Trim prices differ' })).toBeVisible();
    await expect(front.getByText('Model Override')).toBeHidden();
    await look(page, 'vehicle-catalog-overrides-w1280');

    // Delete XL's retail override after the confirmation: the prices agree again.
    await dialog.getByRole('button', { name: 'Delete the retail override of XL', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete override' });
    await expect(confirm.getByText('Are you sure you want to delete this service override?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(front.getByRole('img', { name: 'Trim prices differ' })).toBeHidden();
    await expect(front.getByText('7 trim(s)')).toBeVisible();
  });
});

test.describe('vehicle catalog w390', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the catalog, its overrides and Add New Vehicle on a phone, by keyboard', async ({ page }) => {
    await signInAs(page, INSTALLER);
    await expectOnRequests(page);
    await openCatalog(page);
    await look(page, 'vehicle-catalog-w390');
    const dialog = await openOverrides(page, 'Toyota', 'GR Corolla');
    await dialog.getByRole('button', { name: /^Full Front PPF/ }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Set All' })).toBeVisible();
    await look(page, 'vehicle-catalog-overrides-w390');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add New Vehicle' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add New Vehicle' })).toBeVisible();
    await look(page, 'vehicle-catalog-add-w390');
  });
});
