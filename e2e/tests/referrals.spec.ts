import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { type Api, apiAs, signInAs, snap } from './helpers';

// The signed-in Referrals screen (R10, P19; 001 §2.5): a dealer adds a sale, an installer claims a lead and
// converts it into an estimate in the wizard (001 §2.3). Each test makes its own referral, so it does not
// depend on the state of the seeded ones other specs may change.
const DEALER = 'dealer@demo.test';
const INSTALLER = 'installer@demo.test';
const VIN = '1HGCM82633A004352'; // 2003 Honda Accord EX, decoded offline
const ELITE_ZIP = '33607'; // Elite Auto Film's location: its leads are those of this ZIP first

const stamp = () => `${Date.now() % 1_000_000}`;

const viewports = [
  { width: 1280, height: 900, name: 'w1280' },
  { width: 390, height: 844, name: 'w390' },
] as const;

/** Waits for a toast, then closes it so it covers nothing in the pictures (it may already be gone). */
async function closeToast(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast
    .getByRole('button', { name: 'Close notification' })
    .click({ timeout: 2_000 })
    .catch(() => {});
  await expect(toast).toHaveCount(0);
}

/** The figure of a funnel step ('Sold', …) as a number. */
async function funnelCount(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`funnel-${key}`).innerText();
  return Number.parseInt(text, 10);
}

/**
 * A referral offered to the installers near Elite Auto Film, as a customer would make it: the dealer records
 * the sale with a customer e-mail the dealer can read in the local mailbox (its own), the benefits page is
 * opened (VIEWED) and 'I'm interested' is pressed (OFFERED).
 */
async function offerLead(page: Page, dealer: Api, customerName: string): Promise<number> {
  const created = await dealer.call<{ referralId: number }>('POST', '/referrals/', {
    customerName,
    customerEmailAddress: DEALER,
    vin: VIN,
    status: 'NEW',
  });
  const id = created.referralId;
  let token = '';
  await expect
    .poll(
      async () => {
        const box = await dealer.call<{ items: { text: string }[] }>('GET', '/dev/outbox?channel=email');
        const link = box.items
          .map((item) => new RegExp(`/public/benefits\\?referral=${id}&token=([^\\s"'<>]+)`).exec(item.text))
          .find(Boolean);
        token = link ? decodeURIComponent(link[1] ?? '') : '';
        return token;
      },
      { message: 'the customer e-mail with the benefits link', timeout: 20_000 },
    )
    .not.toBe('');
  const query = `referral=${id}&token=${encodeURIComponent(token)}`;
  const benefits = await page.request.get(`/api/referral-benefits?${query}`);
  expect(benefits.ok(), await benefits.text()).toBe(true);
  const interest = await page.request.post('/api/referral-benefits/interest', {
    data: { referral: id, token, services: ['PPF'], zip: ELITE_ZIP },
  });
  expect(interest.ok(), await interest.text()).toBe(true);
  return id;
}

