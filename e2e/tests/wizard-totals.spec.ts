import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { apiAs, look, signInAs } from './helpers';
import { addAnotherService } from './wizard-steps';

// The creation wizards show the money (issue 17 defect 7, 001 §2.2, §2.3, §6): from the Work step on, a
// running total of services, discount, fee, tax, what the customer pays and the duration; the dealer's
// wholesale/margin view; the installer's last step with the taxed total, the notes and the drop-off deadline.
// Each wizard has one main heading, and axe finds nothing critical or serious on any step it opens.
const VIN = '1HGCM82633A004352'; // 2003 Honda Accord, decoded offline, size M
const INSTALLER_TAX_BPS = 750; // installer@demo.test: 7.5 % (demo data)

const stamp = () => `${Date.now() % 1_000_000}`;

/** '$1,234.50' → 123450 cents. */
function cents(text: string | null): number {
  const match = /-?\$([\d,]+)\.(\d\d)/.exec(text ?? '');
  if (!match) throw new Error(`No money in "${text}"`);
  return Number((match[1] ?? '').replaceAll(',', '')) * 100 + Number(match[2]);
}

const money = (value: number) =>
  `$${(value / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function runningTotal(page: Page): Locator {
  return page.getByRole('region', { name: 'Running total' });
}

/** The figure of one row of the running total ('Services', 'Tax', …). */
async function figure(page: Page, row: string): Promise<number> {
  return cents(
    await runningTotal(page).getByRole('row', { name: row }).getByRole('cell').last().textContent(),
  );
}

/** The list prices of the selected lines, as the Work step shows them ('… — $X'). */
async function selectedPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('selected-service').allTextContents();
  return texts.map((t) => cents(/— (\$[\d,]+\.\d\d)/.exec(t)?.[1] ?? null));
}

async function settled(page: Page) {
  await expect(runningTotal(page)).toHaveAttribute('aria-busy', 'false');
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`wizard totals ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the dealer sees the total follow the services and toggles the margin view', async ({ page }) => {
      await signInAs(page, 'dealer@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/newrequestimates');
      await expect(page.getByRole('heading', { level: 1, name: 'New Request' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectAccessible(page, `dealer wizard step 1 ${viewport.name}`);
      const next = page.getByRole('button', { name: 'Next' });
      await page.getByRole('combobox', { name: 'Specialist' }).click();
      await page.getByRole('option', { name: /^Any \(\d+\)$/ }).click();
      await next.click();

      await expect(page.getByRole('textbox', { name: 'VIN #' })).toBeVisible();
      await expect(runningTotal(page)).toHaveCount(0);
      await expectAccessible(page, `dealer wizard step 2 ${viewport.name}`);
      await page.getByRole('textbox', { name: 'VIN #' }).fill(VIN);
      await page.getByRole('button', { name: 'Decode VIN' }).click();
      await expect(page.getByTestId('vehicle-summary')).toContainText('2003 Honda Accord');
      await next.click();

      // Work: the total starts at zero and follows each added service.
      const addButtons = page.getByRole('button', { name: /^Add / });
      await expect(addButtons.first()).toBeVisible();
      await expect(runningTotal(page)).toBeVisible();
      await expect(runningTotal(page).getByRole('row', { name: 'Services' })).toContainText('$0.00');
      await expectAccessible(page, `dealer wizard step 3 empty ${viewport.name}`);
      await addButtons.nth(0).click();
      await expect(page.getByTestId('selected-service')).toHaveCount(1);
      await settled(page);
      const [first = 0] = await selectedPrices(page);
      expect(await figure(page, 'Services')).toBe(first);
      await addAnotherService(page);
      await settled(page);
      const prices = await selectedPrices(page);
      const wholesale = prices.reduce((a, b) => a + b, 0);
      expect(await figure(page, 'Services')).toBe(wholesale);
      // Dealer work: no discount and no tax; the dealer pays the wholesale total.
      expect(await figure(page, 'Tax')).toBe(0);
      expect(await figure(page, 'You pay')).toBe(wholesale);
      await expect(runningTotal(page).getByRole('row', { name: 'Total duration' })).toContainText(/day/);
      await expect(page.getByText('What your customer pays you for this service').first()).toBeVisible();
      await look(page, `wizard-totals-dealer-${viewport.name}-work`);
      await expectAccessible(page, `dealer wizard step 3 ${viewport.name}`);

      // The margin view: the retail prices the dealer sets against the wholesale total.
      await runningTotal(page).getByText('Margin', { exact: true }).click();
      await expect(runningTotal(page).getByRole('row', { name: 'Wholesale total' })).toContainText(
        money(wholesale),
      );
      const retailInputs = page.getByRole('textbox', { name: 'Retail price' });
      await retailInputs.nth(0).fill('1000');
      await retailInputs.nth(1).fill('500');
      await expect(runningTotal(page).getByRole('row', { name: 'Retail total' })).toContainText('$1,500.00');
      await expect(runningTotal(page).getByRole('row', { name: 'Margin' })).toContainText(
        money(150_000 - wholesale),
      );
      await look(page, `wizard-totals-dealer-${viewport.name}-margin`);
      await expectAccessible(page, `dealer wizard step 3 margin ${viewport.name}`);
      await runningTotal(page).getByText('Wholesale', { exact: true }).click();
      await expect(runningTotal(page).getByRole('row', { name: 'You pay' })).toContainText(money(wholesale));

      // Step 99 and back.
      await page.getByRole('button', { name: 'Load services from a previous job' }).click();
      await expect(page.getByText('Select the job to load the services')).toBeVisible();
      await expectAccessible(page, `dealer wizard step 99 ${viewport.name}`);
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect(page.getByTestId('selected-service')).toHaveCount(2);
      await next.click();

      await expect(page.getByRole('textbox', { name: 'Notes' })).toBeVisible();
      await expect(runningTotal(page).getByRole('row', { name: 'You pay' })).toContainText(money(wholesale));
      await expectAccessible(page, `dealer wizard step 4 ${viewport.name}`);
      await next.click();
      await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled();
      await expect(runningTotal(page).getByRole('row', { name: 'You pay' })).toContainText(money(wholesale));
      await look(page, `wizard-totals-dealer-${viewport.name}-dates`);
      await expectAccessible(page, `dealer wizard step 5 ${viewport.name}`);
    });

    test("the installer's last step shows the taxed total, the notes and the drop-off deadline", async ({
      page,
    }) => {
      const api = await apiAs(page.request, 'installer@demo.test');
      const name = `E2E Totals ${viewport.name} ${stamp()}`;
      await api.call('POST', '/customers', {
        customerName: name,
        customerEmailAddress: `e2e.totals.${stamp()}@example.test`,
        customerPhoneNumber: '8135550997',
        owningInstaller: api.companyId,
      });
      await signInAs(page, 'installer@demo.test');
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/newestimate');
      await expect(page.getByRole('heading', { level: 1, name: 'New Estimate' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectAccessible(page, `installer wizard step 1 ${viewport.name}`);
      const search = page.getByRole('combobox', { name: 'Search customers' });
      await search.click();
      await search.fill(name);
      await page.getByRole('option', { name, exact: true }).click();
      await expect(page.getByTestId('party-summary')).toContainText(name);
      await expectAccessible(page, `installer wizard step 1 chosen ${viewport.name}`);
      await page.getByRole('button', { name: 'NEXT' }).click();

      await expect(page.getByRole('textbox', { name: 'VIN #' })).toBeVisible();
      await expectAccessible(page, `installer wizard step 2 ${viewport.name}`);
      await page.getByRole('textbox', { name: 'VIN #' }).fill(VIN);
      await page.getByRole('button', { name: 'Decode VIN' }).click();
      await expect(page.getByTestId('vehicle-summary')).toContainText('2003 Honda Accord');
      await page.getByRole('button', { name: 'NEXT' }).click();

      await page.getByRole('button', { name: 'Add Bumper Repaint' }).click();
      await expect(page.getByTestId('selected-service')).toHaveCount(1);
      await settled(page);
      const [price = 0] = await selectedPrices(page);
      expect(await figure(page, 'Services')).toBe(price);
      const tax = Math.round((price * INSTALLER_TAX_BPS) / 10_000);
      expect(await figure(page, 'Tax')).toBe(tax);
      expect(await figure(page, 'Customer pays')).toBe(price + tax);
      await look(page, `wizard-totals-installer-${viewport.name}-work`);
      await expectAccessible(page, `installer wizard step 3 ${viewport.name}`);

      // A discount lowers what the customer pays, tax included.
      await page.getByRole('button', { name: 'Discount Bumper Repaint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Service Discount: Bumper Repaint' });
      await dialog.getByRole('textbox', { name: 'Discount amount' }).fill('10');
      await expectAccessible(page, `installer wizard discount dialog ${viewport.name}`);
      await dialog.getByRole('button', { name: 'Apply discount' }).click();
      await expect(dialog).toHaveCount(0);
      await settled(page);
      expect(await figure(page, 'Discount')).toBe(1000);
      const discountedTax = Math.round(((price - 1000) * INSTALLER_TAX_BPS) / 10_000);
      expect(await figure(page, 'Customer pays')).toBe(price - 1000 + discountedTax);
      await page.getByRole('button', { name: 'NEXT' }).click();

      await page.getByRole('textbox', { name: 'Notes' }).fill('Keys at the front desk');
      await expectAccessible(page, `installer wizard step 4 ${viewport.name}`);
      await page.getByRole('button', { name: 'NEXT' }).click();

      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText(name);
      await expect(summary).toContainText('2003 Honda Accord');
      await expect(summary).toContainText('Bumper Repaint');
      await expect(summary.getByRole('row', { name: 'Notes' })).toContainText('Keys at the front desk');
      const dropOff = (await page.getByRole('button', { name: 'Drop-off date' }).textContent())?.trim() ?? '';
      expect(dropOff).not.toBe('');
      await expect(summary.getByRole('row', { name: 'Drop-off deadline' })).toContainText(dropOff);
      await settled(page);
      expect(await figure(page, 'Tax')).toBe(discountedTax);
      expect(await figure(page, 'Customer pays')).toBe(price - 1000 + discountedTax);
      await look(page, `wizard-totals-installer-${viewport.name}-dates`);
      await expectAccessible(page, `installer wizard step 5 ${viewport.name}`);
    });
  });
}
