import type { TSessionUser } from '@app/contracts/auth.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, FakeHandler } from '../../../test/fake-fetch';
import { installFakeFetch } from '../../../test/fake-fetch';
import { buildUser, shellFakes, signInAs } from '../../../test/fixtures';
import { renderApp, renderWithProviders } from '../../../test/render';
import { buildTransitionResult } from '../../lifecycle/lifecycle.fixtures';
import {
  buildEstimate,
  buildNote,
  buildOffer,
  buildRequest,
  buildService,
  detailFakes,
  listAnswer,
  serverError,
} from '../service-requests.fixtures';
import { ServiceRequestsPage } from './service-requests-page';

const dealer = buildUser({ userType: 'dealer', access: 'STANDARD' });
const installer = buildUser({ userType: 'installer', access: 'ADMIN' });

const newRequest = buildRequest({ requestId: 7 });
const answeredRequest = buildRequest({
  requestId: 8,
  currentState: 'answered',
  availableDate: '2026/01/06 14:00:00',
  serviceRequested: 'Paint - Paint Correction 1-Step',
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
});

function renderScreen(
  user: TSessionUser,
  path: string,
  handlers: Record<string, FakeAnswer | FakeHandler>,
  mode: 'requests' | 'jobs' | 'pickups' = 'requests',
) {
  signInAs(user);
  const server = installFakeFetch({
    'POST /api/page-views': { status: 201, body: { success: true } },
    ...handlers,
  });
  const view = renderWithProviders(<ServiceRequestsPage mode={mode} />, path);
  return { ...view, server };
}

function rows() {
  return within(screen.getByRole('list', { name: 'Requests list' })).getAllByRole('button');
}

