import { calendarLinkMessages as M, type TConnectionReply } from '@app/contracts/calendar-link.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CalendarConnection } from './calendar-connection';

const STATUS = '/api/googlecal/connection/7';
const calendars = [
  { id: 'shop@calendar.local', name: 'Shop Calendar', primary: true },
  { id: 'installs@calendar.local', name: 'Installs & Deliveries', primary: false },
];

function connection(
  status: TConnectionReply['status'],
  extra: Partial<TConnectionReply> = {},
): TConnectionReply {
  return {
    installer_id: 7,
    provider: 'google',
    status,
    calendar_id: status === 'connected' ? 'shop@calendar.local' : null,
    calendar_name: status === 'connected' ? 'Shop Calendar' : null,
    calendars: [],
    ...extra,
  };
}

function signIn(access: 'STANDARD' | 'ASSIST' = 'STANDARD') {
  signInAs(buildUser({ userType: 'installer', userId: 12, companyId: 7, access }), {
    kind: 'installer',
    record: buildInstallerRecord({ Installer_id: 7 }),
  });
}

const panel = () => screen.getByRole('region', { name: 'Calendar connection' });

describe('CalendarConnection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the return from authorisation only for this installer, picks a calendar and clears the address', async () => {
    signIn();
    const fake = installFakeFetch({
      [`GET ${STATUS}`]: { body: connection('needs_selection', { calendars }) },
      'POST /api/googlecal/select': {
        body: { success: true, installer_id: 7, calendar_id: 'installs@calendar.local' },
      },
    });
    const back = `/calendar?calendar_selection=1&calendars=${encodeURIComponent(JSON.stringify(calendars))}&installer_id=7`;
    renderWithProviders(<CalendarConnection installerId={7} unsynced={[]} onChanged={() => {}} />, back);
    const picker = await screen.findByRole('dialog', { name: M.selectTitle });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/calendar$/));
    expect(within(picker).getByRole('radio', { name: /Shop Calendar/ })).toBeChecked();
    await userEvent.click(within(picker).getByRole('radio', { name: /Installs & Deliveries/ }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Use This Calendar' }));
    expect(await screen.findByText(M.connected)).toBeInTheDocument();
    expect(fake.callsTo('POST', '/api/googlecal/select')[0]?.body).toEqual({
      installerId: 7,
      calendarId: 'installs@calendar.local',
    });
  });

  it('ignores a return for another installer', async () => {
    signIn();
    installFakeFetch({ [`GET ${STATUS}`]: { body: connection('not_connected') } });
    const back = `/calendar?calendar_selection=1&calendars=${encodeURIComponent(JSON.stringify(calendars))}&installer_id=8`;
    renderWithProviders(<CalendarConnection installerId={7} unsynced={[]} onChanged={() => {}} />, back);
    expect(
      await within(await screen.findByRole('region', { name: 'Calendar connection' })).findByText(
        /not connected/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('installer_id=8');
  });

  it('Sync All stops when the connection expired: M133, and the panel shows M138', async () => {
    signIn();
    let expired = false;
    const fake = installFakeFetch({
      [`GET ${STATUS}`]: () => ({ body: connection(expired ? 'expired' : 'connected') }),
      'PUT /api/addAppt/': () => {
        expired = true;
        return {
          status: 409,
          body: { code: 'CONFLICT', message: M.expired, details: { reason: 'calendar_expired' } },
        };
      },
    });
    const onChanged = vi.fn();
    const unsynced = [
      { requestId: 1, serviceId: 10 },
      { requestId: 1, serviceId: 11 },
      { requestId: 2, serviceId: 20 },
    ];
    renderWithProviders(
      <CalendarConnection installerId={7} unsynced={unsynced} onChanged={onChanged} />,
      '/calendar',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sync All to Calendar (3 services)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sync All to Calendar' });
    expect(confirm).toHaveTextContent('Add 3 services (2 jobs)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sync All' }));
    expect(
      await screen.findByText(M.expired, { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    expect(await within(panel()).findByText(M.connectionExpired)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    // Both jobs of the first group were sent, with colorId 6; the run stopped there.
    expect(fake.callsTo('PUT', '/api/addAppt/').map((c) => c.body)).toEqual([
      { request: 1, installerId: 7, colorId: '6' },
      { request: 2, installerId: 7, colorId: '6' },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('says M137 when nothing is pending; ASSIST sees the state without the buttons', async () => {
    signIn('ASSIST');
    installFakeFetch({ [`GET ${STATUS}`]: { body: connection('connected') } });
    renderWithProviders(
      <CalendarConnection installerId={7} unsynced={[]} onChanged={() => {}} />,
      '/calendar',
    );
    expect(await screen.findByText(M.allSynced)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent('Google Calendar: Shop Calendar');
  });

  it('says M126 when the status cannot be read', async () => {
    signIn();
    installFakeFetch({
      [`GET ${STATUS}`]: { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x' } },
    });
    renderWithProviders(
      <CalendarConnection installerId={7} unsynced={[]} onChanged={() => {}} />,
      '/calendar',
    );
    expect(await screen.findByText(M.statusFailed)).toBeInTheDocument();
  });
});
