import type { TInvoice, TRequestPayment } from '@app/contracts/payments.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { buildEstimate, buildRequest } from '../service-requests/service-requests.fixtures';
import { PaymentPanel } from './payment-panel';

// Each test waits on chains of fake calls (payments → invoice → refetch): give a loaded machine time.
configure({ asyncUtilTimeout: 10_000 });

// The estimate of the fixtures: $1,000 − $100 discount + $63 tax = $963.00, installer 7, request 21.
const installer = buildUser({ userType: 'installer', companyId: 7 });

function transition() {
  return {
    success: true,
    message: 'Deposit saved.',
    requestId: 21,
    action: 'setDeposit',
    ruleId: 'A26',
    from: 'new',
    currentState: 'new',
    current_state: 'new',
    offerState: 'offered',
    assignedTo: 7,
    version: 3,
    schedule: null,
    invoices: [],
    effects: [],
    redirectTo: null,
  };
}

function depositPayment(overrides: Partial<TRequestPayment> = {}): TRequestPayment {
  return {
    payment_id: 40,
    payment_type: 'deposit',
    payment_state: 'invoiced',
    payment_amount: 240.75,
    amount_cents: 240_75,
    platform_fee: 11.25,
    payment_date: null,
    method: null,
    check_number: null,
    card_last4: null,
    card_type: null,
    invoice_id: 900,
    invoice_number: 'INV-100900',
    invoice_status: 'open',
    hosted_invoice_url: null,
    ...overrides,
  };
}

function depositInvoice(overrides: Partial<TInvoice> = {}): TInvoice {
  return {
    id: 900,
    invoiceId: 900,
    number: 'INV-100900',
    customer_facing_number: null,
    status: 'open',
    paid: false,
    invoice_type: 'deposit',
    amount_due: 240_75,
    amount_remaining: 240_75,
    amount_paid: 0,
    tax: 1_575,
    currency: 'usd',
    hosted_invoice_url: 'http://127.0.0.1:3000/pay/abcdefabcdefabcdefabcdefabcdefab',
    customer_name: 'Marcus Bennett',
    customer_email: 'marcus@example.test',
    description: 'Deposit',
    metadata: { payment_type: 'deposit', request_id: '21', installer_id: '7' },
    request_id: 21,
    requestId: 21,
    installer_id: 7,
    dealer_id: null,
    provider: 'local',
    provider_invoice_id: null,
    invoice_date: '2026/11/20 10:00:00',
    finalized_at: '2026/11/20 10:00:00',
    paid_at: null,
    voided_at: null,
    ...overrides,
  };
}

const noReader = { 'GET /api/installerLocations/7': { body: [] } };

async function openPopup() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Set deposit amount' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set deposit amount' });
  return { user, dialog, field: within(dialog).getByLabelText('Deposit amount') };
}

/** The installer's new estimate without a deposit; saving the deposit succeeds. */
function renderNewEstimate() {
  signInAs(installer);
  const server = installFakeFetch({
    ...noReader,
    'GET /api/installerPaymentsRequest/21': { body: [] },
    'POST /api/requestimates/21/actions/setDeposit': { body: transition() },
  });
  renderWithProviders(<PaymentPanel request={buildEstimate()} userType="installer" companyId={7} />);
  return server;
}

