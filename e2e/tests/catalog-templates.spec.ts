import { expect, type Page, test } from '@playwright/test';
import { apiAs, look, signInAs } from './helpers';

// Catalog templates (issue 14, R17, P24, rows 137–147): the installer creates a template in the template
// manager, assigns it to its dealership Sunrise Motors (dealer@demo.test) in the dealerships modal, which
// replaces Sunrise's demo template; the dealer's request wizard then offers only the template's services of
// Elite, at Elite's wholesale prices. The spec puts the demo template back and deletes its own at the end.

const INSTALLER = 'installer@demo.test';
const DEALER = 'dealer@demo.test';
const VIN = '1HGCM82633A004352'; // 2003 Honda Accord, decoded offline
const CHOSEN = ['Sunroof Tint', 'Windshield Tint'];

async function openTemplates(page: Page) {
  await page.goto('/services?mode=templates');
  await expect(page.getByRole('heading', { name: /^All Templates \(\d+ Template\(s\)\)$/ })).toBeVisible();
}

for (const viewport of [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
]) {
  test.describe(`catalog templates ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.setTimeout(180_000);
    // Whatever happened, Sunrise gets its demo template back and this spec's templates go.
    test.afterEach(async ({ request }) => {
      const installer = await apiAs(request, INSTALLER);
      const dealer = await apiAs(request, DEALER);
      const templates = await installer.call<{ template_id: number; template_name: string }[]>(
        'GET',
        `/templates/${installer.companyId}`,
      );
      for (const template of templates) {
        if (template.template_name === 'Dealer Standard Package') {
          await installer.call(
            'POST',
            `/templates/${installer.companyId}/${template.template_id}/dealerships`,
            {
              dealership_ids: [dealer.companyId],
            },
          );
        }
        if (template.template_name.startsWith('E2E ')) {
          await installer.call('DELETE', `/templates/${installer.companyId}/${template.template_id}`);
        }
      }
    });

    test('a template created and assigned is all the dealer’s wizard offers from the installer', async ({
      page,
      browser,
      request,
    }) => {
      const name = `E2E Glass ${viewport.name}`;
      const prefix = `templates-${viewport.name}`;
      await signInAs(page, INSTALLER);
      await expect(page).toHaveURL(/\/requestimates$/);
      await openTemplates(page);
      await look(page, `${prefix}-1-list`);

      // Create: both rules first (M223, M224), then a name and two services of the Glass/Tint tab.
      await page.getByRole('button', { name: 'ADD NEW TEMPLATE' }).click();
      const form = page.getByRole('dialog', { name: 'Create Template' });
      await expect(form.getByRole('tab', { name: 'PPF (0)' })).toBeVisible();
      await form.getByRole('button', { name: 'CREATE TEMPLATE' }).click();
      await expect(form.getByText('Template name is required')).toBeVisible();
      await expect(form.getByText('At least one service must be selected')).toBeVisible();
      await form.getByRole('textbox', { name: 'Template Name' }).fill(name);
      await form.getByRole('tab', { name: 'Glass/Tint (0)' }).click();
      for (const service of CHOSEN) await form.getByRole('checkbox', { name: service }).check();
      await expect(form.getByRole('tab', { name: 'Glass/Tint (2)' })).toBeVisible();
      await look(page, `${prefix}-2-create`);
      await form.getByRole('button', { name: 'CREATE TEMPLATE' }).click();
      await expect(form).toBeHidden();
      const edit = page.getByRole('button', { name: `Edit ${name}` });
      await expect(edit).toBeVisible();
      // By keyboard: Enter on the name opens the edit modal on its name field, Escape closes it.
      await edit.focus();
      await page.keyboard.press('Enter');
      const editForm = page.getByRole('dialog', { name: 'Edit Template' });
      await expect(editForm.getByRole('textbox', { name: 'Template Name' })).toBeFocused();
      await expect(editForm.getByRole('tab', { name: 'Glass/Tint (2)' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(editForm).toBeHidden();

      // Assign it to Sunrise Motors in the dealerships modal (it replaces Sunrise's demo template).
      await page.getByRole('button', { name: `0 dealership(s) using ${name}` }).click();
      const modal = page.getByRole('dialog', { name });
      await expect(modal.getByText('No dealerships are currently using this template')).toBeVisible();
      await modal.getByPlaceholder('Choose dealerships').click();
      await page.getByRole('option', { name: /^Sunrise Motors .*\(now: Dealer Standard Package\)$/ }).click();
      // The picker stays open for more dealerships; leaving it closes it.
      await page.keyboard.press('Tab');
      await modal.getByRole('button', { name: 'ASSIGN TEMPLATE' }).click();
      await expect(modal.getByRole('listitem').filter({ hasText: 'Sunrise Motors' })).toBeVisible();
      await look(page, `${prefix}-3-assigned`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: `1 dealership(s) using ${name}` })).toBeVisible();
      await expect(
        page.getByRole('button', { name: '0 dealership(s) using Dealer Standard Package' }),
      ).toBeVisible();

      // The dealer's wizard with Elite: Glass/Tint offers exactly the template's services, Paint nothing.
      const dealerContext = await browser.newContext({ viewport });
      const dealerPage = await dealerContext.newPage();
      await signInAs(dealerPage, DEALER);
      await expect(dealerPage).toHaveURL(/\/requestimates$/);
      await dealerPage.goto('/newrequestimates');
      await dealerPage.getByRole('combobox', { name: 'Specialist' }).click();
      await dealerPage.getByRole('option', { name: /^Elite Auto Film( ·|$)/ }).click();
      await dealerPage.getByRole('button', { name: 'Next' }).click();
      await dealerPage.getByRole('textbox', { name: 'VIN #' }).fill(VIN);
      await dealerPage.getByRole('button', { name: 'Decode VIN' }).click();
      await expect(dealerPage.getByTestId('vehicle-summary')).toContainText('2003 Honda Accord');
      await dealerPage.getByRole('button', { name: 'Next' }).click();
      const category = dealerPage.getByRole('combobox', { name: 'Category' });
      const offered = dealerPage.getByRole('button', { name: /^Add / });

      await category.click();
      const glassReply = dealerPage.waitForResponse(
        (r) => r.url().includes('/api/services/') && r.url().includes(encodeURIComponent('Glass/Tint')),
      );
      await dealerPage.getByRole('option', { name: 'Glass/Tint' }).click();
      const glass = (await (await glassReply).json()) as { description: string; service_cost: number }[];
      expect(glass.map((s) => s.description).sort()).toEqual(CHOSEN);
      await expect(offered).toHaveCount(2);
      for (const service of glass) {
        const row = dealerPage
          .getByLabel('Available services')
          .locator('div')
          .filter({ hasText: service.description });
        await expect(row.first()).toContainText(`$${service.service_cost.toFixed(2)}`);
      }
      await look(dealerPage, `${prefix}-4-dealer-wizard`);
      await category.click();
      await dealerPage.getByRole('option', { name: 'Paint', exact: true }).click();
      // The template has no Paint service: Elite offers the dealership no Paint at all.
      await expect(dealerPage.getByText(/does not offer Paint to your dealership/)).toBeVisible();
      await expect(offered).toHaveCount(0);

      // The prices are Elite's wholesale prices for the vehicle's size, as the catalog call gives them.
      const dealer = await apiAs(request, DEALER);
      const installer = await apiAs(request, INSTALLER);
      const all = await dealer.call<{ description: string; service_cost: number; catalog: string }[]>(
        'GET',
        `/services/${installer.companyId}/M/WHOLE/All/${dealer.companyId}/0`,
      );
      expect(all.map((s) => [s.description, s.catalog]).sort()).toEqual(CHOSEN.map((d) => [d, 'WHOLE']));
      await dealerContext.close();

      // Put the demo template back, then delete this one after the confirmation naming it.
      const templates = await installer.call<{ template_id: number; template_name: string }[]>(
        'GET',
        `/templates/${installer.companyId}`,
      );
      const standard = templates.find((t) => t.template_name === 'Dealer Standard Package');
      expect(standard).toBeDefined();
      await installer.call('POST', `/templates/${installer.companyId}/${standard?.template_id}/dealerships`, {
        dealership_ids: [dealer.companyId],
      });
      await openTemplates(page);
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Template' });
      await expect(confirm).toContainText(`Are you sure you want to delete the template "${name}"?`);
      await look(page, `${prefix}-5-delete`);
      await confirm.getByRole('button', { name: 'DELETE' }).click();
      await expect(page.getByText('Template deleted successfully.')).toBeVisible();
      await expect(page.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: '1 dealership(s) using Dealer Standard Package' }),
      ).toBeVisible();
    });
  });
}