describe('list', () => {
  it('shows each row with its date, service, vehicle, counterpart and state icon, and asks for the page', async () => {
    const { server } = renderScreen(installer, '/requestimates', {
      'GET /api/requestimates/list/': listAnswer([newRequest, buildEstimate({ currentState: 'new' })], 2),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the list' })).toBeInTheDocument();

    const [first, second] = await screen.findAllByRole('button', { name: /Mon Jan 5/ });
    expect(first).toHaveTextContent('Mon Jan 5');
    expect(first).toHaveTextContent('Glass/Tint - Windshield Tint');
    expect(first).toHaveTextContent('2022 Toyota Camry');
    // Installers see the dealership (or the retail customer) on each row.
    expect(first).toHaveTextContent('Sunrise Motors');
    expect(second).toHaveTextContent('Marcus Bennett');
    expect(within(first as HTMLElement).getByRole('img', { name: 'New' })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();

    const query = server.callsTo('GET', '/api/requestimates/list/')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ mode: 'requests', limit: '25', offset: '0' });
  });

  it('records one page view with the label of the role and mode', async () => {
    const { server } = renderScreen(
      dealer,
      '/jobs',
      { 'GET /api/requestimates/list/': listAnswer([newRequest]) },
      'jobs',
    );
    await screen.findByRole('button', { name: /Mon Jan 5/ });
    await waitFor(() => expect(server.callsTo('POST', '/api/page-views')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/page-views')[0]?.body).toEqual({
      label: 'dealerJobs',
      path: '/jobs',
    });

    // Selecting a row is not a new visit.
    await userEvent.setup().click(screen.getByRole('button', { name: /Mon Jan 5/ }));
    expect(server.callsTo('POST', '/api/page-views')).toHaveLength(1);
  });

  it('pages in the database: 50 per page and page 2 ask for offset 50', async () => {
    const { server } = renderScreen(dealer, '/requestimates?page=2&per=50', {
      'GET /api/requestimates/list/': {
        body: { items: [newRequest], total: 51, limit: 50, offset: 50, next_cursor: null },
      },
    });
    await screen.findByText('51–51 of 51');
    const query = server.callsTo('GET', '/api/requestimates/list/')[0]?.url.searchParams;
    expect(query?.get('limit')).toBe('50');
    expect(query?.get('offset')).toBe('50');
  });

  it('shows the failure with Retry, and Retry loads the list', async () => {
    let isDown = true;
    renderScreen(dealer, '/requestimates', {
      'GET /api/requestimates/list/': () => (isDown ? serverError : listAnswer([newRequest])),
    });
    expect(await screen.findByText('The list could not be loaded')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Mon Jan 5/ })).toBeInTheDocument();
  });

  it.each([
    ['dealer', 'New Request', '/newrequestimates/'],
    ['installer', 'New Estimate', '/newestimate/'],
  ] as const)('an empty list prompts a %s to create (%s)', async (userType, label, href) => {
    renderScreen(buildUser({ userType, access: 'STANDARD' }), '/requestimates', {
      'GET /api/requestimates/list/': listAnswer([]),
    });
    expect(await screen.findByText('There are no open requests or estimates here.')).toBeInTheDocument();
    // The prompt in the empty list and the header's link (issue 17).
    const links = screen.getAllByRole('link', { name: label });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', href);
  });

  it.each([
    ['dealer', 'requests', 'Requests', 'New Request', '/newrequestimates/'],
    ['dealer', 'jobs', 'Jobs', 'New Request', '/newrequestimates/'],
    ['installer', 'pickups', 'Pickups', 'New Estimate', '/newestimate/'],
    ['installer', 'requests', 'Requests', 'New Estimate', '/newestimate/'],
  ] as const)(
    'a %s reaches the wizard from the %s header while the list has rows',
    async (userType, mode, title, label, href) => {
      renderScreen(
        buildUser({ userType, access: 'STANDARD' }),
        mode === 'requests' ? '/requestimates' : `/${mode}`,
        { 'GET /api/requestimates/list/': listAnswer([newRequest]) },
        mode,
      );
      expect(await screen.findByRole('button', { name: /Mon Jan 5/ })).toBeInTheDocument();
      const header = screen.getByRole('heading', { name: title }).closest('[data-header-color]');
      expect(within(header as HTMLElement).getByRole('link', { name: label })).toHaveAttribute('href', href);
    },
  );

  it('an ASSIST user has no create link in the header of a list with rows', async () => {
    renderScreen(buildUser({ userType: 'dealer', access: 'ASSIST' }), '/requestimates', {
      'GET /api/requestimates/list/': listAnswer([newRequest]),
    });
    expect(await screen.findByRole('button', { name: /Mon Jan 5/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New Request|New Estimate/ })).not.toBeInTheDocument();
  });

  it.each(['dealer', 'installer'] as const)(
    'an empty list has no create prompt for a %s on ASSIST',
    async (userType) => {
      renderScreen(buildUser({ userType, access: 'ASSIST' }), '/requestimates', {
        'GET /api/requestimates/list/': listAnswer([]),
      });
      expect(await screen.findByText('There are no open requests or estimates here.')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /New Request|New Estimate/ })).not.toBeInTheDocument();
    },
  );
});

