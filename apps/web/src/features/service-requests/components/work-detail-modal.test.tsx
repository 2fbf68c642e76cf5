import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { buildEstimate, buildNote, buildRequest, buildService } from '../service-requests.fixtures';
import { buildWorkDetailTitle, findInvoiceNumber, findShownVin, WorkDetailModal } from './work-detail-modal';

const loaded = { isPending: false, isError: false, isFetching: false, refetch: () => undefined };

function renderModal(request: TRequestimate, { withParts = true } = {}) {
  return renderWithProviders(
    <WorkDetailModal
      opened
      onClose={() => undefined}
      request={request}
      schedule={{ start: { kind: 'day', value: '2026-01-07' }, end: { kind: 'day', value: '2026-01-08' } }}
      services={
        withParts
          ? [
              buildService({
                service_id: 1,
                service_category: 'PPF',
                description: 'Full Front PPF',
                service_amount: 400,
                service_discount: 50,
                service_duration: 1.5,
              }),
              buildService({
                service_id: 2,
                custom_description: 'Badge removal',
                service_amount: 100,
                service_duration: 0.5,
              }),
            ]
          : []
      }
      servicesPart={loaded}
      notes={[
        buildNote({ noteId: 1, note_text: 'x' }),
        buildNote({ noteId: 2, note_text: 'Keep the plate frame.' }),
      ]}
      notesPart={loaded}
    />,
  );
}

describe('Work Detail popup', () => {
  it('shows contact, vehicle, dates, the itemized table, totals, numbers and state', async () => {
    renderModal(
      buildRequest({
        currentState: 'finished',
        requestTotal: 500,
        requestDiscount: 50,
        requestTaxes: 12.5,
        invoiceId: 'in_123',
        customer_facing_invoice: 'EAF-1040',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Work Detail for Sunrise Motors' });
    const inDialog = within(dialog);
    expect(inDialog.getByText('office@elite.test')).toBeInTheDocument();
    expect(inDialog.getByText('8135550110')).toBeInTheDocument();
    expect(inDialog.getByText('2022 Toyota Camry SE')).toBeInTheDocument();
    expect(inDialog.getByText('1HGCM82633A004352')).toBeInTheDocument();
    expect(inDialog.getByText('Wed, Jan 7th 2026')).toBeInTheDocument();
    expect(inDialog.getByText('Thu, Jan 8th 2026')).toBeInTheDocument();
    // Notes of one character are not shown.
    expect(inDialog.getByText('Keep the plate frame.')).toBeInTheDocument();
    expect(inDialog.queryByText('x')).not.toBeInTheDocument();

    const table = inDialog.getByRole('table', { name: 'Itemized services' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Category', 'Service', 'Amount', 'Duration']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['PPF', 'Full Front PPF', '$400.00−$50.00 discount', '1.5 days']);
    expect(second).toHaveTextContent('Badge removal');

    const line = (label: string) => inDialog.getByText(label).nextElementSibling?.textContent;
    expect(line('Original total')).toBe('$500.00');
    expect(line('Discount')).toBe('$50.00');
    expect(line('Subtotal')).toBe('$450.00');
    expect(line('Taxes')).toBe('$12.50');
    expect(line('Customer Pays')).toBe('$462.50');
    expect(line('Total cost')).toBe('$462.50');
    expect(line('Request number')).toBe('7');
    expect(line('Invoice number')).toBe('EAF-1040');
    expect(line('Current state')).toBe('Finished');
    expect(inDialog.queryByRole('button', { name: 'CUSTOMER CONTRACT' })).not.toBeInTheDocument();
  });

  it('hides a VIN starting with NV (not yet collected)', async () => {
    renderModal(buildRequest({ vin: 'NV1767225600000' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('VIN')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('NV1767225600000')).not.toBeInTheDocument();
    expect(findShownVin('nv123')).toBeNull();
    expect(findShownVin(null)).toBeNull();
    expect(findShownVin('1HGCM82633A004352')).toBe('1HGCM82633A004352');
  });

  it('opens the contract through a signed link in a new tab when a contract exists', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    installFakeFetch({
      'GET /api/signedURL': {
        body: { signedUrl: 'http://x.test/doc.pdf?sig=1', expiresAt: '2030-01-01T00:00:00Z' },
      },
    });
    renderModal(buildRequest({ requestId: 7, contract_url: 'contracts/request-7/a.pdf' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'CUSTOMER CONTRACT' }));
    await waitFor(() => expect(tab.location.href).toBe('http://x.test/doc.pdf?sig=1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it('names the customer of a retail estimate in the title and falls back to the internal invoice number', async () => {
    renderModal(buildEstimate({ customerName: 'Olivia Chen', invoiceId: 'in_99' }));
    const dialog = await screen.findByRole('dialog', { name: 'Work Detail for Olivia Chen' });
    expect(within(dialog).getByText('Invoice number').nextElementSibling).toHaveTextContent('in_99');
    expect(buildWorkDetailTitle(buildRequest({ dealerName: 'Harbor Auto Group' }))).toBe(
      'Work Detail for Harbor Auto Group',
    );
    expect(findInvoiceNumber({ customer_facing_invoice: '  ', invoiceId: null })).toBeNull();
  });

  it('lists no services honestly', async () => {
    renderModal(buildRequest(), { withParts: false });
    expect(await screen.findByText('No services are listed.')).toBeInTheDocument();
  });
});