for (const viewport of viewports) {
  test.describe(`referrals ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a dealer adds a referral: it shows with 30 days remaining and the funnel grows', async ({
      page,
    }) => {
      await signInAs(page, DEALER);
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/referrals');
      await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
      await expect(page.getByTestId('funnel-sold')).toBeVisible();
      const soldBefore = await funnelCount(page, 'sold');
      await expect(page.getByRole('list', { name: 'Your referrals' })).toBeVisible();
      if (viewport.width > 500) {
        await expect(
          page.getByText('To view more detail of a referral, select one from the list.'),
        ).toBeVisible();
      }
      await snap(page, `referrals-${viewport.name}-dealer-list`);

      // P19: the walkthrough, still (reduced motion) so the picture and axe see one step.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.getByRole('button', { name: 'How to Add a Referral' }).click();
      const help = page.getByRole('dialog', { name: 'How to Add a Referral' });
      await expect(help.getByTestId('help-caption')).toContainText('Step 1 of 5');
      await help.getByRole('button', { name: 'Next' }).click();
      await expect(help.getByTestId('help-caption')).toContainText('Step 2 of 5. Type the 17-character VIN');
      await snap(page, `referrals-${viewport.name}-help`);
      await page.keyboard.press('Escape');
      await expect(help).toHaveCount(0);

      await page.getByRole('button', { name: 'New Referral' }).click();
      const form = page.getByRole('form', { name: 'New Referral' });
      await expect(form.getByText('Date Vehicle Sold')).toBeVisible();
      const add = form.getByRole('button', { name: 'ADD' });
      await expect(add).toBeDisabled();
      await form.getByRole('textbox', { name: 'VIN' }).fill(VIN.toLowerCase().slice(0, 10));
      await expect(
        form.getByText('VIN must be exactly 17 characters (letters and numbers, excluding I, O, Q)'),
      ).toBeVisible();
      await form.getByRole('textbox', { name: 'VIN' }).fill(VIN.toLowerCase());
      await expect(form.getByRole('textbox', { name: 'VIN' })).toHaveValue(VIN);
      const id = stamp();
      await form.getByRole('textbox', { name: 'Customer Name' }).fill(`e2e buyer ${id}`);
      await form.getByRole('textbox', { name: 'Customer Email' }).fill(`e2e.buyer.${id}@example.test`);
      await expect(add).toBeEnabled();
      await snap(page, `referrals-${viewport.name}-add-form`);
      await add.click();

      await closeToast(page, 'Sale Added to system');
      const details = page.getByRole('region', { name: 'Referral details' });
      // The customer e-mail may already be out (NEW → CONTACT): either message names the customer, capitalised.
      await expect(details.getByTestId('referral-progress')).toContainText(
        `E2e Buyer ${id} about protection options`,
      );
      await expect(details.getByTestId('referral-progress')).toContainText('$25.00 bonus');
      await snap(page, `referrals-${viewport.name}-dealer-detail`);
      // On a phone the panel shows alone: back to the list.
      if (viewport.width < 500) await details.getByRole('button', { name: /^Close Referral/ }).click();
      const row = page
        .getByRole('list', { name: 'Your referrals' })
        .getByRole('button', { name: new RegExp(`E2e Buyer ${id}`) });
      await expect(row).toContainText('30 days remaining');
      await expect(row).toContainText('2003 Honda Accord');
      await expect.poll(() => funnelCount(page, 'sold')).toBe(soldBefore + 1);
      await page.getByTestId('funnel-sold').scrollIntoViewIfNeeded();
      await snap(page, `referrals-${viewport.name}-funnel`);
    });

    test('an installer claims a lead and converts it into an estimate in the wizard', async ({ page }) => {
      const dealer = await apiAs(page.request, DEALER);
      const customer = `E2E Lead ${viewport.width > 500 ? 'Wide' : 'Phone'} ${stamp()}`;
      const referralId = await offerLead(page, dealer, customer);

      await signInAs(page, INSTALLER);
      await expect(page).toHaveURL(/\/requestimates$/);
      await page.goto('/referrals');
      const list = page.getByRole('list', { name: 'Available Referrals' });
      const row = list.getByRole('button', { name: new RegExp(customer) });
      await expect(row).toContainText('Available to Claim');
      await row.click();
      const details = page.getByRole('region', { name: 'Referral details' });
      await expect(details.getByRole('heading', { name: 'Lead Details' })).toBeVisible();
      await expect(details).toContainText('PPF');
      await expect(details).toContainText('2003 Honda Accord');
      await snap(page, `referrals-${viewport.name}-lead-details`);

      await details.getByRole('button', { name: 'CLAIM REFERRAL' }).click();
      await closeToast(page, 'Referral claimed successfully!');
      await expect(details.getByRole('link', { name: DEALER })).toHaveAttribute('href', `mailto:${DEALER}`);
      await expect(details.getByText(VIN)).toBeVisible();
      await snap(page, `referrals-${viewport.name}-owned-lead`);
      if (viewport.width > 500) await expect(row).toContainText('Ready to Convert');

      await details.getByRole('button', { name: 'CONVERT TO ESTIMATE' }).click();
      await expect(page).toHaveURL(/\/newestimate\/?$/);
      await expect(page.getByTestId('referral-start')).toContainText(
        `From referral #${referralId} for ${customer}`,
      );
      // Step 3 (Work) once the referral's vehicle is decoded.
      await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Paint', exact: true }).click();
      await page.getByRole('button', { name: 'Add Bumper Repaint' }).click();
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByRole('button', { name: 'NEXT' }).click();
      const creation = page.waitForResponse(
        (r) => r.url().includes('/api/requestimates/') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Create Estimate' }).click();
      const created = (await (await creation).json()) as { requestId: number };
      expect(created.requestId).toBeGreaterThan(0);
      await expect(page).toHaveURL(/\/requestimates$/, { timeout: 20_000 });
      await expect(
        page.getByRole('list', { name: 'Requests list' }).getByRole('button').filter({ hasText: customer }),
      ).toHaveCount(1);

      // The lead is now an estimate: no longer Ready to Convert, and linked to the request.
      const installer = await apiAs(page.request, INSTALLER);
      const leads = await installer.call<
        { referral_id: number; status: string; request_id: number | null }[]
      >('GET', `/referrals/specialist/${installer.companyId}`);
      expect(leads.find((lead) => lead.referral_id === referralId)).toMatchObject({
        status: 'ESTIMATE_CREATED',
        request_id: created.requestId,
      });
      await expectAccessible(page, `referrals-${viewport.name}-estimate-created`);
    });
  });
}
