import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type Api, apiAs, isoDay, look, signInAs, snap } from './helpers';
import { act, createDealerJob, createEstimate } from './jobs';

// The Financials screen (R15, P22; issue 13) for an installer and a dealer: each range mode, search, filters,
// the CSV download (its content), settling a deposit and batch check settlement end to end. Jobs whose money
// a test changes are made here through the API, so no demo row another spec changes matters.

const INSTALLER = 'installer@demo.test';
const DEALER = 'dealer@demo.test';
const VIN = '1HGCM82633A004352';
const today = isoDay(0);
/** 'November' for a month 1–12. */
function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

type Row = {
  request_id: number;
  invoice_id: number | null;
  invoice_number: string | null;
  amount_cents: number;
};

/** A dealer job for the installer, worked to completion: its final invoice is open (Invoiced) today. */
async function finishedDealerJob(installer: Api, dealer: Api): Promise<number> {
  const job = await createDealerJob(installer, dealer, VIN);
  await act(installer, job.requestId, 'book', { startDate: isoDay(1) });
  await act(installer, job.requestId, 'checkIn', { vin: VIN });
  const services = await installer.call<{ service_id: number }[]>('GET', `/requestService/${job.requestId}`);
  await act(installer, job.requestId, 'startService', { serviceId: services[0]?.service_id });
  await act(installer, job.requestId, 'completeJob');
  return job.requestId;
}

/** Today's rows of a company, as the server lists them (to find the invoices a test made). */
async function todaysRows(api: Api, kind: 'installerPayments' | 'dealerPayments'): Promise<Row[]> {
  const page = await api.call<{ rows: Row[] }>(
    'GET',
    `/${kind}/${api.companyId}?from=${today}&to=${today}&pageSize=200`,
  );
  return page.rows;
}

function label(page: Page) {
  return page.getByTestId('financials-label');
}

function range(page: Page) {
  return page.getByRole('radiogroup', { name: 'Range' });
}

function count(page: Page) {
  return page.getByTestId('financials-count');
}

async function openFinancials(page: Page, email: string, path = '/financials') {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/requestimates$/);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Financials', level: 1 })).toBeVisible();
}