describe('Set deposit amount popup', () => {
  it('saves a deposit through the setDeposit action and shows its share of the job', async () => {
    const server = renderNewEstimate();
    expect(await screen.findByText('No deposit')).toBeInTheDocument();
    const { user, dialog, field } = await openPopup();
    expect(within(dialog).getByText('$963.00')).toBeInTheDocument();

    // Above the job total the keystroke is ignored: the field keeps what it had.
    await user.type(field, '963');
    expect(field).toHaveValue('$963');
    await user.type(field, '1');
    expect(field).toHaveValue('$963');
    await user.clear(field);
    await user.type(field, '240.75');
    expect(field).toHaveValue('$240.75');
    expect(within(dialog).getByTestId('deposit-share')).toHaveTextContent('25% of the job');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const posts = server.callsTo('POST', '/api/requestimates/21/actions/setDeposit');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ depositAmount: '240.75' });
  });

  it("Save without an amount says 'Enter a deposit amount' and sends nothing; typing clears it", async () => {
    const server = renderNewEstimate();
    const { user, dialog, field } = await openPopup();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a deposit amount');
    expect(server.callsTo('POST', '/api/requestimates/21/actions/setDeposit')).toHaveLength(0);
    await user.type(field, '5');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("shows 'Error saving deposit amount' when the save fails, and keeps the popup open", async () => {
    signInAs(installer);
    installFakeFetch({
      ...noReader,
      'GET /api/installerPaymentsRequest/21': { body: [] },
      'POST /api/requestimates/21/actions/setDeposit': {
        status: 500,
        body: { code: 'INTERNAL', message: 'boom' },
      },
    });
    renderWithProviders(<PaymentPanel request={buildEstimate()} userType="installer" companyId={7} />);
    const { user, dialog, field } = await openPopup();
    await user.type(field, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error saving deposit amount');
    expect(dialog).toBeInTheDocument();
  });

  it("asks 'Remove deposit requirement from this job?' before removing it (sends 0)", async () => {
    signInAs(installer);
    const server = installFakeFetch({
      ...noReader,
      'GET /api/installerPaymentsRequest/21': { body: [] },
      'POST /api/requestimates/21/actions/setDeposit': { body: transition() },
    });
    renderWithProviders(
      <PaymentPanel request={buildEstimate({ depositAmount: 150 })} userType="installer" companyId={7} />,
    );
    expect(await screen.findByTestId('deposit-amount')).toHaveTextContent('$150.00');
    expect(screen.getByTestId('deposit-share')).toHaveTextContent('15.6% of the job');
    const { user, dialog, field } = await openPopup();
    expect(field).toHaveValue('$150.00');
    await user.click(within(dialog).getByRole('button', { name: 'Remove deposit' }));
    const confirm = within(dialog).getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Remove deposit requirement from this job?');
    expect(server.callsTo('POST', '/api/requestimates/21/actions/setDeposit')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove deposit' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/requestimates/21/actions/setDeposit')[0]?.body).toEqual({
      depositAmount: '0',
    });
  });

  it('once the deposit is invoiced the field is disabled and removal is refused', async () => {
    signInAs(installer);
    const server = installFakeFetch({
      ...noReader,
      'GET /api/installerPaymentsRequest/21': { body: [depositPayment()] },
      'GET /api/invoices/900': { body: depositInvoice() },
    });
    const booked = buildEstimate({ currentState: 'scheduled', depositAmount: 240.75 });
    renderWithProviders(<PaymentPanel request={booked} userType="installer" companyId={7} />);
    const section = await screen.findByTestId('deposit-section');
    await waitFor(() => expect(section).toHaveAttribute('data-state', 'invoiced'));
    const { user, dialog, field } = await openPopup();
    expect(field).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Remove deposit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Cannot remove deposit - invoices already created. Contact support if needed.',
    );
    expect(server.callsTo('POST', '/api/requestimates/21/actions/setDeposit')).toHaveLength(0);
  });
});

