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

  it("a refused save shows the server's message and creates nothing; a second try can succeed", async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 3 }));
    let status = 409;
    installFakeFetch({
      'POST /api/customers': () =>
        status === 409
          ? { status, body: { code: 'CONFLICT', message: 'A customer with this e-mail already exists' } }
          : { body: { success: true, id: 42, customerId: 42, customer_id: 42 } },
    });
    const onCreated = vi.fn();
    renderWithProviders(<AddCustomerForm installerId={3} onCreated={onCreated} />, '/newestimate');
    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ann Lee' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '5551234567' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    expect(await screen.findByText('A customer with this e-mail already exists')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith({ kind: 'customer', id: 42, name: 'Ann Lee' }),
    );
    expect(screen.queryByText('A customer with this e-mail already exists')).toBeNull();
  });
});
