import { addDays } from '@app/domain/scheduling/dates';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, shellFakes, signInAs } from '../../test/fixtures';
import { buildCatalogService, buildVinReply, FIXTURE_VIN } from '../request-wizard/request-wizard.fixtures';
import { buildEstimate, buildService } from '../service-requests/service-requests.fixtures';
import { DROP_OFF_FORMAT, dropOffWindow } from './drop-off';
import { EstimateWizardPage } from './estimate-wizard-page';
import { REFERRAL_ADVANCE_MS } from './referral-start';

const installer = buildUser({ userType: 'installer', companyId: 7 });
const customer = {
  customer_id: 41,
  customerId: 41,
  customer_name: 'Rita Retail',
  customer_Email_Address: 'rita@example.test',
  customer_phone_number: '5551234567',
  customer_address: null,
  customer_type: 'Prospect',
  owning_installer: 7,
  stripe_customer_id: null,
  dealer_id: null,
};
const storedVehicle = {
  Vehicle_ID: 61,
  id: 61,
  vehicleId: 61,
  Year: 2019,
  Make: 'Toyota',
  Model: 'Camry',
  Trim: 'LE',
  Style: 'Sedan',
  body: 'Sedan',
  bodyStyle: 'Sedan',
  id_car_make: 8,
  id_car_model: 9,
  id_car_trim: 10,
  color: null,
  series: null,
  VIN: '4T1B11HK5KU123456',
  vin: '4T1B11HK5KU123456',
  vinAvailable: true,
  stock: null,
  size: 'M',
  id_car_type: 'M',
  img_url: null,
};
const bumper = buildCatalogService({
  service_id: 21,
  master_service_id: 210,
  description: 'Bumper Repaint',
  service_cost: 484.5,
  catalog: 'RETAIL',
});
const customWork = buildCatalogService({
  service_id: 23,
  master_service_id: 230,
  description: 'Custom Work',
  service_cost: 0,
  is_custom: true,
  catalog: 'RETAIL',
});
const created = {
  success: true,
  requestId: 99,
  Request_id: 99,
  id: 99,
  requestType: 'installer',
  currentState: 'scheduled',
  assignedTo: 7,
  dueDate: null,
  totalsPending: false,
  totals: {
    requestTotal: 564.5,
    requestDiscount: 48.45,
    requestFee: 25.8,
    requestTaxes: 0,
    requestDuration: 1.5,
    customerTotal: 516.05,
    serviceRequested: 'Paint - Badge removal + 1',
    retailTotal: null,
    margin: null,
  },
  services: [],
};

