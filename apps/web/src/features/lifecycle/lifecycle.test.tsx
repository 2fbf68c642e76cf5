import { CLAIM_CONFLICT_MESSAGE } from '@app/contracts/lifecycle.contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiHttpError } from '../../lib/api-client';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { buildEstimate, buildRequest } from '../service-requests/service-requests.fixtures';
import { DELETE_INVOICE_WARNING, DeleteModal } from './delete-modal';
import {
  BOOKING_ERROR_MESSAGE,
  CLAIM_ERROR_MESSAGE,
  describeActionError,
  NO_TRANSFER_CANDIDATES_MESSAGE,
  TRANSFER_ERROR_MESSAGE,
} from './lifecycle-api';
import { AVAILABILITY_DEBOUNCE_MS, buildStartDatePicker, StartDateModal } from './start-date-modal';
import { TransferModal } from './transfer-modal';
import { useLifecycleActions } from './use-lifecycle-actions';
import { describeVinProblem, VIN_RULE_MESSAGE } from './vin-field';

const conflict = new ApiHttpError(409, {
  code: 'CONFLICT',
  message: 'Cannot book a request in state scheduled',
});
const refused = new ApiHttpError(400, {
  code: 'VALIDATION_FAILED',
  message: 'Start date is after the due date',
});
const serverDown = new ApiHttpError(500, { code: 'INTERNAL', message: 'boom' });

describe('messages of 000 §8', () => {
  it('claim: 409 says another specialist has it, anything else asks to try again', () => {
    expect(describeActionError('claim', conflict)).toBe(CLAIM_CONFLICT_MESSAGE);
    expect(describeActionError('claim', serverDown)).toBe(CLAIM_ERROR_MESSAGE);
    expect(describeActionError('claim', new TypeError('Failed to fetch'))).toBe(CLAIM_ERROR_MESSAGE);
  });

  it("booking: the server's message for a refusal or a 409, else 'Error booking job'", () => {
    expect(describeActionError('book', conflict)).toBe('Cannot book a request in state scheduled');
    expect(describeActionError('book', refused)).toBe('Start date is after the due date');
    expect(describeActionError('book', serverDown)).toBe(BOOKING_ERROR_MESSAGE);
  });

  it("transfer: the server's message, else 'Transfer failed. Please try again.'", () => {
    expect(describeActionError('transfer', refused)).toBe('Start date is after the due date');
    expect(describeActionError('transfer', serverDown)).toBe(TRANSFER_ERROR_MESSAGE);
  });
});

describe('enabling rules of the popups and fields (000 §5)', () => {
  it('VIN: upper-cased and trimmed, 17 characters without I, O, Q, not an NV placeholder', () => {
    expect(describeVinProblem(' 1hgcm82633a004352 ')).toBeNull();
    expect(describeVinProblem('1HGCM82633A00435')).toBe(VIN_RULE_MESSAGE);
    expect(describeVinProblem('1HGCM82633A00435O')).toBe(VIN_RULE_MESSAGE);
    expect(describeVinProblem('NV1767225600000AB')).not.toBeNull();
    expect(describeVinProblem('')).not.toBeNull();
  });

  it('start date: dealer requests end by the due date, estimates may go 30 days past it', () => {
    const dealer = buildRequest({
      dueDate: '2026/01/10 00:00:00',
      requestDuration: 3,
      availableDate: '2026/01/20 00:00:00',
    });
    expect(buildStartDatePicker(dealer, '2026-01-03')).toMatchObject({
      earliest: '2026-01-03',
      latest: '2026-01-08',
      initial: '2026-01-08',
    });
    const estimate = buildEstimate({ dueDate: '2026/01/10 00:00:00', requestDuration: 1 });
    expect(buildStartDatePicker(estimate, '2026-01-03').latest).toBe('2026-02-09');
  });

  it('start-date popup: a day outside the range is named and disables the button; a day inside is sent', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <StartDateModal
        opened
        title="Accept this job"
        confirmLabel="ACCEPT"
        request={buildRequest({ requestId: 42, dueDate: null })}
        picker={{
          earliest: '2026-01-03',
          latest: '2026-01-20',
          initial: '2026-01-05',
          isDueDateMissed: false,
        }}
        installerId={null}
        isSubmitting={false}
        onClose={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const field = screen.getByLabelText('Start date');
    const confirm = screen.getByRole('button', { name: 'ACCEPT' });
    // The range in the screen's date format, not ISO days (issue 17, defect 9).
    expect(screen.getByText('From Sat, Jan 3rd 2026 to Tue, Jan 20th 2026')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '2026-02-01' } });
    expect(screen.getByText('Choose a day from Sat, Jan 3rd 2026 to Tue, Jan 20th 2026')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    // Leaving the field clamps the day to the latest start (000 §5).
    fireEvent.blur(field);
    expect(field).toHaveValue('2026-01-20');
    expect(screen.queryByText(/Choose a day from/)).toBeNull();
    fireEvent.change(field, { target: { value: '' } });
    expect(confirm).toBeDisabled();
    expect(screen.queryByText(/Choose a day from/)).toBeNull();
    fireEvent.change(field, { target: { value: '2026-01-07' } });
    await userEvent.setup().click(confirm);
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('2026-01-07');
  });

  it('transfer popup: disabled until a specialist is chosen; says so when there is none', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    installFakeFetch({
      'GET /api/installerGroup/7': {
        body: [
          { Installer_id: 7, Installer_Name: 'Elite Auto Film' },
          { Installer_id: 9, Installer_Name: 'Elite Auto Film North' },
        ],
      },
      'GET /api/installerGroup/8': { body: [] },
    });
    const onConfirm = vi.fn();
    const view = renderWithProviders(
      <TransferModal opened installerId={7} isSubmitting={false} onClose={() => {}} onConfirm={onConfirm} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Job to Other Specialst' });
    const transfer = within(dialog).getByRole('button', { name: 'TRANSFER' });
    expect(transfer).toBeDisabled();
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('radio', { name: 'Elite Auto Film North' }));
    expect(within(dialog).queryByRole('radio', { name: 'Elite Auto Film' })).toBeNull();
    expect(transfer).toBeEnabled();
    await user.click(transfer);
    expect(onConfirm).toHaveBeenCalledWith(9);
    view.unmount();

    renderWithProviders(
      <TransferModal opened installerId={8} isSubmitting={false} onClose={() => {}} onConfirm={onConfirm} />,
    );
    expect(await screen.findByText(NO_TRANSFER_CANDIDATES_MESSAGE)).toBeInTheDocument();
  });

  it('delete confirmation warns about the invoice only when asked to', () => {
    const props = { opened: true, requestId: 7, isSubmitting: false, onClose: () => {}, onConfirm: () => {} };
    const view = renderWithProviders(<DeleteModal {...props} needsInvoiceWarning={false} />);
    expect(screen.getByRole('dialog', { name: 'Delete this request?' })).toBeInTheDocument();
    expect(screen.queryByText(DELETE_INVOICE_WARNING)).toBeNull();
    view.unmount();
    renderWithProviders(<DeleteModal {...props} needsInvoiceWarning />);
    expect(screen.getByText(DELETE_INVOICE_WARNING)).toBeInTheDocument();
  });
});

