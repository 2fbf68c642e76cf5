import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, look } from './helpers';

// Issue 11: the public referral pages: /public/referral (R13), /referralclaim (R12) and the customer benefits
// page /public/benefits, each happy path and error state, looked at (and scanned by axe) at 1280 and 390 px.

const DEALER = 'dealer@demo.test';
const INSTALLERS = ['installer@demo.test', 'installer2@demo.test', 'installer3@demo.test'];
const VIN = '1HGCM82633A004352';

/** Keeps a picture of the page at 1280 px, then at 390 px, and goes back to 1280. */
async function lookAtBothWidths(page: Page, name: string) {
  await look(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 900 });
  await look(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The first link to `path` for referral `referralId` in the local mailbox of one of `emails`. */
async function linkFromMailbox(
  request: APIRequestContext,
  emails: string[],
  path: string,
  referralId: number,
): Promise<string> {
  const pattern = new RegExp(`${path}\\?referral=${referralId}&token=[^\\s"'<>)]+`);
  const mailboxes = await Promise.all(emails.map((email) => apiAs(request, email)));
  let found: string | undefined;
  await expect
    .poll(async () => {
      for (const mailbox of mailboxes) {
        const { items } = await mailbox.call<{ items: { text: string }[] }>(
          'GET',
          '/dev/outbox?channel=email',
        );
        found = items.map((item) => pattern.exec(item.text)?.[0]).find(Boolean);
        if (found) return found;
      }
      return undefined;
    }, `an e-mail with ${path}?referral=${referralId}`)
    .toBeTruthy();
  return found ?? '';
}

test.describe('/public/referral', () => {
  test("a dealer refers a customer: the ID, 'Active', and 'Submit Another Referral' keeps the e-mail", async ({
    page,
  }) => {
    await page.goto('/public/referral');
    await expect(page.getByRole('heading', { name: 'Refer a Customer' })).toBeVisible();
    await lookAtBothWidths(page, 'public-referral-form');

    await page.getByRole('button', { name: 'Submit Referral' }).click();
    await expect(page.getByText('Your email is required')).toBeVisible();
    await expect(page.getByText('VIN is required')).toBeVisible();
    await lookAtBothWidths(page, 'public-referral-errors');

    await page.getByLabel('Your email').fill(DEALER);
    await page.getByLabel('Customer name').fill('Paula Grant');
    await page.getByLabel('Customer email').fill('paula.grant@example.com');
    await page.getByLabel('VIN').pressSequentially(`${VIN.toLowerCase()}99`);
    await expect(page.getByLabel('VIN')).toHaveValue(VIN);
    await page.getByRole('button', { name: 'Submit Referral' }).click();

    await expect(page.getByRole('heading', { name: 'Referral Submitted' })).toBeVisible();
    await expect(page.getByText(/^#\d+$/)).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText(DEALER)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeVisible();
    await lookAtBothWidths(page, 'public-referral-success');

    await page.getByRole('button', { name: 'Submit Another Referral' }).click();
    await expect(page.getByLabel('Your email')).toHaveValue(DEALER);
    await expect(page.getByLabel('Customer name')).toHaveValue('');
    await expect(page.getByLabel('Customer email')).toHaveValue('');
    await expect(page.getByLabel('VIN')).toHaveValue('');
  });

  test("an e-mail that is no dealer's gets the server's message and keeps the form", async ({ page }) => {
    await page.goto('/public/referral');
    await page.getByLabel('Your email').fill('nobody@unknown-dealer.test');
    await page.getByLabel('Customer name').fill('Paula Grant');
    await page.getByLabel('Customer email').fill('paula.grant@example.com');
    await page.getByLabel('VIN').fill(VIN);
    await page.getByRole('button', { name: 'Submit Referral' }).click();
    await expect(page.getByRole('alert')).toContainText('could not find a dealership account');
    await expect(page.getByLabel('Customer name')).toHaveValue('Paula Grant');
    await lookAtBothWidths(page, 'public-referral-unknown-email');
  });
});

test.describe('/referralclaim and /public/benefits: bad links', () => {
  test("a link without its query, or with a forged token, shows 'Invalid Referral Link'", async ({
    page,
  }) => {
    await page.goto('/referralclaim');
    await expect(page.getByRole('heading', { name: 'Invalid Referral Link' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This referral link is invalid.');
    await lookAtBothWidths(page, 'referral-claim-missing-query');

    await page.goto('/referralclaim?referral=1&token=forged-0123456789abcdef');
    await expect(page.getByRole('heading', { name: 'Invalid Referral Link' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('invalid');
    await expect(page.getByRole('button', { name: 'Claim Referral' })).toHaveCount(0);
    await lookAtBothWidths(page, 'referral-claim-forged');
  });

  test('a benefits link with a forged token shows a friendly page', async ({ page }) => {
    await page.goto('/public/benefits?referral=1&token=forged-0123456789abcdef');
    await expect(page.getByRole('heading', { name: 'This Link Is Not Valid' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'write to our support team' })).toBeVisible();
    await lookAtBothWidths(page, 'benefits-forged');
  });
});

/** A seeded referral of the dealer `email` by its customer's name (the demo's expired ones never change). */
async function seededReferralId(request: APIRequestContext, email: string, customer: string) {
  const api = await apiAs(request, email);
  const me = await api.call<{ User_id: number }>('GET', `/auth/login/?email=${encodeURIComponent(email)}`);
  const list = await api.call<{ referralId: number; customer_name: string; expired: boolean }[]>(
    'GET',
    `/referrals/${me.User_id}`,
  );
  const found = list.find((r) => r.customer_name === customer);
  expect(found?.expired, `${customer} is an expired demo referral`).toBe(true);
  return found?.referralId ?? 0;
}

test.describe('expired referrals (30 days, decision 010)', () => {
  test("an expired lead's claim link shows 'Invalid Referral Link' with the reason, and cannot be claimed", async ({
    page,
    request,
  }) => {
    const id = await seededReferralId(request, DEALER, 'Ethan Brooks');
    await page.goto(`/referralclaim?referral=${id}&token=demo-referral-claim-expired-elite`);
    await expect(page.getByRole('heading', { name: 'Invalid Referral Link' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'This referral has expired and can no longer be claimed.',
    );
    await expect(page.getByRole('button', { name: 'Claim Referral' })).toHaveCount(0);
    await lookAtBothWidths(page, 'referral-claim-expired');
  });

  test('an expired benefits link tells the customer the offer has ended', async ({ page, request }) => {
    const id = await seededReferralId(request, 'dealer2@demo.test', 'Zoe Adams');
    await page.goto(`/public/benefits?referral=${id}&token=demo-benefits-zoe`);
    await expect(page.getByRole('heading', { name: 'This Offer Has Expired' })).toBeVisible();
    await expect(page.getByRole('button', { name: "I'm interested" })).toHaveCount(0);
    await lookAtBothWidths(page, 'benefits-expired');
  });
});

test.describe('a referral from the sale to the claim', () => {
  test("the customer says 'I'm interested' on the benefits page, a specialist claims the lead with the e-mailed link", async ({
    page,
    request,
  }) => {
    // A fresh sale through the public form; its customer e-mail goes to the dealer's own address, so the
    // dealer's local mailbox holds the benefits link (customers have no mailbox of their own here).
    const sale = await request.post('/api/public/referral', {
      data: { referring_email: DEALER, customer_name: 'Oscar Lane', customer_email: DEALER, vin: VIN },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    const { referralId } = (await sale.json()) as { referralId: number };

    await page.goto(await linkFromMailbox(request, [DEALER], '/public/benefits', referralId));
    await expect(
      page.getByRole('heading', { name: 'Sunrise Motors thanks you for your purchase' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Protection services' })).toBeVisible();
    await lookAtBothWidths(page, 'benefits-offer');

    const services = page.getByRole('group', { name: /Services you are interested in/ });
    await services.getByRole('checkbox', { name: 'Window Tint' }).check();
    await page.getByLabel('ZIP code').fill('33704');
    await page.getByLabel('Phone (optional)').fill('813-555-0199');
    await page.getByRole('button', { name: "I'm interested" }).click();
    await expect(page.getByText('A local specialist will contact you within 24–48 hours.')).toBeVisible();
    await lookAtBothWidths(page, 'benefits-thanks');
    // Opening the link again shows the thank-you state at once.
    await page.reload();
    await expect(page.getByText('A local specialist will contact you within 24–48 hours.')).toBeVisible();
    await expect(page.getByRole('button', { name: "I'm interested" })).toHaveCount(0);

    const claimLink = await linkFromMailbox(request, INSTALLERS, '/referralclaim', referralId);
    await page.goto(claimLink);
    await expect(page.getByRole('region', { name: 'Lead Details' })).toContainText('Oscar L');
    await lookAtBothWidths(page, 'referral-claim-preview');

    await page.getByRole('button', { name: 'Claim Referral' }).click();
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await lookAtBothWidths(page, 'referral-claim-errors');
    await page.getByLabel('Your name').fill('Sam Shine');
    await expect(page.getByText('Name is required', { exact: true })).toHaveCount(0);
    await page.getByLabel('E-mail').fill('sam@shinebros.test');
    await page.getByLabel('Phone').fill('(813) 555-0100');
    await page.getByLabel('Business name').fill('Shine Bros Detailing');
    await page.getByRole('button', { name: 'Claim Referral' }).click();

    await expect(page.getByRole('heading', { name: 'Referral Claimed' })).toBeVisible();
    const contact = page.getByRole('region', { name: 'Customer Contact Details' });
    await expect(contact.getByRole('link', { name: DEALER })).toHaveAttribute('href', `mailto:${DEALER}`);
    await expect(contact.getByRole('link', { name: '(813) 555-0199' })).toHaveAttribute(
      'href',
      'tel:+18135550199',
    );
    await expect(contact).toContainText('A copy of these details was e-mailed to sam@shinebros.test');
    await lookAtBothWidths(page, 'referral-claim-success');

    // The link works once: now it is already claimed.
    await page.goto(claimLink);
    await expect(page.getByRole('heading', { name: 'Invalid Referral Link' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('already been claimed');
    await lookAtBothWidths(page, 'referral-claim-already-claimed');
  });
});
