import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AddCustomerForm } from './add-customer-form';

describe('add new customer form', () => {
  it('keeps Save disabled until name, a 10-digit phone and a valid e-mail are given, then creates', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 3 }));
    const server = installFakeFetch({
      'POST /api/customers': { body: { success: true, id: 41, customerId: 41, customer_id: 41 } },
    });
    const onCreated = vi.fn();
    renderWithProviders(<AddCustomerForm installerId={3} onCreated={onCreated} />, '/newestimate');
    const save = screen.getByRole('button', { name: 'Save customer' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ann Lee' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '555-12' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ann@' } });
    expect(screen.getByText('Phone number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '(555) 123-4567' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ann@example.com' },
    });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith({ kind: 'customer', id: 41, name: 'Ann Lee' }),
    );
    expect(server.callsTo('POST', '/api/customers')[0]?.body).toMatchObject({
      customerName: 'Ann Lee',
      customerPhoneNumber: '(555) 123-4567',
      owningInstaller: 3,
    });
  });
});
