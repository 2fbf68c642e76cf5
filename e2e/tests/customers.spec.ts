import { expect, type Page, test } from '@playwright/test';
import { type Api, apiAs, look, signInAs } from './helpers';

// Customers and dealerships (issue 15, R19, P26; rows 126, 131–136, 139–141): the installer finds Olivia Chen
// by the server-side type-ahead with the keyboard, sees her jobs (SHOW JOBS), corrects her phone and completes
// her address from a US ZIP, then finds its own dealership Bayshore Classics, watches the template hints and
// assigns and removes a template. Every change is put back afterwards.

const INSTALLER = 'installer@demo.test';
const OLIVIA = { phone: '8135550202', address: '901 S Rome Ave, Tampa, FL 33606' };

type Customer = {
  customer_id: number;
  customer_name: string;
  customer_phone_number: string;
  customer_address: string;
};
type Template = { template_id: number; template_name: string };

async function findOlivia(api: Api) {
  const rows = await api.call<Customer[]>('GET', `/customerInstall/${api.companyId}?q=Olivia`);
  const olivia = rows.find((c) => c.customer_name === 'Olivia Chen');
  if (!olivia) throw new Error('demo customer Olivia Chen is missing');
  return olivia;
}

async function pick(page: Page, box: string, typed: string, name: string) {
  const search = page.getByRole('combobox', { name: box });
  await search.fill(typed);
  await expect(page.getByRole('option', { name: new RegExp(`^${name}`) })).toBeVisible();
  await search.press('ArrowDown');
  await search.press('ArrowUp');
  await search.press('Enter');
  await expect(search).toHaveValue(name);
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`customers ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.setTimeout(180_000);
    test.afterEach(async ({ request }) => {
      const api = await apiAs(request, INSTALLER);
      const olivia = await findOlivia(api);
      await api.call('PUT', `/customer/${olivia.customer_id}`, {
        customerName: 'Olivia Chen',
        customerEmailAddress: 'olivia.chen@example.test',
        customerPhoneNumber: OLIVIA.phone,
        customerAddress: OLIVIA.address,
      });
      const [bayshore] = await api.call<{ dealer_id: number }[]>(
        'GET',
        `/dealerInstall/${api.companyId}?q=Bayshore`,
      );
      if (!bayshore) return;
      await api.call('PUT', `/dealers/${bayshore.dealer_id}`, {
        dealerEmail: 'office@bayshoreclassics.test',
      });
      const held = await api.call<Template[]>(
        'GET',
        `/templates/${api.companyId}/search?dealership=${bayshore.dealer_id}`,
      );
      for (const t of held) {
        await api.call('DELETE', `/templates/${api.companyId}/${t.template_id}/dealerships`, {
          dealership_ids: [bayshore.dealer_id],
        });
      }
    });

    test('a customer found by keyboard: SHOW JOBS, rule 103, US address completion, saved', async ({
      page,
      request,
    }) => {
      const prefix = `customers-${viewport.name}`;
      await signInAs(page, INSTALLER);
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/customers');
      await expect(page.getByRole('heading', { name: 'Customers and Dealerships' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Search customers' }).fill('oli');
      await expect(page.getByRole('option', { name: /^Olivia Chen/ })).toBeVisible();
      await look(page, `${prefix}-1-typeahead`);
      await page.getByRole('combobox', { name: 'Search customers' }).press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await pick(page, 'Search customers', 'Olivia', 'Olivia Chen');
      const form = page.getByRole('form', { name: 'Customer' });
      await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Olivia Chen');

      // SHOW JOBS (P26): the installer's jobs for her.
      await page.getByRole('button', { name: 'SHOW JOBS' }).click();
      const jobs = page.getByRole('dialog', { name: 'Jobs for Olivia Chen' });
      await expect(jobs.getByText(/^#\d+/).first()).toBeVisible();
      await look(page, `${prefix}-2-jobs`);
      await page.keyboard.press('Escape');
      await expect(jobs).toBeHidden();

      // Rule 103 on every change: a short phone disables UPDATE CUSTOMER.
      await form.getByRole('textbox', { name: 'Phone' }).fill('81355');
      await expect(form.getByText('Phone number must be 10 digits')).toBeVisible();
      await expect(form.getByRole('button', { name: 'UPDATE CUSTOMER' })).toBeDisabled();
      await form.getByRole('textbox', { name: 'Phone' }).fill('(813) 555-0299');
      // The address ends with a US ZIP: the city and state are offered.
      const address = form.getByRole('combobox', { name: 'Address' });
      await address.fill('77 Hyde Park Ave 33606');
      const suggestion = page.getByRole('option', { name: '77 Hyde Park Ave, Tampa, FL 33606' });
      await expect(suggestion).toBeVisible();
      await look(page, `${prefix}-3-address`);
      await suggestion.click();
      await expect(address).toHaveValue('77 Hyde Park Ave, Tampa, FL 33606');
      await form.getByRole('button', { name: 'UPDATE CUSTOMER' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Customer record updated.' })).toBeVisible();
      await expect(page).toHaveURL(/\/customers$/);
      await expect(page.getByRole('combobox', { name: 'Search customers' })).toHaveValue('');
      await expect(form).toBeHidden();
      await look(page, `${prefix}-4-saved`);

      const api = await apiAs(request, INSTALLER);
      const saved = await findOlivia(api);
      expect(saved.customer_phone_number).toBe('8135550299');
      expect(saved.customer_address).toBe('77 Hyde Park Ave, Tampa, FL 33606');
    });

    test('a dealership: read-only billing, the template hints, template assigned and removed', async ({
      page,
    }) => {
      const prefix = `customers-dealer-${viewport.name}`;
      await signInAs(page, INSTALLER);
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/customers');
      await page.getByText('Dealerships', { exact: true }).click();
      await pick(page, 'Search dealerships', 'bay', 'Bayshore Classics');
      const form = page.getByRole('form', { name: 'Dealership' });
      await expect(form.getByRole('textbox', { name: 'Billing email' })).toHaveValue(
        'billing@bayshoreclassics.test',
      );
      await expect(form.getByRole('textbox', { name: 'Billing email' })).toHaveAttribute('readonly', '');
      await expect(form.getByRole('textbox', { name: 'Address' })).toHaveAttribute('readonly', '');
      await expect(form.getByText('No template currently assigned')).toBeVisible();
      await expect(form.getByRole('button', { name: 'UPDATE EMAIL', exact: true })).toBeVisible();

      const template = form
        .getByRole('textbox', { name: 'Catalog template' })
        .or(form.getByRole('combobox', { name: 'Catalog template' }));
      await template.click();
      await page.getByRole('option', { name: 'Dealer Standard Package' }).click();
      await expect(form.getByText('Will assign template')).toBeVisible();
      await look(page, `${prefix}-1-hint`);
      await form.getByRole('button', { name: 'UPDATE EMAIL & TEMPLATE' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Template assignment updated.' }),
      ).toBeVisible();

      await pick(page, 'Search dealerships', 'Bayshore', 'Bayshore Classics');
      await expect(form.getByText('Currently assigned')).toBeVisible();
      await template.click();
      await page.getByRole('option', { name: 'No template' }).click();
      await expect(form.getByText('Will remove current template assignment')).toBeVisible();
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill('frontdesk@bayshoreclassics.test');
      await form.getByRole('button', { name: 'UPDATE EMAIL & TEMPLATE' }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: 'Dealer record updated successfully. Template assignment updated.' }),
      ).toBeVisible();
      await look(page, `${prefix}-2-saved`);

      await pick(page, 'Search dealerships', 'Bayshore', 'Bayshore Classics');
      await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
        'frontdesk@bayshoreclassics.test',
      );
      await expect(form.getByText('No template currently assigned')).toBeVisible();
      await form.getByRole('button', { name: 'CANCEL' }).click();
      await expect(form).toBeHidden();

      // The assignment fails (404): M203 with M205 in an alert; the dealer record is not touched.
      await page.route('**/api/templates/*/*/dealerships', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: '{"code":"NOT_FOUND","message":"x"}',
        }),
      );
      await pick(page, 'Search dealerships', 'Bayshore', 'Bayshore Classics');
      await template.click();
      await page.getByRole('option', { name: 'Dealer Standard Package' }).click();
      await form.getByRole('button', { name: 'UPDATE EMAIL & TEMPLATE' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Template update failed.' })).toContainText(
        'Template or dealership not found. Please check the configuration.',
      );
      await page.unroute('**/api/templates/*/*/dealerships');
    });
  });
}
