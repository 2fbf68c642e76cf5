import type { TLifecycleAction } from '@app/contracts/lifecycle.contract';
import { paymentMessages } from '@app/contracts/payments.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { normalizeVin } from '@app/domain/vehicles/vin';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiHttpError } from '../../lib/api-client';
import { invalidateServiceRequests } from '../service-requests/query-keys';
import { DeleteModal } from './delete-modal';
import {
  type ActionBody,
  claimRequest,
  describeActionError,
  performAction,
  transferRequest,
} from './lifecycle-api';
import { buildStartDatePicker, StartDateModal } from './start-date-modal';
import { TransferModal } from './transfer-modal';

/** What the user chose on the panel, which the actions send. */
export type LifecycleSelection = {
  serviceId: number | null;
  installerId: number | null;
  reviewScore: number | null;
  vin: string;
};

type Actor = { userType: 'dealer' | 'installer' | 'admin' | string; companyId: number };

type RunInput = { action: TLifecycleAction; body: ActionBody };

const dateActions = new Set<TLifecycleAction>(['accept', 'claim', 'book']);
const partialSuccessMessages = new Set<string>([
  paymentMessages.depositInvoiceFailedAtBooking,
  paymentMessages.invoiceFailedAfterEstimate,
  paymentMessages.invoiceFailedAfterJob,
]);
const dateTitles: Partial<Record<TLifecycleAction, [string, string]>> = {
  accept: ['Accept this request', 'ACCEPT'],
  claim: ['Claim and book this job', 'CLAIM'],
  book: ['Book this job', 'BOOK JOB'],
};

type UseLifecycleActionsInput = {
  /** null while the request loads: nothing can be pressed yet. */
  request: TRequestimate | null;
  actor: Actor;
  selection: LifecycleSelection;
  /** A finished job with an invoice: the delete confirmation warns (000 §5). */
  needsInvoiceWarningOnDelete: boolean;
  /** After a successful action (clear the choices that belonged to the old state). */
  onDone?: (action: TLifecycleAction) => void;
};

/**
 * Runs the lifecycle actions of the panel through the API (000 §2, §4): popups where the spec has one
 * (start date, transfer, delete), the messages of 000 §8, and afterwards the detail, the lists and the
 * menu counts refresh. JOB COMPLETED goes to /pickups.
 */
export function useLifecycleActions({
  request,
  actor,
  selection,
  needsInvoiceWarningOnDelete,
  onDone,
}: UseLifecycleActionsInput): {
  press: (action: TLifecycleAction) => void;
  pendingAction: TLifecycleAction | null;
  popups: ReactNode;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<TLifecycleAction | null>(null);
  const requestId = request?.requestId ?? 0;

  const mutation = useMutation({
    mutationFn: async ({
      action,
      body,
    }: RunInput): Promise<{ message: string; redirectTo: string | null }> => {
      if (action === 'claim') {
        const result = await claimRequest(requestId, actor.companyId, body.startDate ?? '');
        return { message: result.message, redirectTo: result.redirectTo };
      }
      if (action === 'transfer') {
        const reply = await transferRequest(requestId, actor.companyId, body.toInstaller ?? 0);
        if (!reply.success) throw new Error(reply.message || 'Transfer failed');
        return { message: reply.message, redirectTo: null };
      }
      const result = await performAction(requestId, action, body);
      return { message: result.message, redirectTo: result.redirectTo };
    },
    onSuccess: async (result, { action }) => {
      setPopup(null);
      // Done, but the invoice could not be raised (000 §8 deposit / invoice creation messages): a warning.
      const isPartial = partialSuccessMessages.has(result.message);
      notifications.show({ color: isPartial ? 'yellow' : 'green', title: 'Done', message: result.message });
      onDone?.(action);
      await invalidateServiceRequests(queryClient);
      // A finished job is a pickup now: JOB COMPLETED (000 §4) and COMPLETE JOB go there, still selected.
      if (action === 'completeEstimate' || action === 'completeJob') {
        navigate(`${result.redirectTo ?? '/pickups'}?id=${requestId}`);
      }
    },
    onError: (error, { action }) => {
      const message =
        action === 'transfer' && error instanceof Error && error.name === 'Error'
          ? error.message
          : describeActionError(action, error);
      notifications.show({ color: 'red', title: 'Not done', message });
      // A 409: the job moved on (another specialist claimed it, another user acted), so the popup's action
      // no longer applies; close it over the reloaded panel. Other errors keep it open to try again.
      if (error instanceof ApiHttpError && error.status === 409) setPopup(null);
      // The server may know better than the screen (another user moved the job): reload it.
      void invalidateServiceRequests(queryClient);
    },
  });

  const run = (action: TLifecycleAction, body: ActionBody = {}) => mutation.mutate({ action, body });

  const press = (action: TLifecycleAction) => {
    if (dateActions.has(action) || action === 'transfer' || action === 'delete') {
      setPopup(action);
      return;
    }
    switch (action) {
      case 'assign':
        if (selection.installerId !== null) run(action, { installerId: selection.installerId });
        return;
      case 'checkIn':
        run(action, { vin: normalizeVin(selection.vin) });
        return;
      case 'startService':
      case 'finishService':
        if (selection.serviceId !== null) run(action, { serviceId: selection.serviceId });
        return;
      case 'review':
        if (selection.reviewScore !== null) run(action, { reviewScore: selection.reviewScore });
        return;
      default:
        run(action);
    }
  };

  const isSubmitting = mutation.isPending;
  const close = () => setPopup(null);
  const dateTitle = popup ? dateTitles[popup] : undefined;
  const popups = (
    <>
      {popup && dateTitle && request && (
        <StartDateModal
          key={popup}
          opened
          title={dateTitle[0]}
          confirmLabel={dateTitle[1]}
          request={request}
          picker={buildStartDatePicker(request, dayjs().format('YYYY-MM-DD'))}
          installerId={actor.userType === 'installer' ? actor.companyId : null}
          isSubmitting={isSubmitting}
          onClose={close}
          onConfirm={(startDate) => run(popup, { startDate })}
        />
      )}
      {popup === 'transfer' && (
        <TransferModal
          opened
          installerId={actor.companyId}
          isSubmitting={isSubmitting}
          onClose={close}
          onConfirm={(toInstaller) => run('transfer', { toInstaller })}
        />
      )}
      {popup === 'delete' && (
        <DeleteModal
          opened
          requestId={requestId}
          needsInvoiceWarning={needsInvoiceWarningOnDelete}
          isSubmitting={isSubmitting}
          onClose={close}
          onConfirm={() => run('delete')}
        />
      )}
    </>
  );
  return { press, pendingAction: isSubmitting ? (mutation.variables?.action ?? null) : null, popups };
}
