import type {
  TModelOverridesReply,
  TTrimOverride,
  TVehicleCatalogRow,
} from '@app/contracts/vehicle-catalog.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { VehiclesPage } from './vehicles-page';

const installer = buildUser({ userType: 'installer', userId: 12, companyId: 7 });

let nextTrim = 100;
function trim(
  make: string,
  model: string,
  name: string,
  extra: Partial<TVehicleCatalogRow> = {},
): TVehicleCatalogRow {
  nextTrim += 1;
  return {
    id_car_trim: nextTrim,
    id_car_make: make === 'Toyota' ? 1 : make === 'Honda' ? 2 : 3,
    id_car_model: model === 'Camry' ? 11 : model === 'Civic' ? 21 : model === 'Accord' ? 22 : 31,
    make_name: make,
    model_name: model,
    trim_name: name,
    body_style: 'Sedan',
    id_car_type: 'M',
    start_production_year: 2015,
    end_production_year: 2020,
    override_count: 0,
    ...extra,
  };
}

const rows: TVehicleCatalogRow[] = [
  trim('Honda', 'Accord', 'EX'),
  trim('Honda', 'Civic', 'LX', { start_production_year: 2016, end_production_year: null }),
  trim('Toyota', 'Camry', 'LE', { override_count: 2 }),
  trim('Toyota', 'Camry', 'XSE', {
    start_production_year: 2018,
    end_production_year: 2024,
    override_count: 1,
  }),
];
const camryLe = rows[2] as TVehicleCatalogRow;
const camryXse = rows[3] as TVehicleCatalogRow;

const override = (
  id: number,
  serviceId: number,
  catalog: 'RETAIL' | 'WHOLE',
  trimId: number,
  price: number,
): TTrimOverride => ({
  id,
  service_id: serviceId,
  master_service_id: 5,
  catalog,
  override_price: price,
  override_price_cents: Math.round(price * 100),
  idCarTrim: trimId,
});

const camryModal: TModelOverridesReply = {
  id_car_model: 11,
  make_name: 'Toyota',
  model_name: 'Camry',
  trims: [camryLe, camryXse].map((t) => ({
    id_car_trim: t.id_car_trim,
    trim_name: t.trim_name,
    body_style: 'Sedan',
    id_car_type: 'M' as const,
  })),
  services: [
    {
      master_service_id: 5,
      service_category: 'PPF',
      description: 'Full Front PPF',
      rows: [
        {
          service_id: 51,
          catalog: 'WHOLE',
          vehicle_size: 'M',
          service_cost: 1615,
          service_cost_cents: 161_500,
        },
        {
          service_id: 52,
          catalog: 'RETAIL',
          vehicle_size: 'M',
          service_cost: 1900,
          service_cost_cents: 190_000,
        },
      ],
    },
    {
      master_service_id: 6,
      service_category: 'Glass/Tint',
      description: 'Ceramic Tint',
      rows: [
        {
          service_id: 61,
          catalog: 'RETAIL',
          vehicle_size: 'M',
          service_cost: 550,
          service_cost_cents: 55_000,
        },
      ],
    },
  ],
  overrides: [
    override(901, 52, 'RETAIL', camryLe.id_car_trim, 2000),
    override(902, 52, 'RETAIL', camryXse.id_car_trim, 2100),
    override(903, 51, 'WHOLE', camryLe.id_car_trim, 1500),
  ],
};

/** The input of a labelled field (Mantine's selects also label their listbox). */
function inputOf(root: Pick<typeof screen, 'getAllByLabelText'>, label: string | RegExp): HTMLInputElement {
  const input = root.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input as HTMLInputElement;
}

function renderScreen(handlers: Record<string, FakeAnswer | FakeHandler> = {}) {
  signInAs(installer, { kind: 'installer', record: buildInstallerRecord({ Installer_id: 7 }) });
  const server = installFakeFetch({
    'POST /api/page-views': { status: 201, body: { success: true } },
    'GET /api/vehiclescatalog/7': { body: rows },
    'GET /api/makes': {
      body: [
        { id_car_make: 1, name: 'Toyota' },
        { id_car_make: 2, name: 'Honda' },
      ],
    },
    'GET /api/service-overrides-model/7/11': { body: camryModal },
    ...handlers,
  });
  renderWithProviders(<VehiclesPage />, '/vehicles');
  return { server, user: userEvent.setup() };
}

