import type { TInvoice } from '@app/contracts/payments.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DEALER_PO_TITLE, INSTALLER_PO_TITLE, PoModal } from './po-modal';

const invoice = { id: 900, metadata: {} } as unknown as TInvoice;

function open(userType: 'dealer' | 'installer') {
  signInAs(buildUser({ userType, companyId: 7 }));
  const server = installFakeFetch({
    'PUT /api/invoices/meta/900': { status: 400, body: { code: 'X', message: 'no' } },
  });
  renderWithProviders(
    <PoModal opened onClose={vi.fn()} invoice={invoice} userType={userType} onDone={vi.fn(async () => {})} />,
    '/requestimates',
  );
  const dialog = within(
    screen.getByRole('dialog', { name: userType === 'dealer' ? DEALER_PO_TITLE : INSTALLER_PO_TITLE }),
  );
  return { server, dialog };
}

describe('PO popup (000 §5)', () => {
  it('a dealer must give a PO: the field says so and nothing is sent', async () => {
    const { server, dialog } = open('dealer');
    await userEvent.click(dialog.getByRole('button', { name: 'Save PO' }));
    expect(dialog.getByText('A PO number is required')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/invoices/meta/900')).toHaveLength(0);
  });

  it('an installer gives a PO or a check number; a check number alone is sent', async () => {
    const { server, dialog } = open('installer');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter a PO or a check number');
    expect(server.callsTo('PUT', '/api/invoices/meta/900')).toHaveLength(0);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Check #' }), ' 10452 ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/invoices/meta/900')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/invoices/meta/900')[0]?.body).toEqual({ checkNumber: '10452' });
  });
});
