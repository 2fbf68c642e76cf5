import { contractMessages, type TContractSummary } from '@app/contracts/customer-contracts.contract';
import type { TCustomer } from '@app/contracts/customers.contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, shellFakes, signInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { matchCustomers } from './customer-step';

const party = { email: null, phone: null, address: null };
const summary: TContractSummary = {
  requestId: 7,
  Request_id: 7,
  requestType: 'dealer',
  currentState: 'scheduled',
  dealer: { id: 5, name: 'Sunrise Motors', ...party, timeZone: 'America/New_York' },
  specialist: { id: 9, name: 'Elite Auto Film', ...party },
  vehicle: { year: 2024, make: 'Toyota', model: 'Camry', trim: 'SE', vin: '1HGCM82633A004352' },
  services: [
    {
      lineId: 1,
      category: 'PPF',
      description: 'Full Front',
      amountCents: 150000,
      discountCents: 0,
      durationDays: 1,
    },
  ],
  totals: {
    subtotalCents: 150000,
    discountCents: 0,
    taxesCents: 0,
    totalCents: 150000,
    depositCents: 0,
    balanceDueCents: 150000,
  },
  availableDate: '2026/12/01 13:00:00',
  dueDate: '2026/12/03 13:00:00',
  terms: ['Work does not start before this contract is signed.'],
  customer: null,
  contract: null,
};
const customer = (id: number, name: string, phone: string): TCustomer => ({
  customer_id: id,
  customerId: id,
  customer_name: name,
  customer_Email_Address: `${name.split(' ')[0]?.toLowerCase()}@example.test`,
  customer_phone_number: phone,
  customer_address: null,
  customer_type: 'Prospect',
  owning_installer: 0,
  stripe_customer_id: null,
  dealer_id: 5,
});
const customers = [customer(1, 'Bea Buyer', '8135550321'), customer(2, 'Carl Client', '7275550999')];

describe('customer contract (R23)', () => {
  it('searches by name or phone, case-insensitively (rule 130)', () => {
    expect(matchCustomers(customers, 'bea').map((c) => c.customer_id)).toEqual([1]);
    expect(matchCustomers(customers, '727555').map((c) => c.customer_id)).toEqual([2]);
    expect(matchCustomers(customers, 'nobody')).toEqual([]);
  });

  it('enables Next only once a customer is chosen, then shows the summary and both ways to sign', async () => {
    signInAs(buildUser());
    installFakeFetch({
      ...shellFakes(),
      'GET /api/contracts/7': { body: summary },
      'GET /api/customers': { body: customers },
    });
    renderApp('/contract/7');
    const user = userEvent.setup();
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText(/Search customers/), 'nobody');
    expect(screen.getByRole('button', { name: 'Add Customer' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Search customers/));
    await user.click(screen.getByRole('radio', { name: /Bea Buyer/ }));
    expect(next).toBeEnabled();
    await user.click(next);
    expect(await screen.findByText('Full Front')).toBeInTheDocument();
    expect(screen.getByText('VIN: 1HGCM82633A004352')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SIGN ELECTRONICALLY' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'DOWNLOAD FOR MANUAL SIGNATURE' })).toBeInTheDocument();
  });

  it('goes back to the requests with the server’s guard message (M54)', async () => {
    signInAs(buildUser());
    installFakeFetch({
      ...shellFakes(),
      'GET /api/contracts/7': {
        status: 409,
        body: { code: 'CONFLICT', message: contractMessages.specialistRequired },
      },
    });
    renderApp('/contract/7');
    expect(await screen.findByText(contractMessages.specialistRequired)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Requests/));
  });
});