describe('VehiclesPage', { timeout: 30_000 }, () => {
  it('groups the trims by make and model, sorted by make, with the counts and year ranges', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Vehicle groups' });
    expect(screen.getByText('3 vehicle group(s) found (4 individual vehicles)')).toBeInTheDocument();
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Accord',
      'Civic',
      'Camry',
    ]);
    expect(within(body[1] as HTMLElement).getByText('2016-Present')).toBeInTheDocument();
    expect(within(body[2] as HTMLElement).getByText('2015-2024')).toBeInTheDocument();
    expect(
      within(body[2] as HTMLElement).getByRole('button', { name: /3 override\(s\)/ }),
    ).toBeInTheDocument();
    expect(within(body[0] as HTMLElement).getByRole('button', { name: /Add overrides/ })).toBeInTheDocument();
    // Make descending.
    await userEvent.click(within(table).getByRole('button', { name: 'Make' }));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Camry');
    expect(within(table).getByRole('columnheader', { name: 'Make' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('searches make, model or trim and filters by make; says when nothing is found', async () => {
    const { user } = renderScreen();
    await screen.findByRole('table', { name: 'Vehicle groups' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'xse');
    expect(await screen.findByText('1 vehicle group(s) found (2 individual vehicles)')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like it');
    expect(await screen.findByText('No vehicle groups found')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(inputOf(screen, 'Make'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All Makes', 'Honda', 'Toyota']);
    await user.click(screen.getByRole('option', { name: 'Honda' }));
    expect(await screen.findByText('2 vehicle group(s) found (2 individual vehicles)')).toBeInTheDocument();
  });

  it('says M185 with Try Again when the catalog cannot be loaded', async () => {
    let fails = true;
    const { user } = renderScreen({
      'GET /api/vehiclescatalog/7': () =>
        fails ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : { body: rows },
    });
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Vehicle groups' })).toBeInTheDocument();
  });

  it('lists a model’s trims in the trims modal', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: '2 trim(s) of Toyota Camry' }));
    const trims = await screen.findByRole('table', { name: 'Trims' });
    expect(
      within(trims)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Trim', 'Body Style', 'Size']);
    expect(within(trims).getByText('XSE')).toBeInTheDocument();
  });

  it('shows the overrides with their badges, sets a price for all trims in one call and deletes after confirming', async () => {
    const { server, user } = renderScreen({
      'POST /api/service-model-overrides': {
        body: { id_car_model: 11, master_service_id: 5, trim_count: 2, overrides: [] },
      },
      'DELETE /api/service-trim-overrides/903': { body: { success: true, id: 903 } },
    });
    await user.click(await screen.findByRole('button', { name: /3 override\(s\): Toyota Camry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Service Overrides: Toyota Camry' });
    expect(await within(dialog).findByText('2 service(s)')).toBeInTheDocument();
    const front = within(dialog).getByRole('button', { name: /Full Front PPF/ });
    expect(front).toHaveTextContent('M · Retail $1,900.00 · Wholesale $1,615.00');
    expect(front).toHaveTextContent('2 trim(s)');
    // Retail overrides differ between LE and XSE: the conflict warning, no Model Override badge.
    expect(within(front).getByRole('img', { name: 'Trim prices differ' })).toBeInTheDocument();
    expect(front).not.toHaveTextContent('Model Override');

    await user.click(front);
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Retail' })[0] as HTMLElement, '2222.5');
    await user.click(within(dialog).getByRole('button', { name: 'Set All' }));
    await expect.poll(() => server.callsTo('POST', '/api/service-model-overrides').length).toBe(1);
    expect(server.callsTo('POST', '/api/service-model-overrides')[0]?.body).toEqual({
      installerId: 7,
      modelId: 11,
      masterServiceId: 5,
      retailPrice: 2222.5,
    });
    expect(server.callsTo('POST', '/api/service-trim-overrides')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete the wholesale override of LE' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete override' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this service override?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => server.callsTo('DELETE', '/api/service-trim-overrides/903').length).toBe(1);
  });

  it('asks Add Override for a trim and a price, then saves each catalog priced for that trim', async () => {
    const { server, user } = renderScreen({
      'POST /api/service-trim-overrides': (request) => ({
        body: {
          ...override(950, 52, 'RETAIL', camryXse.id_car_trim, 1),
          created: true,
          ...(request.body as object),
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: /3 override\(s\): Toyota Camry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Service Overrides: Toyota Camry' });
    await user.click(await within(dialog).findByRole('button', { name: /Full Front PPF/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Override' }));
    expect(await within(dialog).findByText('Enter a retail or a wholesale price')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Retail price' }), '1999.99');
    await user.type(within(dialog).getByRole('textbox', { name: 'Wholesale price' }), '1700');
    await user.click(within(dialog).getByRole('button', { name: 'Add Override' }));
    expect(await within(dialog).findByText('Choose a trim')).toBeInTheDocument();
    await user.click(inputOf(within(dialog), /^Trim$/));
    await user.click(await screen.findByRole('option', { name: 'XSE' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Override' }));
    await expect.poll(() => server.callsTo('POST', '/api/service-trim-overrides').length).toBe(2);
    expect(server.callsTo('POST', '/api/service-trim-overrides').map((c) => c.body)).toEqual([
      {
        serviceId: 52,
        installerId: 7,
        catalog: 'RETAIL',
        idCarTrim: camryXse.id_car_trim,
        overridePrice: 1999.99,
      },
      {
        serviceId: 51,
        installerId: 7,
        catalog: 'WHOLE',
        idCarTrim: camryXse.id_car_trim,
        overridePrice: 1700,
      },
    ]);
  });

  it('adds a vehicle: new make, then an existing model locks the size and a known trim disables the button', async () => {
    const year = String(new Date().getFullYear());
    const { server, user } = renderScreen({
      [`GET /api/makes/${year}`]: { body: [{ id_car_make: 1, name: 'Toyota' }] },
      [`GET /api/models/${year}1`]: {
        body: [{ id_car_model: 11, id_car_make: 1, name: 'Camry', vehicleSize: 'L', id_car_type: 'L' }],
      },
      'GET /api/trims/11': {
        body: [
          {
            id_car_trim: 5,
            id_car_model: 11,
            name: 'LE',
            body_style: 'Sedan',
            start_production_year: 2015,
            end_production_year: null,
            id_car_type: 'L',
          },
        ],
      },
      'POST /api/vehiclesadd': { status: 409, body: { code: 'CONFLICT', message: 'Trim Already Exists' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add New Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Vehicle' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));
    expect(within(dialog).getByText('Please enter a valid year')).toBeInTheDocument();
    expect(within(dialog).getByText('Make is required')).toBeInTheDocument();
    await user.click(inputOf(within(dialog), /^Year/));
    await user.click(await screen.findByRole('option', { name: year }));
    await user.type(inputOf(within(dialog), /^Make/), 'Zeta');
    expect(await within(dialog).findByText('(New Make)')).toBeInTheDocument();
    await user.clear(inputOf(within(dialog), /^Make/));
    await user.type(inputOf(within(dialog), /^Make/), 'toyota');
    await user.type(inputOf(within(dialog), /^Model/), 'Camr');
    expect(await within(dialog).findByText('(New Model)')).toBeInTheDocument();
    await user.type(inputOf(within(dialog), /^Model/), 'y');
    await expect.poll(() => inputOf(within(dialog), /^Size/).disabled).toBe(true);
    expect(inputOf(within(dialog), /^Size/)).toHaveValue('Large (L)');
    await user.type(inputOf(within(dialog), /^Trim/), 'le');
    expect(await within(dialog).findByRole('button', { name: 'Trim Already Exists' })).toBeDisabled();
    expect(server.callsTo('POST', '/api/vehiclesadd')).toHaveLength(0);
  });

  it('knows a make and model built only in other years (the catalog’s rows): size locked, known trim refused', async () => {
    const year = String(new Date().getFullYear());
    const { user } = renderScreen({
      [`GET /api/makes/${year}`]: { body: [] },
      [`GET /api/models/${year}2`]: { body: [] },
      'GET /api/trims/21': { body: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Add New Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Vehicle' });
    await user.click(inputOf(within(dialog), /^Year/));
    await user.click(await screen.findByRole('option', { name: year }));
    await user.type(inputOf(within(dialog), /^Make/), 'honda');
    await user.type(inputOf(within(dialog), /^Model/), 'civic');
    expect(within(dialog).queryByText('(New Make)')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('(New Model)')).not.toBeInTheDocument();
    expect(inputOf(within(dialog), /^Size/)).toBeDisabled();
    expect(inputOf(within(dialog), /^Size/)).toHaveValue('Medium (M)');
    await user.type(inputOf(within(dialog), /^Trim/), 'LX');
    expect(await within(dialog).findByRole('button', { name: 'Trim Already Exists' })).toBeDisabled();
  });
});
