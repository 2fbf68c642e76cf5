import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, shellFakes, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { buildRequest, buildService } from '../service-requests/service-requests.fixtures';
import { buildCatalogService, buildVinReply } from './request-wizard.fixtures';
import { RequestWizardPage } from './request-wizard-page';

const dealer = buildUser({ userType: 'dealer', access: 'STANDARD', companyId: 5 });
const VIN = '1HGCM82633A004352';

const specialist = {
  Installer_id: 3,
  Installer_Name: 'Elite Auto Film',
  dealer_preferred: 1,
  distance_miles: 4,
  installer_category: 'Paint',
  categories: ['Paint'],
  is_default_vendor: false,
};

function baseFakes(extra: Record<string, FakeAnswer | FakeHandler> = {}) {
  return {
    ...shellFakes(dealer),
    'POST /api/page-views': { status: 201, body: { success: true } },
    'GET /api/installerProximity/5/All': { body: [specialist] },
    'GET /api/vin/': { body: buildVinReply(VIN) },
    'GET /api/makes/2003': { body: [{ id_car_make: 1, name: 'Honda' }] },
    'GET /api/models/20031': { body: [] },
    'GET /api/trims/2': { body: [] },
    'GET /api/categories/0': { body: [{ service_category: 'Paint', category: 'Paint' }] },
    'GET /api/services/0/M/WHOLE/Paint/5/3': {
      body: [
        buildCatalogService({ service_id: 21, description: 'Bumper Repaint' }),
        buildCatalogService({ service_id: 22, description: 'Ceramic Coating', service_cost: 969 }),
      ],
    },
    'GET /api/dealer/5/team': { body: [] },
    ...extra,
  };
}

function renderWizard(extra: Record<string, FakeAnswer | FakeHandler> = {}) {
  signInAs(dealer);
  const server = installFakeFetch(baseFakes(extra));
  const view = renderWithProviders(<RequestWizardPage />, '/newrequestimates');
  return { ...view, server, user: userEvent.setup() };
}

async function chooseAny(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Specialist' }));
  await user.click(await screen.findByRole('option', { name: 'Any (1)' }));
}

