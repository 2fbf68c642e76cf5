import type { TServiceRow } from '@app/contracts/service-catalog.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ServiceCatalogPanel } from './service-catalog-panel';

const installer = buildUser({ userType: 'installer', userId: 12, companyId: 7 });

/** Price rows of one master service (row 111): retail L/M/S, wholesale for the sizes given. */
function rowsOf(
  masterId: number,
  description: string,
  retail: [number, number, number],
  wholesale: Partial<Record<'L' | 'M' | 'S', number>> = {},
): TServiceRow[] {
  const base = { master_service_id: masterId, description, service_category: 'PPF', duration_days: 1.5 };
  const sizes = ['L', 'M', 'S'] as const;
  return [
    ...sizes.map((size, i) => ({
      ...base,
      service_id: masterId * 10 + i,
      vehicle_size: size,
      catalog: 'RETAIL' as const,
      service_cost: retail[i] as number,
    })),
    ...sizes
      .filter((size) => wholesale[size] !== undefined)
      .map((size, i) => ({
        ...base,
        service_id: masterId * 10 + 5 + i,
        vehicle_size: size,
        catalog: 'WHOLE' as const,
        service_cost: wholesale[size] as number,
      })),
  ];
}

const catalog = [
  ...rowsOf(1, 'Full Front PPF', [2200, 1900, 1700], { L: 1870, M: 1615 }),
  ...rowsOf(2, 'Hood PPF', [500, 450, 400]),
];

function renderPanel(handlers: Record<string, FakeAnswer | FakeHandler> = {}, user = installer) {
  signInAs(user, { kind: 'installer', record: buildInstallerRecord({ Installer_id: 7 }) });
  const server = installFakeFetch({
    'GET /api/categories/7': { body: [{ service_category: 'PPF', category: 'PPF' }] },
    'GET /api/categoryServices/7/PPF': { body: catalog },
    ...handlers,
  });
  renderWithProviders(<ServiceCatalogPanel />, '/services');
  return { server, user: userEvent.setup() };
}

