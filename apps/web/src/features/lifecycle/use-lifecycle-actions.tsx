import type { TLifecycleAction } from '@app/contracts/lifecycle.contract';
import { paymentMessages } from '@app/contracts/payments.contract';
import type { TListMode, TRequestimate, TRequestState } from '@app/contracts/service-requests.contract';
import { countBucketForState, type UserType, visibleMenuEntries } from '@app/domain/identity/access';
import { normalizeVin } from '@app/domain/vehicles/vin';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiHttpError } from '../../lib/api-client';
import { refreshAfterAction } from './action-refresh';
import { ConfirmActionModal } from './confirm-action-modal';
import { confirmedActions, describeConfirmation } from './confirmations';
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

type Actor = { userType: UserType; companyId: number };

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
  /** The list on screen: an action that moves the request out of it says where it went. */
  listMode?: TListMode | null;
  /** The request left the list on screen (booked, rescheduled, delivered…): close its details. */
  onLeftList?: () => void;
};

type ActionOutcome = { message: string; redirectTo: string | null; state: TRequestState | null };

/** The list a request in `state` is in for this user, with its menu label and route; null = in none. */
function findList(state: TRequestState, userType: UserType) {
  const bucket = countBucketForState(state, userType);
  const entry = visibleMenuEntries(userType, 'STANDARD').find((item) => item.key === bucket);
  return bucket && entry ? { mode: bucket, label: entry.label, route: entry.route } : null;
}

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
  listMode = null,
  onLeftList,
}: UseLifecycleActionsInput): {
  press: (action: TLifecycleAction) => void;
  pendingAction: TLifecycleAction | null;
  popups: ReactNode;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<TLifecycleAction | null>(null);
  // The focus goes back to the button that opened a popup through app/focus-keeper.ts.
  const closePopup = () => setPopup(null);
  const requestId = request?.requestId ?? 0;

  const mutation = useMutation({
    mutationFn: async ({ action, body }: RunInput): Promise<ActionOutcome> => {
      if (action === 'transfer') {
        const reply = await transferRequest(requestId, actor.companyId, body.toInstaller ?? 0);
        if (!reply.success) throw new Error(reply.message || 'Transfer failed');
        return { message: reply.message, redirectTo: null, state: null };
      }
      const result =
        action === 'claim'
          ? await claimRequest(requestId, actor.companyId, body.startDate ?? '')
          : await performAction(requestId, action, body);
      return { message: result.message, redirectTo: result.redirectTo, state: result.currentState };
    },
    onSuccess: async (result, { action }) => {
      closePopup();
      // Done, but the invoice could not be raised (000 §8 deposit / invoice creation messages): a warning.
      const isPartial = partialSuccessMessages.has(result.message);
      const color = isPartial ? 'yellow' : 'green';
      onDone?.(action);
      const refreshed = refreshAfterAction(queryClient, action);
      // A finished job is a pickup now: JOB COMPLETED (000 §4) and COMPLETE JOB go there, still selected.
      if (action === 'completeEstimate' || action === 'completeJob') {
        notifications.show({ color, title: 'Done', message: result.message });
        navigate(`${result.redirectTo ?? '/pickups'}?id=${requestId}`);
        await refreshed;
        return;
      }
      // Booked, rescheduled, delivered…: the request left the list on screen. Its details close and the
      // message says where it went, with a link to it there (issue 17, defect 2).
      const list = result.state ? findList(result.state, actor.userType) : undefined;
      if (listMode && list !== undefined && list?.mode !== listMode) {
        onLeftList?.();
        const to = list ? `${list.route}?id=${requestId}` : null;
        const id = notifications.show({
          color,
          title: 'Done',
          // It holds a link: it stays until closed or followed (WCAG 2.2.1, no time limit on content).
          autoClose: false,
          message: (
            <Stack gap={2}>
              <Text size="sm">{result.message}</Text>
              {list && to ? (
                <Text size="sm">
                  It is in {list.label} now.{' '}
                  <Anchor
                    href={to}
                    size="sm"
                    fw={600}
                    onClick={(event) => {
                      event.preventDefault();
                      notifications.hide(id);
                      navigate(to);
                    }}
                  >
                    Open it in {list.label}
                  </Anchor>
                </Text>
              ) : (
                <Text size="sm">It is no longer in your lists.</Text>
              )}
            </Stack>
          ),
        });
      } else {
        notifications.show({ color, title: 'Done', message: result.message });
      }
      await refreshed;
    },
    onError: (error, { action }) => {
      const message =
        action === 'transfer' && error instanceof Error && error.name === 'Error'
          ? error.message
          : describeActionError(action, error);
      notifications.show({ color: 'red', title: 'Not done', message });
      // A 409: the job moved on (another specialist claimed it, another user acted), so the popup's action
      // no longer applies; close it over the reloaded panel. Other errors keep it open to try again.
      if (error instanceof ApiHttpError && error.status === 409) closePopup();
      // The server may know better than the screen (another user moved the job): reload it.
      void refreshAfterAction(queryClient, action);
    },
  });

  const run = (action: TLifecycleAction, body: ActionBody = {}) => mutation.mutate({ action, body });

  const press = (action: TLifecycleAction) => {
    if (
      dateActions.has(action) ||
      confirmedActions.has(action) ||
      action === 'transfer' ||
      action === 'delete'
    ) {
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
  const close = closePopup;
  const dateTitle = popup ? dateTitles[popup] : undefined;
  const confirmation = popup && request ? describeConfirmation(popup, request, actor.userType) : null;
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
      {popup && confirmation && (
        <ConfirmActionModal
          key={popup}
          confirmation={confirmation}
          isSubmitting={isSubmitting}
          onClose={close}
          onConfirm={() => run(popup)}
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