/** Any specialist, the decoded VIN, these services, then Send Request. */
async function fillAndSend(user: ReturnType<typeof userEvent.setup>, services: string[]) {
  await chooseAny(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'VIN #' }), { target: { value: VIN } });
  await user.click(screen.getByRole('button', { name: 'Decode VIN' }));
  await screen.findByTestId('vehicle-summary');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  for (const name of services) await user.click(await screen.findByRole('button', { name: `Add ${name}` }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Send Request' }));
}

describe('dealer request wizard', { timeout: 30_000 }, () => {
  it('hides Previous on step 1 and keeps Next disabled until a specialist is chosen', async () => {
    const { user } = renderWizard();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await chooseAny(user);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('validates the VIN live and decodes it into the vehicle', async () => {
    const { user } = renderWizard();
    await chooseAny(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const vin = screen.getByRole('textbox', { name: 'VIN #' });
    fireEvent.change(vin, { target: { value: '1hgcm82633a00435' } });
    expect(
      screen.getByText('VIN # must be 17 characters (letters and numbers, excluding I, O, Q)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decode VIN' })).toBeDisabled();
    fireEvent.change(vin, { target: { value: `${(vin as HTMLInputElement).value}2` } });
    expect(vin).toHaveValue(VIN);
    expect(screen.queryByText(/VIN # must be 17 characters/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));
    expect(await screen.findByTestId('vehicle-summary')).toHaveTextContent('2003 Honda Accord EX');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('asks to confirm when the vehicle has live requests, and creates only after Continue', async () => {
    const created = {
      success: true,
      requestId: 99,
      Request_id: 99,
      id: 99,
      requestType: 'dealer',
      currentState: 'new',
      assignedTo: 0,
      dueDate: null,
      totalsPending: false,
      totals: {
        requestTotal: 1453.5,
        requestDiscount: 0,
        requestFee: 72.68,
        requestTaxes: 0,
        requestDuration: 2,
        customerTotal: 1453.5,
        serviceRequested: 'Paint - Bumper Repaint, Paint - Ceramic Coating',
        retailTotal: 1140,
        margin: 0,
      },
      services: [],
      vehicleId: 7,
      match: { matched: 1, offers: [] },
      notification: { success: true, queued: 1, recipients: ['elite@example.test'] },
    };
    const { user, server } = renderWizard({
      'POST /api/requests/check-duplicate': {
        body: [
          {
            requestId: 24,
            Request_id: 24,
            current_state: 'new',
            currentState: 'new',
            available_date: '2026/11/22 00:00:00',
            availableDate: '2026/11/22 00:00:00',
            requestType: 'dealer',
            serviceRequested: 'Paint',
            vin: VIN,
            vehicleYear: 2003,
            vehicleMake: 'Honda',
            vehicleModel: 'Accord',
            vehicleTrim: 'EX',
            matchedBy: 'vin',
          },
        ],
      },
      'POST /api/requestimates/': { body: created },
    });
    await fillAndSend(user, ['Bumper Repaint', 'Ceramic Coating']);

    expect(await screen.findByTestId('duplicate-text')).toHaveTextContent(
      'We found 1 existing estimate(s) and job(s) for this 2003 Honda Accord: #24 new (available 2026/11/22 00:00:00). Do you want to continue creating a new request?',
    );
    expect(server.callsTo('POST', '/api/requestimates/')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText("We'll take it from here")).toBeInTheDocument();
    expect(screen.getByTestId('request-ending')).toHaveTextContent('$1,453.50');
    const body = server.callsTo('POST', '/api/requestimates/')[0]?.body as Record<string, unknown>;
    // One call: the server records the vehicle, offers the request and queues the e-mails in its transaction.
    expect(body).toMatchObject({
      requestType: 'dealer',
      assignedTo: 0,
      vehicle: { year: 2003, make: 'Honda', model: 'Accord', trim: 'EX', vin: VIN },
      matchAndNotify: true,
      notifyContactId: null,
    });
    expect(body.services).toEqual([
      { serviceId: 21, retailPrice: 570 },
      { serviceId: 22, retailPrice: 570 },
    ]);
    expect(server.callsTo('POST', '/api/requestimates/')).toHaveLength(1);
    for (const [method, path] of [
      ['POST', '/api/vehicles'],
      ['GET', '/api/matchAll/'],
      ['GET', '/api/matchA/'],
      ['GET', '/api/sendemailreq/99'],
    ] as const) {
      expect(server.callsTo(method, path)).toHaveLength(0);
    }
  });

  it('shows the server’s refusal of the creation and stays on the last step', async () => {
    const { user, server } = renderWizard({
      'POST /api/requests/check-duplicate': { body: [] },
      'POST /api/requestimates/': {
        status: 409,
        body: {
          code: 'CONFLICT',
          message: 'Specialist 3 cannot take request 99: it does not serve Paint for your dealership',
        },
      },
    });
    await fillAndSend(user, ['Bumper Repaint']);
    expect(
      await screen.findByText(
        'Specialist 3 cannot take request 99: it does not serve Paint for your dealership',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("We'll take it from here")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeEnabled();
    expect(server.callsTo('POST', '/api/requestimates/')).toHaveLength(1);
  });

  it('step 99 loads the services of a previous job, priced from the current catalog, and returns to Work', async () => {
    const previous = buildRequest({
      requestId: 31,
      vehicleYear: 2020,
      vehicleMake: 'Toyota',
      vehicleModel: 'RAV4',
    });
    const { user, server } = renderWizard({
      'GET /api/requestimates/list/': {
        body: { items: [previous], total: 1, limit: 50, offset: 0, next_cursor: null },
      },
      'GET /api/requestimates/requestbyID/': { body: previous },
      'GET /api/requestService/31': {
        body: [
          buildService({ requestId: 31, service_id: 301, master_service_id: 22, position: 0 }),
          buildService({
            requestId: 31,
            service_id: 302,
            master_service_id: 88,
            position: 1,
            description: 'Wheel Coating',
          }),
        ],
      },
      'GET /api/services/0/M/WHOLE/All/5/3': {
        body: [
          buildCatalogService({ service_id: 21, master_service_id: 21, description: 'Bumper Repaint' }),
          buildCatalogService({
            service_id: 22,
            master_service_id: 22,
            description: 'Ceramic Coating',
            service_cost: 969,
          }),
        ],
      },
    });
    await chooseAny(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'VIN #' }), { target: { value: VIN } });
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));
    await screen.findByTestId('vehicle-summary');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Dealers get neither discounts nor custom services.
    expect(await screen.findByRole('button', { name: 'Add Bumper Repaint' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load services from a previous job' }));

    expect(await screen.findByText('Services from a previous job')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    const row = await screen.findByTestId('previous-job');
    expect(row).toHaveTextContent('2020 Toyota RAV4');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('button', { name: 'Add Bumper Repaint' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load services from a previous job' }));
    await user.click(await screen.findByRole('button', { name: 'Load services of job 31' }));

    expect(await screen.findByRole('button', { name: 'Add Bumper Repaint' })).toBeInTheDocument();
    expect(screen.getAllByTestId('selected-service').map((el) => el.textContent)).toEqual([
      expect.stringContaining('Ceramic Coating — $969.00'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Loaded 1 service(s) from job #31 (2020 Toyota RAV4). Not offered for this vehicle: Wheel Coating.',
    );
    expect(screen.queryByRole('button', { name: /^Discount / })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/requestimates/requestbyID/')[0]?.url.searchParams.get('Id')).toBe(
      '31',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
