import { blockedDaysMessages, type TBlockedDay } from '@app/contracts/blocked-days.contract';
import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch';
import { buildInstallerRecord, buildUser, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { BlockedDaysPanel } from './blocked-days-panel';
import { formatBlockedDay } from './blocked-days-text';

const PATH = '/api/installerBlockedCalendars/7';
const today = toLocalIsoDate(new Date());

function day(workDate: string, reason = ''): TBlockedDay {
  return { installerId: 7, workDate, work_date: workDate, reason, createdAt: '2026-11-01T10:00:00.000Z' };
}

function signIn(access: 'STANDARD' | 'ASSIST' = 'STANDARD') {
  signInAs(buildUser({ userType: 'installer', userId: 12, companyId: 7, access }), {
    kind: 'installer',
    record: buildInstallerRecord({ Installer_id: 7 }),
  });
}

function renderPanel(onChanged = vi.fn()) {
  renderWithProviders(
    <BlockedDaysPanel installerId={7} from="2099-01-04" to="2099-01-10" onChanged={onChanged} />,
  );
  return onChanged;
}

describe('BlockedDaysPanel', () => {
  it('lists the blocked days from today, marks the ones of the period, and unblocks one after confirming', async () => {
    signIn();
    let days = [day('2099-01-05', 'Staff training'), day('2099-02-01')];
    const fake = installFakeFetch({
      [`GET ${PATH}`]: () => ({ body: days }),
      [`DELETE ${PATH}/2099-01-05`]: () => {
        days = days.slice(1);
        return { body: { success: true, workDate: '2099-01-05', removed: true } };
      },
      'GET /api/installerCalendars/7': { body: [] },
    });
    const onChanged = renderPanel();
    const list = await screen.findByRole('list');
    expect(fake.callsTo('GET', PATH)[0]?.url.searchParams.get('from')).toBe(today);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`${formatBlockedDay('2099-01-05')}This periodStaff training`);
    expect(items[1]).toHaveTextContent(`${formatBlockedDay('2099-02-01')}No reason given`);

    await userEvent.click(screen.getByRole('button', { name: `Unblock ${formatBlockedDay('2099-01-05')}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblock this day?' });
    expect(dialog).toHaveTextContent(`Work can be booked on ${formatBlockedDay('2099-01-05')} again.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(fake.callsTo('DELETE', `${PATH}/2099-01-05`)).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('blocks a day with a reason; a refusal shows the server’s message; no day chosen is asked for', async () => {
    signIn();
    const refusal = blockedDaysMessages.dayHasWork('2099-01-06', [41]);
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { code: 'CONFLICT', message: refusal },
    };
    const fake = installFakeFetch({
      [`GET ${PATH}`]: { body: [] },
      [`POST ${PATH}`]: () => answer,
    });
    const onChanged = renderPanel();
    expect(await screen.findByText('No blocked days in this period or later.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Block day' }));
    expect(await screen.findByText('Choose a day to block')).toBeInTheDocument();
    expect(fake.callsTo('POST', PATH)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Day to block' }));
    const target = formatBlockedDay(today);
    await userEvent.click(await screen.findByRole('button', { name: target }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Inventory');
    await userEvent.click(screen.getByRole('button', { name: 'Block day' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(fake.callsTo('POST', PATH)[0]?.body).toEqual({ workDate: today, reason: 'Inventory' });
    expect(onChanged).not.toHaveBeenCalled();

    answer = { status: 201, body: day(today, 'Inventory') };
    await userEvent.click(screen.getByRole('button', { name: 'Block day' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('ASSIST sees the list without the form or the unblock buttons; a load failure offers Retry', async () => {
    signIn('ASSIST');
    installFakeFetch({ [`GET ${PATH}`]: { body: [day('2099-01-05', 'Holiday')] } });
    renderPanel();
    expect(await screen.findByText('Holiday')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unblock/ })).not.toBeInTheDocument();
  });

  it('a failed load says so and retries', async () => {
    signIn();
    let fail = true;
    installFakeFetch({
      [`GET ${PATH}`]: () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : { body: [] },
    });
    renderPanel();
    expect(await screen.findByText('Failed to load blocked days.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No blocked days in this period or later.')).toBeInTheDocument();
  });
});
