import type { TLifecycleAction } from '@app/contracts/lifecycle.contract';
import type { TListMode, TRequestimate } from '@app/contracts/service-requests.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { paymentKeys } from '../payments/query-keys';
import { serviceRequestKeys } from '../service-requests/query-keys';
import { buildEstimate, buildRequest } from '../service-requests/service-requests.fixtures';
import { staleAreasOf } from './action-refresh';
import { describeConfirmation } from './confirmations';
import { buildTransitionResult } from './lifecycle.fixtures';
import { lifecycleKeys } from './query-keys';
import { useLifecycleActions } from './use-lifecycle-actions';

describe('what the confirmations say (issue 17, defect 4)', () => {
  it('COMPLETE JOB names the invoice amount (customer total − paid deposit) and who gets it', () => {
    const job = buildRequest({
      currentState: 'started',
      requestTotal: 1200,
      requestDiscount: 100,
      requestTaxes: 77,
      depositPaidAmount: 200,
      dealerName: 'Sunrise Motors',
    });
    expect(describeConfirmation('completeJob', job, 'installer')).toEqual({
      title: 'Complete this job?',
      message: 'Complete the job and send the invoice for $977.00 to Sunrise Motors?',
      details: 'Every service is marked finished. The paid deposit of $200.00 is deducted.',
      confirmLabel: 'COMPLETE JOB',
    });
    const invoiced = buildRequest({ currentState: 'started', customer_facing_invoice: 'EAF-1041' });
    expect(describeConfirmation('completeJob', invoiced, 'installer')?.message).toBe(
      'Complete the job? Invoice EAF-1041 was already sent to Sunrise Motors.',
    );
  });

  it('RESCHEDULE names the booked days it releases; DELIVER names the vehicle and the other party', () => {
    const booked = buildRequest({
      currentState: 'scheduled',
      scheduleStart: '2026/11/23 17:00:00',
      scheduleEnd: '2026/11/25 17:00:00',
    });
    expect(describeConfirmation('reschedule', booked, 'installer')?.message).toBe(
      'The job goes back to Requests and its booked days (Mon, Nov 23rd 2026 – Wed, Nov 25th 2026) are released.',
    );
    const finished = buildRequest({
      currentState: 'finished',
      vehicleYear: 2024,
      vehicleMake: 'Tesla',
      vehicleModel: 'Model 3',
      installerName: 'Elite Auto Film',
    });
    expect(describeConfirmation('deliver', finished, 'installer')?.message).toBe(
      'Mark the 2024 Tesla Model 3 as delivered to Sunrise Motors?',
    );
    expect(describeConfirmation('deliver', finished, 'dealer')?.message).toBe(
      'Confirm that the 2024 Tesla Model 3 has been picked up from Elite Auto Film?',
    );
    for (const action of ['book', 'startService', 'checkIn'] as const) {
      expect(describeConfirmation(action, finished, 'installer')).toBeNull();
    }
  });
});

describe('the invalidation map of the actions (issue 17, defect 2)', () => {
  it('BOOK JOB refreshes the money (its deposit invoice) and the calendar besides the request', () => {
    expect([...staleAreasOf('book')].sort()).toEqual([
      'calendar',
      'mailbox',
      'menuCounts',
      'payments',
      'requests',
    ]);
  });

  it.each<[TLifecycleAction, boolean, boolean]>([
    ['accept', false, true],
    ['claim', false, true],
    ['completeJob', true, true],
    ['completeEstimate', true, true],
    ['delete', true, true],
    ['setDeposit', true, false],
    ['reschedule', false, true],
    ['reject', false, true],
    ['transfer', false, true],
    ['deliver', false, false],
    ['startService', false, true],
  ])('%s: payments %s, calendar %s', (action, payments, calendar) => {
    const areas = staleAreasOf(action);
    expect(areas.has('requests') && areas.has('menuCounts')).toBe(true);
    expect(areas.has('payments')).toBe(payments);
    expect(areas.has('calendar')).toBe(calendar);
  });
});