describe('selection', () => {
  it('puts the selection in the address, marks the row and shows help text, summary and actions', async () => {
    renderScreen(dealer, '/requestimates', {
      'GET /api/requestimates/list/': listAnswer([newRequest, answeredRequest]),
      ...detailFakes(answeredRequest, {
        notes: { body: [buildNote({ requestId: 8, note_text: 'Lot car, ready after 8am.' })] },
        services: { body: [buildService({ requestId: 8 })] },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Tue Jan 6/ }));

    expect(screen.getByTestId('location')).toHaveTextContent('/requestimates?id=8');
    expect(rows()[1]).toHaveAttribute('aria-current', 'true');
    // The detail's code loads on the first selection (a lazy chunk).
    expect(await screen.findByRole('note', { name: 'Help' })).toHaveTextContent(
      'You can assign this work to a responding installer',
    );
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('heading', { name: '2022 Honda Civic SE' })).toBeInTheDocument();
    expect(within(summary).getByText('Available')).toBeInTheDocument();
    expect(within(summary).getByText('Due')).toBeInTheDocument();
    expect(within(summary).getByText('Tue, Jan 6th 2026')).toBeInTheDocument();
    expect(within(summary).getByText('$450.00')).toBeInTheDocument();
    expect(within(summary).queryByText('incl. Sales Tax')).not.toBeInTheDocument();
    expect(await within(summary).findByText('Lot car, ready after 8am.')).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: /Map of the area around Sunrise Motors/ }),
    ).toHaveAttribute('href', expect.stringContaining('https://www.openstreetmap.org/search?query='));
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'delete' })).toBeEnabled();
    expect(await screen.findByText('Windshield Tint')).toBeInTheDocument();
  });

  it('opens the row of ?id= on load, and the arrow keys move the selection', async () => {
    renderScreen(dealer, '/requestimates?id=7', {
      'GET /api/requestimates/list/': listAnswer([newRequest, answeredRequest]),
      ...detailFakes(newRequest),
      ...detailFakes(answeredRequest),
    });
    expect(await screen.findByRole('note', { name: 'Help' })).toHaveTextContent(
      'We are waiting for responses on this requested work',
    );
    const [first, second] = rows();
    expect(first).toHaveAttribute('aria-current', 'true');
    first?.focus();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/requestimates?id=8'));
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('note', { name: 'Help' })).toHaveTextContent(
      'You can assign this work to a responding installer',
    );
  });

  it('Close details clears the selection', async () => {
    renderScreen(dealer, '/requestimates?id=7', {
      'GET /api/requestimates/list/': listAnswer([newRequest]),
      ...detailFakes(newRequest),
    });
    await screen.findByRole('region', { name: 'Summary' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close details' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/requestimates$/);
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
  });

  it('shows an installer estimate as Offered / Complete By incl. Sales Tax, with its deposit', async () => {
    const estimate = buildEstimate({ depositAmount: 150, depositIsPaid: true });
    renderScreen(installer, '/requestimates?id=21', {
      'GET /api/requestimates/list/': listAnswer([estimate]),
      ...detailFakes(estimate),
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Offered')).toBeInTheDocument();
    expect(within(summary).getByText('Complete By')).toBeInTheDocument();
    expect(within(summary).getByText('incl. Sales Tax')).toBeInTheDocument();
    expect(within(summary).getByText('$963.00')).toBeInTheDocument();
    expect(within(summary).getByText('Paid')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Help' })).toHaveTextContent(
      'We are waiting for you to complete the estimate details',
    );
  });

  it('selecting a service enables START SERVICE; pressing it starts that service and reloads the request', async () => {
    const job = buildRequest({ currentState: 'received', assignedTo: 7, installerName: 'Elite Auto Film' });
    const { server } = renderScreen(
      installer,
      '/jobs?id=7',
      {
        'GET /api/requestimates/list/': listAnswer([job]),
        'POST /api/requestimates/7/actions/startService': {
          body: buildTransitionResult({ message: 'Service started' }),
        },
        ...detailFakes(job, {
          services: {
            body: [
              buildService({ service_id: 101, description: 'Windshield Tint' }),
              buildService({ service_id: 102, description: 'Full Front PPF', service_state: 'finished' }),
            ],
          },
        }),
      },
      'jobs',
    );
    const actions = await screen.findByRole('region', { name: 'Actions' });
    const start = within(actions).getByRole('button', { name: 'START SERVICE' });
    expect(start).toBeDisabled();

    const user = userEvent.setup();
    const services = screen.getByRole('region', { name: 'Services' });
    await user.click(await within(services).findByRole('button', { name: /Full Front PPF/ }));
    expect(start).toBeDisabled();
    await user.click(within(services).getByRole('button', { name: /Windshield Tint/ }));
    expect(within(services).getByRole('button', { name: /Windshield Tint/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(start).toBeEnabled();

    const listCallsBefore = server.callsTo('GET', '/api/requestimates/list/').length;
    await user.click(start);
    expect(await screen.findByText('Service started')).toBeInTheDocument();
    const posts = server.callsTo('POST', '/api/requestimates/7/actions/startService');
    expect(posts.map((call) => call.body)).toEqual([{ serviceId: 101 }]);
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/requestimates/list/').length).toBeGreaterThan(listCallsBefore),
    );
  });

  it('an installer claims an offered open request with a start date; a lost claim says so', async () => {
    const open = buildRequest({ requestId: 7, currentState: 'new', availableDate: '2099/01/05 00:00:00' });
    const { server } = renderScreen(installer, '/requestimates?id=7', {
      'GET /api/requestimates/list/': listAnswer([open]),
      'GET /api/availability/7/7': {
        body: { nextStart: '2099-01-05', canFit: true, totalJobDays: 0, availableSlots: 8, existingJobs: 0 },
      },
      'POST /api/dashboard/claim/7': {
        status: 409,
        body: { code: 'CONFLICT', message: 'This job has already been claimed by another specialist.' },
      },
      ...detailFakes(open, {
        offers: { body: [buildOffer({ installerId: 7, currentStatus: 'offered' })] },
      }),
    });
    const actions = await screen.findByRole('region', { name: 'Actions' });
    const user = userEvent.setup();
    await user.click(await within(actions).findByRole('button', { name: 'CLAIM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim and book this job' });
    await user.click(within(dialog).getByRole('button', { name: 'CLAIM' }));
    expect(
      await screen.findByText('This job has already been claimed by another specialist.'),
    ).toBeInTheDocument();
    const claims = server.callsTo('POST', '/api/dashboard/claim/7');
    expect(claims).toHaveLength(1);
    expect(claims[0]?.body).toMatchObject({ installerId: 7 });
  });

  it("a 409 from the server shows the server's message", async () => {
    const job = buildRequest({ currentState: 'finished', assignedTo: 7, installerName: 'Elite Auto Film' });
    renderScreen(
      installer,
      '/jobs?id=7',
      {
        'GET /api/requestimates/list/': listAnswer([job]),
        'POST /api/requestimates/7/actions/deliver': {
          status: 409,
          body: { code: 'INVALID_TRANSITION', message: 'Cannot deliver a request in state collected' },
        },
        ...detailFakes(job),
      },
      'jobs',
    );
    const actions = await screen.findByRole('region', { name: 'Actions' });
    const user = userEvent.setup();
    await user.click(within(actions).getByRole('button', { name: 'DELIVER' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deliver this vehicle?' });
    await user.click(within(confirm).getByRole('button', { name: 'DELIVER' }));
    expect(await screen.findByText('Cannot deliver a request in state collected')).toBeInTheDocument();
  });

  it('ASSIGN waits for the dealer to choose one of the responding installers', async () => {
    renderScreen(dealer, '/requestimates?id=8', {
      'GET /api/requestimates/list/': listAnswer([answeredRequest]),
      ...detailFakes(answeredRequest, {
        offers: {
          body: [
            buildOffer({
              offerId: 1,
              requestId: 8,
              installerId: 7,
              currentStatus: 'accepted',
              startDate: '2026/01/07 08:00:00',
            }),
            buildOffer({
              offerId: 2,
              requestId: 8,
              installerId: 9,
              installerName: 'Clearview Tint',
              currentStatus: 'accepted',
              startDate: '2026/01/08 08:00:00',
            }),
          ],
        },
      }),
    });
    const actions = await screen.findByRole('region', { name: 'Actions' });
    const assign = within(actions).getByRole('button', { name: 'ASSIGN' });
    expect(assign).toBeDisabled();
    const user = userEvent.setup();
    await user.click(
      await within(actions).findByRole('radio', { name: /Clearview Tint · Thu, Jan 8th 2026/ }),
    );
    expect(assign).toBeEnabled();
  });

  it('ASSIST sees the details but no action panel and no action buttons', async () => {
    const job = buildRequest({ currentState: 'finished', assignedTo: 7, installerName: 'Elite Auto Film' });
    renderScreen(
      buildUser({ userType: 'dealer', access: 'ASSIST' }),
      '/pickups?id=7',
      {
        'GET /api/requestimates/list/': listAnswer([job]),
        ...detailFakes(job, { services: { body: [buildService()] } }),
      },
      'pickups',
    );
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Help' })).toHaveTextContent(
      'Elite Auto Film has finished your job',
    );
    expect(await screen.findByText('Windshield Tint')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
    for (const label of ['DELIVER', 'delete', 'REVIEW', 'ASSIGN']) {
      expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
    }
  });
});

describe("a request that moves to another list (the app's routes)", () => {
  it('COMPLETE JOB takes the job to Pickups with its details still mounted, so DELIVER can be pressed at once', async () => {
    let job = buildRequest({ currentState: 'started', assignedTo: 7, installerName: 'Elite Auto Film' });
    signInAs(installer);
    installFakeFetch({
      ...shellFakes(installer),
      'POST /api/page-views': { status: 201, body: { success: true } },
      // A started job is in Jobs, a finished one in Pickups.
      'GET /api/requestimates/list/': (call) => {
        const mode = call.url.searchParams.get('mode');
        const isListed = { jobs: 'started', pickups: 'finished' }[mode ?? ''] === job.currentState;
        return listAnswer(isListed ? [job] : []);
      },
      ...detailFakes(job, { request: undefined }),
      'GET /api/requestimates/requestbyID/': () => ({ body: job }),
      'POST /api/requestimates/7/actions/completeJob': () => {
        job = { ...job, currentState: 'finished', current_state: 'finished' };
        return {
          body: buildTransitionResult({
            action: 'completeJob',
            from: 'started',
            currentState: 'finished',
            current_state: 'finished',
            message: 'Job completed',
            redirectTo: '/pickups',
          }),
        };
      },
    });
    const { router } = renderApp('/jobs?id=7');
    const user = userEvent.setup();
    const actions = await screen.findByRole('region', { name: 'Actions' });
    const details = screen.getByRole('region', { name: 'Summary' });
    await user.click(within(actions).getByRole('button', { name: 'COMPLETE JOB' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Complete this job?' });
    await user.click(within(confirmation).getByRole('button', { name: 'COMPLETE JOB' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pickups'));
    expect(router.state.location.search).toBe('?id=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pickups' })).toBeInTheDocument();
    const deliver = await within(screen.getByRole('region', { name: 'Actions' })).findByRole('button', {
      name: 'DELIVER',
    });
    // The same details, not a new copy: a press or an open confirmation survives the move (a re-mount
    // replaced them once the Pickups page mounted, and a press on the button they replaced was lost).
    expect(screen.getByRole('region', { name: 'Summary' })).toBe(details);
    await user.click(deliver);
    expect(await screen.findByRole('dialog', { name: 'Deliver this vehicle?' })).toBeInTheDocument();
  });
});

describe('detail loading (000 §8)', () => {
  it('a failed part shows its own retry while the rest renders, and the retry loads it', async () => {
    let isServicesDown = true;
    renderScreen(dealer, '/requestimates?id=7', {
      'GET /api/requestimates/list/': listAnswer([newRequest]),
      ...detailFakes(newRequest, {
        services: undefined,
        notes: { body: [buildNote({ note_text: 'Please confirm before starting.' })] },
      }),
      'GET /api/requestService/7': () => (isServicesDown ? serverError : { body: [buildService()] }),
    });
    const services = await screen.findByRole('region', { name: 'Services' });
    expect(await within(services).findByText('The services could not be loaded.')).toBeInTheDocument();
    // The rest of the detail is there.
    expect(screen.getByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(await screen.findByText('Please confirm before starting.')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Help' })).toBeInTheDocument();
    // A server failure also shows M1.
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();

    isServicesDown = false;
    await userEvent
      .setup()
      .click(within(services).getByRole('button', { name: 'Retry loading the services' }));
    expect(await within(services).findByText('Windshield Tint')).toBeInTheDocument();
  });

  it('when the request itself fails, the list row is shown with empty details', async () => {
    renderScreen(dealer, '/requestimates?id=7', {
      'GET /api/requestimates/list/': listAnswer([newRequest]),
      ...detailFakes(newRequest, { request: serverError, services: serverError }),
    });
    expect(await screen.findByText('Showing the list details only')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('heading', { name: '2022 Toyota Camry SE' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Help' })).toHaveTextContent(
      'We are waiting for responses on this requested work',
    );
    expect(screen.getByRole('button', { name: 'Retry loading the request' })).toBeInTheDocument();
  });

  it('a request that is not the caller’s says so', async () => {
    renderScreen(dealer, '/requestimates?id=99', {
      'GET /api/requestimates/list/': listAnswer([newRequest]),
      ...detailFakes(newRequest),
    });
    expect(await screen.findByText('This request could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('It does not exist or is not shared with your company.')).toBeInTheDocument();
  });
});