function fakes(extra: Record<string, FakeAnswer | FakeHandler> = {}) {
  return {
    ...shellFakes(installer),
    'POST /api/page-views': { status: 201, body: { success: true } },
    'GET /api/vin/': { body: buildVinReply() },
    'GET /api/makes/2003': { body: [{ id_car_make: 1, name: 'Honda' }] },
    'GET /api/models/20031': { body: [] },
    'GET /api/trims/2': { body: [] },
    'GET /api/categories/7': { body: [{ service_category: 'Paint', category: 'Paint' }] },
    'GET /api/services/7/M/RETAIL/Paint/3': { body: [bumper, customWork] },
    'GET /api/installerCalendars/7': { body: [] },
    // The specialist's sales tax (retail work): 7.5 %.
    'GET /api/taxes/7': {
      body: { id: 'txr_7', percentage: 7.5, installer_id: 7, display_name: 'Sales tax', inclusive: false },
    },
    'GET /api/availability/7': {
      body: {
        nextStart: null,
        requestedDate: '2030-01-02',
        meetsDeadline: true,
        warning: null,
        draftConflicts: [],
      },
    },
    'POST /api/requestimates/': { body: created },
    'GET /api/requestimates/list/': {
      body: { items: [], total: 0, limit: 50, offset: 0, next_cursor: null },
    },
    ...extra,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The wizard at /newestimate with navigation state (the referrals screen passes its lead this way). */
function renderWizard(extra: Record<string, FakeAnswer | FakeHandler> = {}, state?: unknown) {
  signInAs(installer);
  const server = installFakeFetch(fakes(extra));
  const router = createMemoryRouter(
    [
      {
        path: '/newestimate',
        element: (
          <>
            <EstimateWizardPage />
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [{ pathname: '/newestimate', state }] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { server, user: userEvent.setup() };
}

const referralState = {
  referral: { referral_id: 5, customer_id: 41, customer_name: 'Rita Retail', VIN: FIXTURE_VIN.toLowerCase() },
};

async function toWorkFromReferral(extra: Record<string, FakeAnswer | FakeHandler> = {}) {
  const view = renderWizard(extra, referralState);
  expect(await screen.findByText('Step 3 of 5: Work', {}, { timeout: 5_000 })).toBeInTheDocument();
  return view;
}

describe('installer estimate wizard', { timeout: 40_000 }, () => {
  it('with referral data it starts with the customer, decodes the vehicle and moves to Work after 500 ms', async () => {
    renderWizard({}, referralState);
    expect(screen.getByTestId('referral-start')).toHaveTextContent('From referral #5 for Rita Retail');
    expect(screen.getByText('Step 2 of 5: Vehicle')).toBeInTheDocument();
    expect(await screen.findByTestId('vehicle-summary')).toHaveTextContent('2003 Honda Accord EX');
    const completeAt = performance.now();
    // Still on the Vehicle step right after the vehicle is complete…
    expect(screen.getByText('Step 2 of 5: Vehicle')).toBeInTheDocument();
    expect(await screen.findByText('Step 3 of 5: Work')).toBeInTheDocument();
    // …and on the Work step only after the wait.
    expect(performance.now() - completeAt).toBeGreaterThanOrEqual(REFERRAL_ADVANCE_MS - 50);
    expect(await screen.findByRole('button', { name: 'Add Bumper Repaint' })).toBeInTheDocument();
  });

  it('ignores navigation state that is not a referral', async () => {
    renderWizard({ 'GET /api/customers': { body: [] } }, { referral: { referral_id: 5 } });
    expect(screen.getByText('Step 1 of 5: Customer')).toBeInTheDocument();
    expect(screen.queryByTestId('referral-start')).not.toBeInTheDocument();
  });

  it('custom service: cost 0 opens the dialog, closing without saving removes it; the discount popup takes a percent; the booking sends both', async () => {
    const { user, server } = await toWorkFromReferral({
      'GET /api/readAppt/99': {
        body: {
          requestId: 99,
          installerId: 7,
          linked: true,
          synced: false,
          eventId: null,
          appointment: null,
        },
      },
      'PUT /api/addAppt/': {
        body: { success: true, requestId: 99, eventId: 'evt-99', alreadySynced: false },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Custom Work' }));
    let dialog = await screen.findByRole('dialog', { name: 'Custom service' });
    expect(within(dialog).getByText('Enter the Description, Cost and Time Estimate')).toBeInTheDocument();
    expect(screen.getAllByTestId('selected-service')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryAllByTestId('selected-service')).toHaveLength(0));

    await user.click(screen.getByRole('button', { name: 'Add Custom Work' }));
    dialog = await screen.findByRole('dialog', { name: 'Custom service' });
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(within(dialog).getByText('Enter a description')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a cost above $0.00')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Badge removal');
    await user.type(within(dialog).getByRole('textbox', { name: 'Cost' }), '80');
    await user.type(within(dialog).getByRole('textbox', { name: 'Time estimate (days)' }), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('selected-service')).toHaveTextContent('Badge removal — $80.00 · 0.5 day(s)');

    await user.click(screen.getByRole('button', { name: 'Add Bumper Repaint' }));
    await user.click(screen.getByRole('button', { name: 'Discount Bumper Repaint' }));
    dialog = await screen.findByRole('dialog', { name: 'Service Discount: Bumper Repaint' });
    await user.click(within(dialog).getByText('Percent (%)'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Discount percent' }), '10');
    expect(within(dialog).getByTestId('discount-preview')).toHaveTextContent(
      'Discount $48.45 · New price $436.05',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply discount' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('line-discount')).toHaveTextContent('Discount −$48.45 (10%) · $436.05');

    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Keys at the desk');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    // The last step sums up vehicle, services, customer, notes and the drop-off deadline (001 §2.3)…
    const summary = await screen.findByTestId('estimate-summary');
    expect(summary).toHaveTextContent('CustomerRita Retail');
    expect(summary).toHaveTextContent('ServicesBadge removal, Bumper Repaint');
    expect(summary).toHaveTextContent('NotesKeys at the desk');
    expect(summary).toHaveTextContent(
      `Drop-off deadline${dayjs(dropOffWindow().earliest).format(DROP_OFF_FORMAT)}`,
    );
    // …and the total the customer pays with the specialist's tax: 516.05 + 7.5 % (38.70).
    const total = screen.getByRole('region', { name: 'Running total' });
    await waitFor(() => expect(total).toHaveAttribute('aria-busy', 'false'));
    expect(within(total).getByRole('row', { name: /^Discount/ })).toHaveTextContent('−$48.45');
    expect(within(total).getByRole('row', { name: /^Tax \(7\.5%\)/ })).toHaveTextContent('$38.70');
    expect(within(total).getByRole('row', { name: /^Customer pays/ })).toHaveTextContent('$554.75');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jobs'));
    const body = server.callsTo('POST', '/api/requestimates/')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      requestType: 'installer',
      customerId: 41,
      currentState: 'scheduled',
      availableDate: dropOffWindow().earliest,
      // The decoded vehicle is recorded by the same call (no POST /vehicles of its own).
      vehicle: { year: 2003, make: 'Honda', model: 'Accord', trim: 'EX' },
      services: [
        { serviceId: 23, customDescription: 'Badge removal', serviceAmount: 80, serviceDuration: 0.5 },
        { serviceId: 21, serviceDiscountPercent: 10 },
      ],
    });
    // The referral is marked ESTIMATE_CREATED by the same call, in the same transaction.
    expect(body.referralId).toBe(5);
    expect(server.callsTo('POST', '/api/requestimates/')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/vehicles')).toHaveLength(0);
    expect(server.callsTo('PUT', '/api/referrals')).toHaveLength(0);
    // The booking goes on the linked calendar (001 §4: GET /readAppt, then PUT /addAppt/).
    expect(server.callsTo('PUT', '/api/addAppt/').map((c) => c.body)).toEqual([
      { request: 99, installerId: 7 },
    ]);
  });

  it("offers the customer's previous vehicles, then loads a previous job's services", async () => {
    const { user, server } = renderWizard({
      'GET /api/customers': { body: [customer] },
      'GET /api/vehicles/41/7': { body: [storedVehicle] },
      'GET /api/getcustomerjobs/41/7': {
        body: [
          {
            requestId: 77,
            Request_id: 77,
            requestType: 'installer',
            currentState: 'finished',
            current_state: 'finished',
            availableDate: '2026/03/02 00:00:00',
            serviceRequested: 'Paint - Bumper Repaint + 1',
            requestTotal: 564.5,
            vehicleId: 61,
            vin: storedVehicle.VIN,
            vehicleYear: 2019,
            vehicleMake: 'Toyota',
            vehicleModel: 'Camry',
            vehicleTrim: 'LE',
          },
        ],
      },
      'GET /api/requestimates/requestbyID/': {
        body: buildEstimate({
          requestId: 77,
          vehicleYear: 2019,
          vehicleMake: 'Toyota',
          vehicleModel: 'Camry',
        }),
      },
      'GET /api/requestService/77': {
        body: [
          buildService({ requestId: 77, service_id: 501, master_service_id: 210, position: 0 }),
          buildService({
            requestId: 77,
            service_id: 502,
            master_service_id: 230,
            position: 1,
            description: 'Custom Work',
            custom_description: 'Badge removal',
            service_amount: 80,
            service_cost: 80,
            service_duration: 0.5,
          }),
          buildService({
            requestId: 77,
            service_id: 503,
            master_service_id: 999,
            position: 2,
            description: 'Wheel Coating',
          }),
        ],
      },
      'GET /api/services/7/M/RETAIL/Paint/10': { body: [bumper, customWork] },
      'GET /api/services/7/M/RETAIL/All/10': { body: [bumper, customWork] },
    });
    const search = screen.getByRole('combobox', { name: 'Search customers' });
    await user.click(search);
    await user.click(await screen.findByRole('option', { name: 'Rita Retail' }));
    await user.click(screen.getByRole('button', { name: 'NEXT' }));

    const vehicles = await screen.findByRole('dialog', { name: 'Previous vehicles' });
    expect(
      within(vehicles).getByText("Select one of customer's previous vehicles or Add a new one"),
    ).toBeInTheDocument();
    expect(
      within(vehicles)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Year', 'Make', 'Model', 'Trim', 'Style']);
    await user.click(within(vehicles).getByRole('button', { name: 'Select 2019 Toyota Camry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('vehicle-summary')).toHaveTextContent('2019 Toyota Camry LE');
    expect(server.callsTo('GET', '/api/vehicles/41/7')[0]?.url.searchParams.get('type')).toBe('customer');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));

    const jobs = await screen.findByRole('dialog', { name: 'Jobs completed for Rita Retail' });
    expect(
      within(jobs).getByText("Select one of Rita Retail's previous jobs or Add a new one"),
    ).toBeInTheDocument();
    expect(within(jobs).getByText('Select the job to load the services')).toBeInTheDocument();
    expect(within(jobs).getByTestId('previous-job')).toHaveTextContent('2026/03/02');
    await user.click(within(jobs).getByRole('button', { name: 'Load services of job 77' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('GET', '/api/requestimates/requestbyID/')[0]?.url.searchParams.get('Id')).toBe(
      '77',
    );
    expect(screen.getAllByTestId('selected-service').map((el) => el.textContent)).toEqual([
      expect.stringContaining('Bumper Repaint — $484.50'),
      expect.stringContaining('Badge removal — $80.00 · 0.5 day(s)'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Loaded 2 service(s) from job #77 (2019 Toyota Camry). Not offered for this vehicle: Wheel Coating.',
    );
    expect(screen.getByRole('button', { name: 'NEXT' })).toBeEnabled();
  });
});

describe('installer drop-off date', { timeout: 40_000 }, () => {
  it('disables fully booked days, proposes the next free one and shows the server 409 inline', async () => {
    const { earliest } = dropOffWindow();
    const next = addDays(earliest, 1);
    const { user } = await toWorkFromReferral({
      'GET /api/installerCalendars/7': {
        body: [{ workDate: earliest, capacity: 16, installerCapacity: 8, blocked: true }],
      },
      'POST /api/requestimates/': {
        status: 409,
        body: { code: 'CONFLICT', message: `${next} is fully booked` },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Bumper Repaint' }));
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    const picker = await screen.findByRole('button', { name: 'Drop-off date' });
    await waitFor(() => expect(picker).toHaveTextContent(dayjs(next).format(DROP_OFF_FORMAT)));
    await user.click(picker);
    const blockedDay = await screen.findByRole('button', { name: dayjs(earliest).format('D MMMM YYYY') });
    expect(blockedDay).toBeDisabled();
    expect(blockedDay).toHaveAttribute('title', 'Fully booked');
    expect(screen.getByRole('button', { name: dayjs(next).format('D MMMM YYYY') })).toBeEnabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText(`${next} is fully booked`)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/newestimate');
  });
});
