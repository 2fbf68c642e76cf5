import { type APIRequestContext, expect, test } from '@playwright/test';
import { actionButton, DEMO_PASSWORD, look, pressConfirmed, signInAs } from './helpers';

// One invoice-number scheme per installer (issue 17, defect 6; 000 §2 shows the customer-facing number):
// the demo's Elite Auto Film invoices are EAF-1040, EAF-1041, …; an invoice the product raises for Elite
// continues that series with no gap, whatever other specs invoiced before this one.

const INSTALLER = 'installer@demo.test';
/** The demo seed numbers each installer's invoices from 1040 (apps/api/src/db/seed.ts). */
const FIRST_SEEDED = 1040;

/** Which of Elite's numbers EAF-<n> exist, from the first seeded one up to the first that does not. */
async function nextEliteNumber(request: APIRequestContext): Promise<number> {
  const signIn = await request.post('/api/auth/signin', {
    data: { email: INSTALLER, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  let n = FIRST_SEEDED;
  for (;;) {
    const answer = await request.get(`/api/invoices/EAF-${n}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (answer.status() === 404) return n;
    expect(answer.ok(), `GET /invoices/EAF-${n}: ${answer.status()}`).toBe(true);
    const invoice = (await answer.json()) as { number: string; customer_facing_number: string };
    expect(invoice).toMatchObject({ number: `EAF-${n}`, customer_facing_number: `EAF-${n}` });
    n += 1;
  }
}

test.describe('invoice numbers', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('completing a seeded job invoices it with the next number of the installer’s own series', async ({
    page,
  }) => {
    const next = await nextEliteNumber(page.request);
    // The seed gave Elite several invoices: the series exists before anything is invoiced here.
    expect(next).toBeGreaterThan(FIRST_SEEDED + 1);

    await signInAs(page, INSTALLER);
    await expect(page).toHaveURL(/\/requestimates$/);
    await page.goto('/jobs');
    const started = page
      .getByRole('list', { name: 'Jobs list' })
      .getByRole('button')
      .filter({ has: page.getByRole('img', { name: 'Started', exact: true }) });
    await started.first().click();
    await expect(actionButton(page, 'COMPLETE JOB')).toBeEnabled();
    const requestId = new URL(page.url()).searchParams.get('id');
    await pressConfirmed(page, 'COMPLETE JOB', 'Complete the job and send the invoice for');
    await expect(page).toHaveURL(new RegExp(`/pickups\\?id=${requestId}$`));

    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments.getByTestId('invoice-status')).toHaveText('Open');
    await expect(payments.getByText(/^(EAF|INV)-\d+$/)).toHaveText(`EAF-${next}`);
    await look(page, 'invoice-numbers-completed-1280');
    // The Work Detail popup shows the same customer-facing number (000 §2).
    await page.getByRole('region', { name: 'Summary' }).getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByText(`EAF-${next}`, { exact: true })).toBeVisible();
    expect(await nextEliteNumber(page.request)).toBe(next + 1);
  });
});
