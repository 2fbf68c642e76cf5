import type { TFinancialsPage, TTransaction } from '@app/contracts/financials.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FinancialsPage } from './financials-page';

const installer = buildUser({ userType: 'installer', userId: 12, companyId: 7, email: 'owner@shop.test' });

function buildRow(overrides: Partial<TTransaction> = {}): TTransaction {
  return {
    payment_id: 1,
    invoice_date: '2026/11/05 10:00:00',
    payment_date: null,
    payment_state: 'invoiced',
    state_label: 'Invoiced',
    payment_type: 'final',
    is_deposit: false,
    payment_order: null,
    payout_id: null,
    check_number: null,
    method: null,
    stripe_invoice: null,
    invoice_id: 41,
    invoice_number: 'EAF-1001',
    invoice_status: 'open',
    request_id: 9,
    Request_type: 'dealer',
    Request_total: 1615,
    request_total_cents: 161_500,
    invoice_amount: 1615,
    amount_cents: 161_500,
    platform_fee: 80.75,
    platform_fee_cents: 8_075,
    earned: 1534.25,
    earned_cents: 153_425,
    Service_Requested: 'PPF - Full Front',
    Year: 2024,
    Make: 'Tesla',
    Model: 'Model 3',
    VIN: null,
    Name: 'Sunrise Motors',
    dealer_id: 5,
    customer_id: null,
    installer_id: 7,
    installer_name: 'Shop',
    specialist_name: 'Shop',
    card_last4: null,
    card_type: null,
    hosted_invoice_url: null,
    ...overrides,
  };
}

function buildPage(rows: TTransaction[]): TFinancialsPage {
  const sum = (pick: (row: TTransaction) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const cents = sum((row) => row.amount_cents);
  return {
    rows,
    total: rows.length,
    page: 1,
    pageSize: 50,
    from: '2026-11-01',
    to: '2026-11-30',
    totals: {
      count: rows.length,
      invoiced: cents / 100,
      paid: 0,
      pending: cents / 100,
      earned: 0,
      invoiced_cents: cents,
      paid_cents: 0,
      pending_cents: cents,
      earned_cents: 0,
    },
    unsettled_deposits: 0,
  };
}

function renderScreen(
  handlers: Record<string, FakeAnswer | FakeHandler>,
  installerEmail = 'OWNER@shop.test',
) {
  signInAs(installer, {
    kind: 'installer',
    record: buildInstallerRecord({ Installer_id: 7, installer_email: installerEmail }),
  });
  const server = installFakeFetch({
    'POST /api/page-views': { status: 201, body: { success: true } },
    'GET /api/financials/revenue/7': {
      body: { bucket: 'day', from: '2026-11-01', to: '2026-11-30', points: [] },
    },
    ...handlers,
  });
  renderWithProviders(<FinancialsPage />, '/financials?date=2026-11-10');
  return { server, user: userEvent.setup() };
}

describe('FinancialsPage', () => {
  it('asks the server for the month, shows the totals and offers the dashboard to the company e-mail only', async () => {
    const { server } = renderScreen({ 'GET /api/installerPayments/7': { body: buildPage([buildRow()]) } });
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
    const [call] = server.callsTo('GET', '/api/installerPayments/7');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'invoice_date',
      dir: 'desc',
      page: '1',
    });
    expect(screen.getByTestId('total-Total Invoiced')).toHaveTextContent('$1,615.00');
    expect(screen.getByTestId('total-Total Earned')).toHaveTextContent('$0.00');
    // The signed-in e-mail equals the company's, whatever the case (002 §6).
    expect(screen.getByRole('button', { name: 'Payment Dashboard' })).toBeInTheDocument();
  });

  it('hides the payment dashboard from another e-mail of the company', async () => {
    renderScreen({ 'GET /api/installerPayments/7': { body: buildPage([buildRow()]) } }, 'office@shop.test');
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.queryByRole('button', { name: 'Payment Dashboard' })).not.toBeInTheDocument();
  });

  it('says M143 when the transactions cannot be loaded', async () => {
    renderScreen({
      'GET /api/installerPayments/7': { status: 500, body: { code: 'INTERNAL', message: 'x' } },
    });
    expect(
      await screen.findByText('Failed to load financial data. Please refresh the page.'),
    ).toBeInTheDocument();
  });

  it('shows the empty period and refuses an empty export (M160, M161)', async () => {
    const { user } = renderScreen({ 'GET /api/installerPayments/7': { body: buildPage([]) } });
    expect(await screen.findByText('No invoices found for this period')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('No data available for export')).toBeInTheDocument();
  });

  it('sorts on the server: a header asks for its column, a second press turns the order', async () => {
    const { server, user } = renderScreen({
      'GET /api/installerPayments/7': { body: buildPage([buildRow()]) },
    });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    const last = () => server.callsTo('GET', '/api/installerPayments/7').at(-1)?.url.searchParams;
    await expect.poll(() => last()?.get('sort')).toBe('amount');
    expect(last()?.get('dir')).toBe('desc');
    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    await expect.poll(() => last()?.get('dir')).toBe('asc');
    expect(within(table).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
});