describe('availability banner', () => {
  it('looks up once the date stopped changing for 300 ms: green when it fits, else the capacity warning', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    const server = installFakeFetch({
      'GET /api/availability/7/42': (request) => ({
        body: {
          nextStart: '2026-01-12',
          canFit: request.url.searchParams.get('checkDate') === '2026-01-12',
          totalJobDays: 8,
          availableSlots: 0,
          existingJobs: 3,
        },
      }),
    });
    const request = buildEstimate({ requestId: 42, dueDate: null, availableDate: '2026/01/05 00:00:00' });
    renderWithProviders(
      <StartDateModal
        opened
        title="Book this job"
        confirmLabel="BOOK JOB"
        request={request}
        picker={{ earliest: '2026-01-03', latest: null, initial: '2026-01-05', isDueDateMissed: false }}
        installerId={7}
        isSubmitting={false}
        onClose={() => {}}
        onConfirm={() => {}}
      />,
    );
    expect(await screen.findByText(/May need to work over normal capacity/)).toBeInTheDocument();
    const field = screen.getByLabelText('Start date');
    const callsBefore = server.callsTo('GET', '/api/availability/7/42').length;
    act(() => {
      fireEvent.change(field, { target: { value: '2026-01-10' } });
      fireEvent.change(field, { target: { value: '2026-01-11' } });
      fireEvent.change(field, { target: { value: '2026-01-12' } });
    });
    expect(
      await screen.findByText(/Fits your schedule/, {}, { timeout: AVAILABILITY_DEBOUNCE_MS * 5 }),
    ).toBeInTheDocument();
    await waitFor(() => {
      const asked = server
        .callsTo('GET', '/api/availability/7/42')
        .slice(callsBefore)
        .map((call) => call.url.searchParams.get('checkDate'));
      expect(asked).toEqual(['2026-01-12']);
    });
  });
});

describe('a claim lost to another specialist (000 §8)', () => {
  function ClaimHarness() {
    const request = buildRequest({ requestId: 42, dueDate: null, availableDate: '2026/01/05 00:00:00' });
    const { press, popups } = useLifecycleActions({
      request,
      actor: { userType: 'installer', companyId: 7 },
      selection: { serviceId: null, installerId: null, reviewScore: null, vin: '' },
      needsInvoiceWarningOnDelete: false,
    });
    return (
      <>
        <button type="button" onClick={() => press('claim')}>
          Open claim
        </button>
        {popups}
      </>
    );
  }

  it('says it was already claimed and closes the popup; another failure keeps it open to try again', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    let claimStatus = 500;
    installFakeFetch({
      'GET /api/availability/7/42': {
        body: { nextStart: '2026-01-12', canFit: true, totalJobDays: 1, availableSlots: 4, existingJobs: 0 },
      },
      'POST /api/dashboard/claim/42': () => ({
        status: claimStatus,
        body: { code: claimStatus === 409 ? 'CONFLICT' : 'INTERNAL', message: 'no' },
      }),
    });
    renderWithProviders(<ClaimHarness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim and book this job' });
    await user.click(within(dialog).getByRole('button', { name: 'CLAIM' }));
    expect(await screen.findByText(CLAIM_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Claim and book this job' })).toBeInTheDocument();

    claimStatus = 409;
    await user.click(within(dialog).getByRole('button', { name: 'CLAIM' }));
    expect(await screen.findByText(CLAIM_CONFLICT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim and book this job' })).toBeNull());
  });
});
