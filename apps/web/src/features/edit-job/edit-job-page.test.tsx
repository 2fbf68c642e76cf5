import type { TEditJobContext } from '@app/contracts/edit-job.contract';
import type { TRequestService } from '@app/contracts/service-requests.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, installFakeFetch } from '../../test/fake-fetch';
import { buildUser, shellFakes, signInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { buildRequest, buildService } from '../service-requests/service-requests.fixtures';

const installer = buildUser({ userType: 'installer', companyId: 5 });

const line: TRequestService = buildService({
  service_id: 11,
  catalog_service_id: 301,
  master_service_id: 31,
  position: 0,
  service_category: 'PPF',
  description: 'Full Front PPF',
  service_amount: 1900,
  service_fee: 95,
  retail_price: 1900,
});

function context(overrides: Partial<TEditJobContext> = {}): TEditJobContext {
  return {
    requestId: 7,
    version: 4,
    request: buildRequest({
      requestType: 'installer',
      currentState: 'scheduled',
      requestor: 5,
      assignedTo: 5,
    }),
    services: [line],
    title: 'Update Retail services on the vehicle make and model',
    editable: true,
    notEditableReason: null,
    pricingMode: 'installer',
    catalog: 'RETAIL',
    catalogInstallerId: 5,
    dealerId: null,
    size: 'M',
    trimId: null,
    taxRate: 7.5,
    returnTo: '/jobs',
    ...overrides,
  };
}

function renderEdit(update: FakeHandler, ctx = context()) {
  signInAs(installer);
  const server = installFakeFetch({
    ...shellFakes(installer),
    'POST /api/page-views': { status: 201, body: { success: true } },
    'GET /api/requestimates/7/edit': { body: ctx },
    'GET /api/categories/5': { body: [] },
    'GET /api/services/5/M/RETAIL/PPF/0': { body: [] },
    'GET /api/taxes/5': {
      body: { id: 'txr_5', percentage: 7.5, installer_id: 5, display_name: 'Sales tax', inclusive: false },
    },
    'PUT /api/requestimates/7/update-transaction': update,
  });
  const view = renderApp('/editJob/7');
  return { server, user: userEvent.setup(), ...view };
}

describe('EditJobPage', () => {
  it('shows the job and saves its lines with the version, then returns to the jobs', async () => {
    const { server, user, router } = renderEdit(() => ({
      body: {
        success: true,
        message: 'Job updated successfully!',
        requestId: 7,
        version: 5,
        currentState: 'scheduled',
        redirectTo: '/jobs',
        requestTotal: 1900,
        requestDiscount: 0,
        requestFee: 95,
        requestTaxes: 142.5,
        requestDuration: 1,
        serviceRequested: 'PPF - Full Front PPF',
        dueDate: null,
        calendarDays: 1,
        changes: [],
        services: [line],
      },
    }));
    expect(
      await screen.findByRole('heading', { name: 'Update Retail services on the vehicle make and model' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('selected-service')).toHaveTextContent('Full Front PPF');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));
    expect(await screen.findByText('Job updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(server.callsTo('PUT', '/api/requestimates/7/update-transaction')[0]?.body).toEqual({
      version: 4,
      services: [{ lineId: 11 }],
    });
  }, 20_000);

  it('refuses to save without services (rules 126, 128)', async () => {
    const { user } = renderEdit(() => ({ status: 500 }));
    const selected = await screen.findByTestId('selected-service');
    await user.click(within(selected).getByRole('button', { name: 'Remove Full Front PPF' }));
    expect(screen.getByText('No services to save')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'UPDATE' })).toBeDisabled();
  });

  it('keeps the edits on screen after a 409 and reloads the job on request', async () => {
    const { server, user } = renderEdit(() => ({
      status: 409,
      body: {
        code: 'CONFLICT',
        message:
          'This job was changed since you opened it. Your edits were not saved: reload the job to see the changes, then make your edits again.',
      },
    }));
    await user.click(await screen.findByRole('button', { name: 'UPDATE' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This job was changed since you opened it.');
    expect(server.callsTo('PUT', '/api/requestimates/7/update-transaction')[0]?.body).toEqual({
      version: 4,
      services: [{ lineId: 11 }],
    });
    await user.click(within(alert).getByRole('button', { name: 'Reload job' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/requestimates/7/edit')).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a job cannot be edited and shows the server message of a failed load', async () => {
    renderEdit(() => ({ status: 500 }), context({ editable: false, notEditableReason: 'It is finished' }));
    expect(await screen.findByText('It is finished')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'UPDATE' })).toBeDisabled();
  });
});
