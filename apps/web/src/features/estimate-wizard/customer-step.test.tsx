import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CustomerStep } from './customer-step';

const customer = (customerId: number, name: string) => ({
  customer_id: customerId,
  customerId,
  customer_name: name,
  customer_Email_Address: null,
  customer_phone_number: null,
  customer_address: null,
  customer_type: 'Prospect',
  owning_installer: 7,
  stripe_customer_id: null,
  dealer_id: null,
});
const rows = [customer(41, 'Rita Retail'), customer(42, 'Ricardo Ruiz')];

describe('CustomerStep (the customer search)', () => {
  it('searches once for a name typed quickly, and names the active option for screen readers', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    const server = installFakeFetch({ 'GET /api/customers': { body: rows } });
    const onChange = vi.fn();
    renderWithProviders(<CustomerStep value={null} onChange={onChange} installerId={7} />);
    const search = screen.getByRole('combobox', { name: 'Search customers' });
    const user = userEvent.setup();
    await user.type(search, 'Ri');
    await screen.findByRole('option', { name: 'Ricardo Ruiz' });
    await waitFor(() => {
      const asked = server.calls.map((call) => call.url.searchParams.get('q'));
      expect(asked.filter((q) => q !== '')).toEqual(['Ri']);
    });

    await user.keyboard('{ArrowDown}');
    const active = screen.getByRole('option', { name: 'Ricardo Ruiz' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'customer', id: 42, name: 'Ricardo Ruiz' });
    expect(search).toHaveValue('Ricardo Ruiz');
  });
});
