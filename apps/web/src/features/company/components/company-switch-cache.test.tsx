import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeAnswer, installFakeFetch } from '../../../test/fake-fetch';
import {
  buildAccessEntry,
  buildInstallerRecord,
  buildUser,
  shellFakes,
  signInAs,
  tokenAnswer,
} from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { buildRequest, listAnswer } from '../../service-requests/service-requests.fixtures';

const installer = buildUser({ userType: 'installer', access: 'STANDARD', companyId: 7 });
const switchedUser = { ...installer, companyId: 8 };
const mainLocation = buildAccessEntry({ company_id: 7, company_name: 'Elite Auto Film', is_primary: true });
const northLocation = buildAccessEntry({
  company_id: 8,
  company_name: 'Elite Auto Film North',
  Installer_id: 8,
  Installer_Name: 'Elite Auto Film North',
  is_primary: false,
});
const mainRequest = buildRequest({ requestId: 71, vehicleMake: 'Toyota', vehicleModel: 'Camry' });
const northRequest = buildRequest({ requestId: 81, vehicleMake: 'Honda', vehicleModel: 'Civic' });

// The whole app renders (shell, menu, dropdown, list): slower than one component on a busy machine.
describe('switching company in the top bar', { timeout: 30_000 }, () => {
  it("never shows the previous company's cached rows while the new company's list loads", async () => {
    signInAs(installer);
    const northList = deferred<FakeAnswer>();
    installFakeFetch({
      ...shellFakes(installer),
      'POST /api/page-views': { status: 201, body: { success: true } },
      'GET /api/userAccess/11': { body: [mainLocation, northLocation] },
      'POST /api/auth/refresh': { body: tokenAnswer(switchedUser, '2') },
      'GET /api/installers/8': {
        body: [buildInstallerRecord({ Installer_id: 8, Installer_Name: 'Elite Auto Film North' })],
      },
      // Each company's list, told apart by the token the call carries.
      'GET /api/requestimates/list/': (request) =>
        request.headers.get('Authorization') === 'Bearer access-token-2'
          ? northList.promise
          : listAnswer([mainRequest] as TRequestimate[]),
    });
    renderApp('/requestimates');

    const list = await screen.findByRole('list', { name: 'Requests list' });
    expect(await within(list).findByText(/Toyota Camry/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Company' }),
      'Elite Auto Film North',
    );

    // The new company's list is still on its way: the screen says so, and the old rows are gone.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading the list' })).toBeInTheDocument());
    expect(screen.queryByText(/Toyota Camry/)).not.toBeInTheDocument();

    northList.resolve(listAnswer([northRequest]));
    expect(await screen.findByText(/Honda Civic/)).toBeInTheDocument();
    expect(screen.queryByText(/Toyota Camry/)).not.toBeInTheDocument();
  });
});