function money(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test.describe('financials', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an installer steps through Day, Week, Month and Custom ranges and sees every element of R15', async ({
    page,
  }) => {
    await openFinancials(page, INSTALLER);
    const [year, month] = today.split('-').map(Number);
    // Opens on the current month.
    await expect(label(page)).toHaveText(`${monthName(month ?? 1)} ${year}`);
    await expect(count(page)).toHaveText(/^\d+ invoices?$/);
    for (const card of ['Total Invoiced', 'Total Paid', 'Pending Payment', 'Total Earned']) {
      await expect(page.getByTestId(`total-${card}`)).toHaveText(/^\$[\d,]+\.\d\d$/);
    }
    const table = page.getByRole('table', { name: 'Invoices' });
    for (const column of ['Vehicle', 'Invoiced', 'State', 'Paid', 'Work', 'Name', 'Amount', 'Invoice #']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('columnheader', { name: 'PO #' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: /^Revenue by/ })).toBeVisible();
    await look(page, 'financials-installer-month-1280');

    // Month: Previous goes back a month, Today returns.
    await page.getByRole('button', { name: 'Previous' }).click();
    const previous = new Date(Date.UTC(year ?? 2000, (month ?? 1) - 2, 1));
    await expect(label(page)).toHaveText(
      `${monthName(previous.getUTCMonth() + 1)} ${previous.getUTCFullYear()}`,
    );
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(label(page)).toHaveText(`${monthName(month ?? 1)} ${year}`);

    // Week: Sunday to Saturday; Next moves a week.
    await range(page).getByText('Week', { exact: true }).click();
    await expect(label(page)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}(, \d{4})? – [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const thisWeek = await label(page).textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(label(page)).not.toHaveText(thisWeek ?? '');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(label(page)).toHaveText(thisWeek ?? '');

    // Day: today's label.
    await range(page).getByText('Day', { exact: true }).click();
    await expect(label(page)).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(page).toHaveURL(/range=day/);

    // Custom: Previous / Today / Next are disabled (rule 95); Apply needs both days (rule 90).
    await range(page).getByText('Custom', { exact: true }).click();
    for (const name of ['Previous', 'Today', 'Next']) {
      await expect(page.getByRole('button', { name })).toBeDisabled();
    }
    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeDisabled();
    const thisMonth = monthName(month ?? 1);
    await page.getByLabel('From', { exact: true }).click();
    await page
      .getByRole('button', { name: `1 ${thisMonth} ${year}`, exact: true })
      .last()
      .click();
    await expect(apply).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.getByLabel('To', { exact: true }).click();
    await page
      .getByRole('button', { name: `${Number(today.slice(8))} ${thisMonth} ${year}`, exact: true })
      .last()
      .click();
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(page).toHaveURL(new RegExp(`range=custom&from=${today.slice(0, 8)}01&to=${today}`));
    await expect(label(page)).toContainText(` – ${thisMonth.slice(0, 3)} ${Number(today.slice(8))}, ${year}`);
    await snap(page, 'financials-installer-custom-1280');
  });

  test('an installer searches by invoice number and by name, filters by state and type, and downloads the CSV', async ({
    page,
  }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const dealer = await apiAs(page.request, DEALER);
    const requestId = await finishedDealerJob(installer, dealer);
    const mine = (await todaysRows(installer, 'installerPayments')).find(
      (row) => row.request_id === requestId,
    );
    const number = mine?.invoice_number ?? '';
    expect(number).not.toBe('');

    await openFinancials(page, INSTALLER);
    // Search by invoice number: every date, the range controls disabled, an alert with a clear link.
    await page.getByRole('textbox', { name: 'Invoice number' }).fill(number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(label(page)).toHaveText('Search Results');
    await expect(count(page)).toHaveText('1 invoice');
    await expect(page.getByRole('status').filter({ hasText: 'Found' })).toContainText(
      `Found 1 invoice(s) matching "${number}"`,
    );
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Invoiced');
    await expect(row).toHaveAttribute('data-retail', 'false');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(label(page)).not.toHaveText('Search Results');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

    // Name filter, then one that finds nothing.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sunrise');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(label(page)).toHaveText('Name Filter Results');
    await expect(page.getByRole('status').filter({ hasText: 'Found' })).toContainText(
      /Found \d+ invoice\(s\) for name "Sunrise"/,
    );
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nobody Here Zq');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('No invoices found for name "Nobody Here Zq"')).toBeVisible();
    await page.getByRole('button', { name: 'Clear name filter' }).click();

    // State and type filters.
    await page.getByLabel('State').selectOption('paid');
    await expect(page).toHaveURL(/state=paid/);
    const states = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
    await expect(states.first()).toContainText('Paid');
    for (const text of await states.allTextContents()) expect(text).toContain('Paid');
    await page.getByLabel('State').selectOption('all');
    await expect(page).not.toHaveURL(/state=paid/);
    await page.getByLabel('Type').selectOption('retail');
    await expect(page).toHaveURL(/type=retail/);
    const retail = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
    await expect(retail.first()).toHaveAttribute('data-retail', 'true');
    await expect(page.locator('tbody tr[data-retail="false"]')).toHaveCount(0);
    await page.getByLabel('Type').selectOption('all');
    // The whole month again (our wholesale invoice among it) before the count is read: the retail count
    // stays on screen until the unfiltered page arrives.
    await expect(page).not.toHaveURL(/type=retail/);
    await expect(
      page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: number }),
    ).toBeVisible();

    // CSV of the current view (this month): a BOM, a header and one line per invoice, ours among them.
    await expect(count(page)).toHaveText(/^\d+ invoices?$/);
    const shown = Number((await count(page).textContent())?.split(' ')[0]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`financials-${today.slice(0, 7)}-downloaded-${today}.csv`);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('"Invoice Number"');
    expect(lines).toHaveLength(shown + 1);
    const ours = lines.find((line) => line.includes(`"${number}"`));
    expect(ours).toContain(`"${today}"`);
    expect(ours).toContain(String((mine?.amount_cents ?? 0) / 100));

    // The bookkeeper report of the range opens in a new window, with our invoice in it.
    const [report] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Bookkeeper Report' }).click(),
    ]);
    await expect(report.getByRole('heading', { name: 'Bookkeeper report', level: 1 })).toBeVisible();
    await expect(report.locator('body')).toContainText(`${today.slice(0, 8)}01 to `);
    await expect(report.locator('body')).toContainText(number);
    await report.close();
  });

  test("the owner, whose sign-in e-mail is the company's, opens the payment dashboard in a new window (row 108)", async ({
    page,
  }) => {
    await openFinancials(page, INSTALLER);
    const [dashboard] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Payment Dashboard' }).click(),
    ]);
    await expect(dashboard).toHaveURL(/\/payments-dashboard\/acct_demo_elite_main$/);
    await expect(dashboard.getByText(/Local payment account acct_demo_elite_main/)).toBeVisible();
    await dashboard.close();
  });

  test('an installer settles a deposit from Manage Deposits, after a confirmation', async ({ page }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const estimate = await createEstimate(installer);
    await act(installer, estimate.requestId, 'setDeposit', { depositAmount: '100' });
    await act(installer, estimate.requestId, 'book', { startDate: isoDay(1) });
    const deposits = await installer.call<{ invoice_id: number; request_id: number }[]>(
      'GET',
      `/financials/deposits/${installer.companyId}`,
    );
    const deposit = deposits.find((item) => item.request_id === estimate.requestId);
    expect(deposit).toBeDefined();

    await openFinancials(page, INSTALLER);
    const manage = page.getByRole('button', { name: /^Manage Deposits \(\d+\)$/ });
    await expect(manage).toHaveText(`Manage Deposits (${deposits.length})`);
    await manage.click();
    const dialog = page.getByRole('dialog', { name: 'Deposit Invoices' });
    const item = dialog.locator(`[data-invoice-id="${deposit?.invoice_id}"]`);
    await expect(item).toContainText('$100.00');
    await item.getByRole('button', { name: /^Settle deposit/ }).click();
    await expect(item).toContainText('cannot be undone');
    await snap(page, 'financials-deposit-confirm-1280');
    await item.getByRole('button', { name: 'Settle $100.00' }).click();
    await expect(page.getByText('Deposit invoice settled successfully.')).toBeVisible();
    await expect(item).toHaveCount(0);
    if (deposits.length === 1) await expect(dialog).toContainText('No deposit invoices found');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const left = deposits.length - 1;
    if (left > 0) await expect(manage).toHaveText(`Manage Deposits (${left})`);
    else await expect(manage).toHaveCount(0);
  });

  test('an installer settles two dealer invoices with one check in batch mode', async ({ page }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const dealer = await apiAs(page.request, DEALER);
    const ids = [await finishedDealerJob(installer, dealer), await finishedDealerJob(installer, dealer)];
    const rows = (await todaysRows(installer, 'installerPayments')).filter((row) =>
      ids.includes(row.request_id),
    );
    expect(rows).toHaveLength(2);

    await openFinancials(page, INSTALLER, '/financials?range=day');
    await page.getByRole('button', { name: 'Process Dealer Checks' }).click();
    await expect(page.getByRole('button', { name: 'Enter Check Payment (0 selected)' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Cancel Batch Mode' })).toBeVisible();
    for (const row of rows) {
      await page
        .getByRole('checkbox', { name: new RegExp(`^Select invoice ${row.invoice_number} `) })
        .check();
    }
    await page.getByRole('button', { name: 'Enter Check Payment (2 selected)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Check Payment' });
    for (const row of rows) await expect(dialog).toContainText(row.invoice_number ?? '');
    const total = rows.reduce((sum, row) => sum + row.amount_cents, 0);
    await expect(dialog.getByTestId('batch-total')).toHaveText(money(total));
    await dialog.getByRole('button', { name: 'Process Check Payment' }).click();
    await expect(dialog.getByText('Please enter a check number.')).toBeVisible();
    await snap(page, 'financials-batch-check-1280');
    await dialog.getByLabel('Check number').fill('55123');
    await dialog.getByRole('button', { name: 'Process Check Payment' }).click();
    await expect(page.getByText('Check payment processed successfully for 2 invoices.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Process Dealer Checks' })).toBeVisible();
    for (const row of rows) {
      await expect(page.locator('tbody tr').filter({ hasText: row.invoice_number ?? '' })).toContainText(
        'Paid',
      );
    }
  });

  test('a dealer sees its own columns, adds a PO, and downloads the CSV, its monthly statement and the W-9', async ({
    page,
  }) => {
    const installer = await apiAs(page.request, INSTALLER);
    const dealer = await apiAs(page.request, DEALER);
    const requestId = await finishedDealerJob(installer, dealer);
    const mine = (await todaysRows(dealer, 'dealerPayments')).find((row) => row.request_id === requestId);

    await openFinancials(page, DEALER, '/financials?range=day');
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table.getByRole('columnheader', { name: 'PO #' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Paid', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Type')).toHaveCount(0);
    await expect(page.getByTestId('total-Total Earned')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Process Dealer Checks' })).toHaveCount(0);

    // Add a PO to the open invoice; the row then shows it.
    const row = table.locator(`tr[data-request-id="${requestId}"]`);
    await row.getByRole('button', { name: /^Add PO/ }).click();
    const po = page.getByRole('dialog', { name: 'Enter the PO #' });
    await po.getByLabel('PO #').fill(`E2E-PO-${requestId}`);
    await po.getByRole('button', { name: 'Save PO' }).click();
    await expect(row).toContainText(`E2E-PO-${requestId}`);

    // The invoice details open from the vehicle.
    await row.getByRole('button').first().click();
    const details = page.getByRole('dialog', { name: 'Invoice Details' });
    await expect(details).toContainText(mine?.invoice_number ?? '');
    await expect(details).toContainText(`E2E-PO-${requestId}`);
    await snap(page, 'financials-dealer-details-1280');
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await csvDownload.path()) ?? '', 'utf8');
    expect(csv).toContain(`"E2E-PO-${requestId}"`);

    const statement = page.getByRole('button', { name: /^Download Monthly Statement \(\d+\)$/ });
    await expect(statement).toBeEnabled();
    const [statementDownload] = await Promise.all([page.waitForEvent('download'), statement.click()]);
    expect(statementDownload.suggestedFilename()).toBe(`statement-${today.slice(0, 7)}.csv`);
    expect(readFileSync((await statementDownload.path()) ?? '', 'utf8')).toContain(
      mine?.invoice_number ?? '',
    );

    const [w9] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download W-9' }).click(),
    ]);
    expect(
      readFileSync((await w9.path()) ?? '')
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await look(page, 'financials-dealer-day-1280');
  });

  test('on a phone the invoices are cards and the range keeps to Previous / Today / Next', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFinancials(page, INSTALLER);
    await expect(page.getByRole('table', { name: 'Invoices' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').first()).toBeVisible();
    await expect(range(page).getByText('Custom', { exact: true })).toBeHidden();
    await look(page, 'financials-installer-month-390');
    await page
      .getByRole('list', { name: 'Invoices' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .first()
      .click();
    await snap(page, 'financials-installer-details-390');
    await page
      .getByRole('dialog', { name: 'Invoice Details' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();

    const context = page.context();
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await openFinancials(page, DEALER);
    await look(page, 'financials-dealer-month-390');
  });
});