describe('deposit display and payment on the panel', () => {
  it('an open deposit invoice offers Check/Cash, Pay Online and Settle to the installer', async () => {
    signInAs(installer);
    installFakeFetch({
      ...noReader,
      'GET /api/installerPaymentsRequest/21': { body: [depositPayment()] },
      'GET /api/invoices/900': { body: depositInvoice() },
    });
    const booked = buildEstimate({ currentState: 'scheduled', depositAmount: 240.75 });
    renderWithProviders(<PaymentPanel request={booked} userType="installer" companyId={7} />);
    const methods = await screen.findByRole('group', { name: 'Deposit payment methods' });
    expect(within(methods).getByRole('button', { name: 'Check/Cash' })).toBeInTheDocument();
    expect(within(methods).getByRole('link', { name: 'Pay Online' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:3000/pay/abcdefabcdefabcdefabcdefabcdefab',
    );
    expect(within(methods).getByRole('button', { name: 'Settle' })).toBeInTheDocument();
    expect(screen.getByTestId('deposit-invoice-status')).toHaveTextContent('Open');
    expect(screen.getByText('Invoiced')).toBeInTheDocument();
  });

  it("a paid deposit shows the 'Paid' badge and no payment methods", async () => {
    signInAs(installer);
    installFakeFetch({
      ...noReader,
      'GET /api/installerPaymentsRequest/21': {
        body: [depositPayment({ payment_state: 'paid', method: 'check', check_number: '311' })],
      },
      'GET /api/invoices/900': {
        body: depositInvoice({ status: 'paid', paid: true, amount_paid: 240_75, amount_remaining: 0 }),
      },
    });
    const booked = buildEstimate({ currentState: 'scheduled', depositAmount: 240.75, depositIsPaid: true });
    renderWithProviders(<PaymentPanel request={booked} userType="installer" companyId={7} />);
    const section = await screen.findByTestId('deposit-section');
    await waitFor(() => expect(section).toHaveAttribute('data-state', 'paid'));
    expect(within(section).getByText('Paid', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(await screen.findByTestId('deposit-paid-method')).toHaveTextContent('Paid by check #311');
    expect(screen.queryByRole('group', { name: 'Deposit payment methods' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set deposit amount' })).toBeInTheDocument();
  });

  it('a booked job whose deposit invoice failed offers to create it (POST /invoices/, deposit)', async () => {
    signInAs(installer);
    let created = false;
    const server = installFakeFetch({
      ...noReader,
      'GET /api/installerPaymentsRequest/21': () => ({ body: created ? [depositPayment()] : [] }),
      'POST /api/invoices/': () => {
        created = true;
        return { status: 201, body: depositInvoice() };
      },
      'GET /api/invoices/900': { body: depositInvoice() },
    });
    const booked = buildEstimate({ currentState: 'scheduled', depositAmount: 240.75 });
    renderWithProviders(<PaymentPanel request={booked} userType="installer" companyId={7} />);
    const notice = await screen.findByTestId('missing-deposit-invoice');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Create deposit invoice' }));
    expect(await screen.findByTestId('deposit-invoice-status')).toHaveTextContent('Open');
    expect(screen.queryByTestId('missing-deposit-invoice')).toBeNull();
    const posts = server.callsTo('POST', '/api/invoices/');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      requestId: 21,
      requestType: 'installer',
      invoiceType: 'deposit',
      finalize: true,
    });
  });

  it("a failed load says 'Unable to load deposit information' and offers no button", async () => {
    signInAs(installer);
    installFakeFetch({
      ...noReader,
      'GET /api/installerPaymentsRequest/21': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    renderWithProviders(<PaymentPanel request={buildEstimate()} userType="installer" companyId={7} />);
    expect(
      await screen.findByText('Unable to load deposit information', {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set deposit amount' })).toBeNull();
  });

  it('dealer-type jobs have no deposit part, and a dealer never gets the button', async () => {
    signInAs(buildUser({ userType: 'dealer', companyId: 5 }));
    installFakeFetch({ 'GET /api/installerPaymentsRequest/7': { body: [] } });
    const view = renderWithProviders(
      <PaymentPanel request={buildRequest({ currentState: 'scheduled' })} userType="dealer" companyId={5} />,
    );
    expect(screen.queryByTestId('deposit-section')).toBeNull();
    view.unmount();
    renderWithProviders(<PaymentPanel request={buildEstimate()} userType="dealer" companyId={5} />);
    expect(await screen.findByTestId('deposit-section')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set deposit amount' })).toBeNull();
  });
});
