import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { installFakeFetch } from '../../../test/fake-fetch';
import {
  buildAccessEntry,
  buildInstallerRecord,
  buildUser,
  signInAs,
  tokenAnswer,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CompanySwitcher } from './company-switcher';

const installer = buildUser({ userType: 'installer', companyId: 7 });
const mainLocation = buildAccessEntry({ company_id: 7, company_name: 'Elite Auto Film', is_primary: true });
const northLocation = buildAccessEntry({
  company_id: 8,
  company_name: 'Elite Auto Film North',
  Installer_id: 8,
  Installer_Name: 'Elite Auto Film North',
  is_primary: false,
});

function renderSwitcher() {
  signInAs(installer);
  const session = sessionStore.getSnapshot();
  if (!session.user || !session.company) throw new Error('fixture session is incomplete');
  return renderWithProviders(<CompanySwitcher user={session.user} company={session.company} />, '/jobs');
}

describe('company switcher', () => {
  it('shows the company title, no dropdown, with a single company', async () => {
    const server = installFakeFetch({ 'GET /api/userAccess/11': { body: [mainLocation] } });
    renderSwitcher();
    await waitFor(() => expect(server.callsTo('GET', '/api/userAccess/11')).toHaveLength(1));
    expect(await screen.findByText('Elite Auto Film')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('shows the company title when the lookup fails', async () => {
    installFakeFetch({ 'GET /api/userAccess/11': { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    renderSwitcher();
    expect(await screen.findByText('Elite Auto Film')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('offers a dropdown with two or more companies and switches with a company-scoped refresh', async () => {
    const switchedUser = { ...installer, companyId: 8 };
    const server = installFakeFetch({
      'GET /api/userAccess/11': { body: [mainLocation, northLocation] },
      'POST /api/auth/refresh': { body: tokenAnswer(switchedUser, '2') },
      'GET /api/installers/8': {
        body: [buildInstallerRecord({ Installer_id: 8, Installer_Name: 'Elite Auto Film North' })],
      },
    });
    renderSwitcher();

    const dropdown = await screen.findByRole('combobox', { name: 'Company' });
    expect(dropdown).toHaveDisplayValue('Elite Auto Film');
    const user = userEvent.setup();
    await user.selectOptions(dropdown, 'Elite Auto Film North');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/requestimates'));
    expect(server.callsTo('POST', '/api/auth/refresh')[0]?.body).toEqual({ companyId: 8 });
    expect(server.callsTo('GET', '/api/installers/8')[0]?.headers.get('Authorization')).toBe(
      'Bearer access-token-2',
    );
    const session = sessionStore.getSnapshot();
    expect(session.tokens?.accessToken).toBe('access-token-2');
    expect(session.user?.companyId).toBe(8);
    expect(session.company?.kind === 'installer' && session.company.record.Installer_Name).toBe(
      'Elite Auto Film North',
    );
  });
});
