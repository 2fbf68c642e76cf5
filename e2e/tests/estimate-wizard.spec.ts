import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { type Api, apiAs, isoDay, signInAs, snap } from './helpers';

// The installer wizard's popups and outcomes (001 §2.3, §2.4, §4, §5) on the built product. Every test makes
// its own customer or dealership through the API, so it does not depend on demo rows other specs change.
const INSTALLER = 'installer@demo.test';
const VIN = '1HGCM82633A004352'; // 2003 Honda Accord EX, decoded offline, size M

const stamp = () => `${Date.now() % 1_000_000}`;
const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function createRetailCustomer(api: Api, name: string): Promise<number> {
  const created = await api.call<{ customerId: number }>('POST', '/customers', {
    customerName: name,
    customerEmailAddress: `e2e.${stamp()}@example.test`,
    customerPhoneNumber: '8135550999',
    owningInstaller: api.companyId,
  });
  return created.customerId;
}

async function startWizard(page: Page) {
  await signInAs(page, INSTALLER);
  await expect(page).toHaveURL(/\/requestimates$/);
  await page.goto('/newestimate');
  await expect(page.getByRole('heading', { name: 'New Estimate' })).toBeVisible();
}

async function pickParty(page: Page, name: string, kind: 'Customer' | 'Dealer' = 'Customer') {
  if (kind === 'Dealer') await page.getByRole('radio', { name: 'Dealer' }).check();
  const search = page.getByRole('combobox', {
    name: kind === 'Dealer' ? 'Search dealers' : 'Search customers',
  });
  await search.click();
  await search.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByTestId('party-summary')).toContainText(name);
  await page.getByRole('button', { name: 'NEXT' }).click();
}

async function decodeVin(page: Page) {
  await page.getByRole('textbox', { name: 'VIN #' }).fill(VIN);
  await page.getByRole('button', { name: 'Decode VIN' }).click();
  await expect(page.getByTestId('vehicle-summary')).toContainText('2003 Honda Accord');
}

async function chooseCategory(page: Page, category: string) {
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category, exact: true }).click();
}