async function chooseService(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByLabelText('Service', { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('ServiceCatalogPanel', () => {
  it('shows a service’s prices per size, Not Available and - without wholesale, and the margin', async () => {
    const { user } = renderPanel();
    await expect.poll(() => screen.queryByLabelText('Category', { selector: 'input' })).toHaveValue('PPF');
    expect(screen.getByRole('button', { name: 'ADD NEW SERVICE' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UPDATE SERVICE' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'DELETE SERVICE' })).not.toBeInTheDocument();

    await chooseService(user, 'Full Front PPF');
    const table = screen.getByRole('table', { name: 'Prices of Full Front PPF' });
    const rowText = (size: string) =>
      within(table)
        .getByRole('row', { name: new RegExp(`^${size}`) })
        .textContent?.replace(/\s+/g, ' ');
    expect(rowText('Large')).toBe('Large$2,200.00$1,870.0015%1.5');
    expect(rowText('Medium')).toBe('Medium$1,900.00$1,615.0015%1.5');
    expect(rowText('Small')).toBe('Small$1,700.00Not Available-1.5');
    expect(screen.getByRole('button', { name: 'UPDATE SERVICE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'DELETE SERVICE' })).toBeInTheDocument();
  });

  it('adds a service: the rules first, then one call with every size (M169)', async () => {
    const { server, user } = renderPanel({
      'POST /api/services': {
        status: 201,
        body: {
          message: 'Master service added successfully!',
          master_service_id: 3,
          installer_id: 7,
          description: 'Roof PPF',
          service_category: 'PPF',
          duration_days: 2,
          installer_category: 'Paint',
          data_collect: 'N',
          market_size: null,
          notes: null,
          services: [],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'ADD NEW SERVICE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Service' });
    await user.clear(within(dialog).getByLabelText(/^Duration \(days\)/));
    await user.click(within(dialog).getByRole('button', { name: 'ADD SERVICE' }));
    for (const message of [
      'Description is required',
      'Duration must be greater than 0',
      'Large retail price is required',
      'Medium retail price is required',
      'Small retail price is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText(/^Description/)).toHaveFocus();
    expect(server.callsTo('POST', '/api/services')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Description/), 'Roof PPF');
    await user.type(within(dialog).getByLabelText(/^Duration \(days\)/), '2');
    await user.type(within(dialog).getByLabelText(/^Large retail price/), '600');
    await user.type(within(dialog).getByLabelText(/^Medium retail price/), '550.5');
    await user.type(within(dialog).getByLabelText(/^Small retail price/), '500');
    await user.type(within(dialog).getByLabelText(/^Large wholesale price/), '510');
    await user.click(within(dialog).getByRole('button', { name: 'ADD SERVICE' }));
    expect(await screen.findByText('Master service added successfully!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/services')[0]?.body).toEqual({
      installerId: 7,
      serviceCategory: 'PPF',
      description: 'Roof PPF',
      durationDays: '2',
      retailPrices: { L: '600', M: '550.5', S: '500' },
      wholesalePrices: { L: '510', M: '', S: '' },
    });
  }, 20_000);

  it('updates the selected service through one of its price rows, with its prices filled in', async () => {
    const { server, user } = renderPanel({
      'PUT /api/service/10/7': { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Boom' } },
    });
    await chooseService(user, 'Full Front PPF');
    await user.click(screen.getByRole('button', { name: 'UPDATE SERVICE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Service' });
    expect(within(dialog).getByLabelText(/^Medium wholesale price/)).toHaveValue('1615.00');
    expect(within(dialog).getByLabelText(/^Small wholesale price/)).toHaveValue('');
    await user.click(
      within(dialog).getByRole('button', { name: 'Fill empty wholesale prices at 15% margin' }),
    );
    expect(within(dialog).getByLabelText(/^Small wholesale price/)).toHaveValue('1445.00');
    await user.click(within(dialog).getByRole('button', { name: 'UPDATE SERVICE' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error updating service: Boom');
    expect(server.callsTo('PUT', '/api/service/10/7')[0]?.body).toMatchObject({
      description: 'Full Front PPF',
      wholesalePrices: { L: '1870.00', M: '1615.00', S: '1445.00' },
    });
  });

  it('deletes after the confirmation, and says why it cannot (M173, M174)', async () => {
    let answer: FakeAnswer = {
      status: 409,
      body: { code: 'CONFLICT', message: 'Hood PPF is used by 1 open request' },
    };
    const { server, user } = renderPanel({ 'DELETE /api/service/2/7': () => answer });
    await chooseService(user, 'Hood PPF');
    await user.click(screen.getByRole('button', { name: 'DELETE SERVICE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Service' });
    expect(dialog).toHaveTextContent(
      'All retail and wholesale pricing for all sizes (Large, Medium and Small) will be removed. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'DELETE SERVICE' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error deleting service: Hood PPF is used by 1 open request',
    );
    answer = { body: { message: 'Master service deleted successfully!', master_service_id: 2 } };
    await user.click(within(dialog).getByRole('button', { name: 'DELETE SERVICE' }));
    expect(await screen.findByText('Master service deleted successfully!')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/service/2/7')).toHaveLength(2);
  });

  it('says M175 when the catalog cannot be loaded, and offers to try again', async () => {
    renderPanel({ 'GET /api/categories/7': { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    expect(
      await screen.findByText('Failed to load service catalog - Using sample data for demonstration.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows the empty catalog, and nothing to change to an ASSIST user', async () => {
    renderPanel({ 'GET /api/categories/7': { body: [] } }, buildUser({ ...installer, access: 'ASSIST' }));
    expect(await screen.findByText('Your catalog has no services yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ADD NEW SERVICE' })).not.toBeInTheDocument();
  });
});