const bookable = buildEstimate({
  requestId: 42,
  currentState: 'new',
  dueDate: null,
  availableDate: '2026/01/05 00:00:00',
});

function Harness({
  request,
  listMode,
  onLeftList,
}: {
  request: TRequestimate;
  listMode: TListMode;
  onLeftList: () => void;
}) {
  const { press, popups } = useLifecycleActions({
    request,
    actor: { userType: 'installer', companyId: 7 },
    selection: { serviceId: null, installerId: null, reviewScore: null, vin: '' },
    needsInvoiceWarningOnDelete: false,
    listMode,
    onLeftList,
  });
  return (
    <>
      {(['book', 'completeJob', 'reschedule', 'deliver'] as const).map((action) => (
        <button key={action} type="button" onClick={() => press(action)}>
          press {action}
        </button>
      ))}
      {popups}
    </>
  );
}

describe('the panel actions', () => {
  it('COMPLETE JOB, RESCHEDULE and DELIVER run only after the confirmation; Cancel sends nothing', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    const job = buildRequest({ requestId: 42, currentState: 'started', assignedTo: 7 });
    const server = installFakeFetch({
      'POST /api/requestimates/42/actions/completeJob': {
        body: buildTransitionResult({ requestId: 42, currentState: 'finished', redirectTo: '/pickups' }),
      },
    });
    renderWithProviders(<Harness request={job} listMode="jobs" onLeftList={() => {}} />, '/jobs');
    const user = userEvent.setup();
    for (const [action, title] of [
      ['completeJob', 'Complete this job?'],
      ['reschedule', 'Reschedule this job?'],
      ['deliver', 'Deliver this vehicle?'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `press ${action}` }));
      const dialog = await screen.findByRole('dialog', { name: title });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'press completeJob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'COMPLETE JOB' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/requestimates/42/actions/completeJob')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pickups?id=42'));
  });

  it('BOOK JOB refreshes the deposit and the calendar, closes the details and links to the job in Jobs', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    installFakeFetch({
      'GET /api/availability/7/42': {
        body: { nextStart: '2026-01-12', canFit: true, totalJobDays: 1, availableSlots: 4, existingJobs: 0 },
      },
      'POST /api/requestimates/42/actions/book': {
        body: buildTransitionResult({
          requestId: 42,
          action: 'book',
          currentState: 'scheduled',
          message: 'Job booked successfully',
        }),
      },
    });
    const onLeftList = vi.fn();
    const { queryClient } = renderWithProviders(
      <Harness request={bookable} listMode="requests" onLeftList={onLeftList} />,
      '/requestimates',
    );
    // What the screen had cached before the booking: the deposit panel's payments and a calendar read.
    queryClient.setQueryData(paymentKeys.requestPayments(7, 42), []);
    queryClient.setQueryData(lifecycleKeys.availability(7, 7, 99, '2026-01-12'), {});
    queryClient.setQueryData(serviceRequestKeys.detail(7, 42), bookable);
    queryClient.setQueryData(['version', 7, 'published'], 'v1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'press book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book this job' });
    await user.click(await within(dialog).findByRole('button', { name: 'BOOK JOB' }));

    const link = await screen.findByRole('link', { name: 'Open it in Jobs' });
    expect(link).toHaveAttribute('href', '/jobs?id=42');
    expect(screen.getByText('It is in Jobs now.', { exact: false })).toBeInTheDocument();
    expect(onLeftList).toHaveBeenCalledTimes(1);
    const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(isStale(paymentKeys.requestPayments(7, 42))).toBe(true);
    expect(isStale(lifecycleKeys.availability(7, 7, 99, '2026-01-12'))).toBe(true);
    expect(isStale(serviceRequestKeys.detail(7, 42))).toBe(true);
    // What the action cannot change stays fresh.
    expect(isStale(['version', 7, 'published'])).toBe(false);

    await user.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jobs?id=42'));
  });
});