/** A screenshot once the popups' open transitions are over, and axe on the wizard's views (issue 17). */
async function look(page: Page, name: string, isWizardView = true) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.waitForTimeout(250); // Mantine's transitions are CSS transitions of about 200 ms
  await snap(page, name);
  if (isWizardView) await expectAccessible(page, name);
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`installer wizard ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('books an appointment for an existing retail customer with a percent discount and a custom service', async ({
      page,
    }) => {
      const api = await apiAs(page.request, INSTALLER);
      const name = `E2E Booking ${viewport.name} ${stamp()}`;
      await createRetailCustomer(api, name);
      await startWizard(page);
      await pickParty(page, name);
      await decodeVin(page);
      await page.getByRole('button', { name: 'NEXT' }).click();

      // A service priced 0 opens the custom dialog; closing it without saving removes the service.
      await chooseCategory(page, 'Other Services');
      await page.getByRole('button', { name: 'Add Custom Work' }).click();
      let dialog = page.getByRole('dialog', { name: 'Custom service' });
      await expect(dialog.getByText('Enter the Description, Cost and Time Estimate')).toBeVisible();
      await look(page, `estimate-wizard-${viewport.name}-custom-dialog`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('selected-service')).toHaveCount(0);
      await page.getByRole('button', { name: 'Add Custom Work' }).click();
      dialog = page.getByRole('dialog', { name: 'Custom service' });
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Badge removal');
      await dialog.getByRole('textbox', { name: 'Cost' }).fill('80');
      await dialog.getByRole('textbox', { name: 'Time estimate (days)' }).fill('0.5');
      await dialog.getByRole('button', { name: 'Save service' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('selected-service')).toContainText('Badge removal — $80.00');

      // A 10 % discount on a catalog service.
      await chooseCategory(page, 'Paint');
      await page.getByRole('button', { name: 'Add Bumper Repaint' }).click();
      await page.getByRole('button', { name: 'Discount Bumper Repaint' }).click();
      dialog = page.getByRole('dialog', { name: 'Service Discount: Bumper Repaint' });
      await dialog.getByText('Percent (%)').click();
      await dialog.getByRole('textbox', { name: 'Discount percent' }).fill('10');
      await expect(dialog.getByTestId('discount-preview')).toContainText('Discount $');
      await look(page, `estimate-wizard-${viewport.name}-discount-dialog`);
      await dialog.getByRole('button', { name: 'Apply discount' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('line-discount')).toContainText('(10%)');
      await look(page, `estimate-wizard-${viewport.name}-work`);
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByRole('textbox', { name: 'Notes' }).fill('E2E booking with a custom service');
      await page.getByRole('button', { name: 'NEXT' }).click();

      await page.getByRole('button', { name: 'Drop-off date' }).click();
      await expect(page.locator('[data-dates-dropdown="true"]')).toBeVisible();
      await look(page, `estimate-wizard-${viewport.name}-drop-off`);
      await page.keyboard.press('Escape');

      const creation = page.waitForResponse(
        (r) => r.url().includes('/api/requestimates/') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      const reply = (await (await creation).json()) as {
        requestId: number;
        currentState: string;
        totals: {
          requestTotal: number;
          requestDiscount: number;
          requestTaxes: number;
          customerTotal: number;
        };
        services: {
          customDescription?: string;
          custom_description: string | null;
          serviceAmount: number;
          serviceDiscount: number;
        }[];
      };
      expect(reply.currentState).toBe('scheduled');
      const [custom, bumper] = reply.services;
      expect(custom).toMatchObject({
        custom_description: 'Badge removal',
        serviceAmount: 80,
        serviceDiscount: 0,
      });
      expect(bumper?.serviceDiscount).toBe(Math.round((bumper?.serviceAmount ?? 0) * 10) / 100);
      expect(reply.totals.requestTotal).toBeCloseTo(80 + (bumper?.serviceAmount ?? 0), 2);
      expect(reply.totals.requestDiscount).toBe(bumper?.serviceDiscount);

      await expect(page).toHaveURL(/\/jobs$/, { timeout: 20_000 });
      const row = page.getByRole('list', { name: 'Jobs list' }).getByRole('button').filter({ hasText: name });
      await row.first().click();
      await expect(page.getByText(money(reply.totals.customerTotal)).first()).toBeVisible();
      await look(page, `estimate-wizard-${viewport.name}-booked-job`, false);
    });
  });
}

test('an installer creates a job for a dealer customer', async ({ page }) => {
  const api = await apiAs(page.request, INSTALLER);
  const name = `E2E Dealer ${stamp()}`;
  await api.call('POST', '/dealers', {
    dealerName: name,
    dealerEmail: `e2e.dealer.${stamp()}@example.test`,
    dealerPhoneNumber: '8135550998',
    dealerAddressLine1: '100 Test Dr',
    dealerAddressCity: 'Tampa',
    dealerAddressState: 'FL',
    dealerAddressZip: '33609',
  });
  await startWizard(page);
  await pickParty(page, name, 'Dealer');
  await decodeVin(page);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.getByRole('button', { name: 'Add Bumper Repaint' }).click();
  await expect(page.getByTestId('selected-service')).toContainText('Bumper Repaint');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page.getByRole('button', { name: 'Create Estimate' })).toHaveCount(0);
  const creation = page.waitForResponse(
    (r) => r.url().includes('/api/requestimates/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Job' }).click();
  const reply = (await (await creation).json()) as {
    requestType: string;
    currentState: string;
    totals: { requestTaxes: number; customerTotal: number };
  };
  expect(reply).toMatchObject({ requestType: 'dealer', currentState: 'scheduled' });
  expect(reply.totals.requestTaxes).toBe(0);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 20_000 });
  const row = page.getByRole('list', { name: 'Jobs list' }).getByRole('button').filter({ hasText: name });
  await row.first().click();
  await expect(page.getByText(money(reply.totals.customerTotal)).first()).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test(`the previous vehicles popup picks a vehicle and the previous jobs popup loads its services (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const api = await apiAs(page.request, INSTALLER);
    const name = `E2E Returning ${viewport.name} ${stamp()}`;
    const customerId = await createRetailCustomer(api, name);
    // An earlier estimate for this customer, on a 2019 Toyota Camry.
    const vehicle = await api.call<{ id: number }>('POST', '/vehicles', {
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
      trim: 'LE',
    });
    const catalog = await api.call<{ service_id: number; description: string; is_custom: boolean }[]>(
      'GET',
      `/services/${api.companyId}/M/RETAIL/Paint/0`,
    );
    const service = catalog.find((s) => !s.is_custom);
    expect(service).toBeDefined();
    const tomorrow = isoDay(1);
    await api.call('POST', '/requestimates/', {
      requestType: 'installer',
      customerId,
      currentState: 'new',
      createdType: 'installer',
      installerCatalog: 'RETAIL',
      availableDate: tomorrow,
      vehicleId: vehicle.id,
      services: [{ serviceId: service?.service_id }],
    });

    await startWizard(page);
    await pickParty(page, name);
    const vehicles = page.getByRole('dialog', { name: 'Previous vehicles' });
    await expect(
      vehicles.getByText("Select one of customer's previous vehicles or Add a new one"),
    ).toBeVisible();
    await expect(vehicles.getByRole('columnheader')).toHaveText([
      '',
      'Year',
      'Make',
      'Model',
      'Trim',
      'Style',
    ]);
    await look(page, `estimate-wizard-${viewport.name}-previous-vehicles`);
    await vehicles.getByRole('button', { name: 'Select 2019 Toyota Camry' }).click();
    await expect(vehicles).toHaveCount(0);
    await expect(page.getByTestId('vehicle-summary')).toContainText('2019 Toyota Camry');
    await page.getByRole('button', { name: 'NEXT' }).click();

    const jobs = page.getByRole('dialog', { name: `Jobs completed for ${name}` });
    await expect(jobs.getByText(`Select one of ${name}'s previous jobs or Add a new one`)).toBeVisible();
    await expect(jobs.getByText('Select the job to load the services')).toBeVisible();
    await expect(jobs.getByTestId('previous-job')).toHaveCount(1);
    await look(page, `estimate-wizard-${viewport.name}-previous-jobs`);
    await jobs.getByRole('button', { name: /^Load services of job / }).click();
    await expect(jobs).toHaveCount(0);
    await expect(page.getByTestId('selected-service')).toContainText(service?.description ?? '');
    await expect(
      page.getByText(/^Loaded 1 service\(s\) from job #\d+ \(2019 Toyota Camry\)\.$/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'NEXT' })).toBeEnabled();
  });
}
