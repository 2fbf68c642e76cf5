import {
  CLAIM_CONFLICT_MESSAGE,
  lifecycleCalls,
  type TLifecycleAction,
  type TTransitionResult,
} from '@app/contracts/lifecycle.contract';
import {
  schedulingCalls,
  type TAvailabilityReply,
  type TInstallerGroupReply,
} from '@app/contracts/scheduling.contract';
import { type TVinResult, vehicleCalls } from '@app/contracts/vehicles.contract';
import { ApiHttpError } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

/** The body an action takes (contracts/lifecycle.contract.ts `actionBodySchemas`). */
export type ActionBody = {
  startDate?: string;
  installerId?: number;
  vin?: string;
  serviceId?: number;
  reviewScore?: number;
  toInstaller?: number;
};

/** POST /requestimates/{requestId}/actions/{action}: one lifecycle transition, checked by the server. */
export function performAction(
  requestId: number,
  action: TLifecycleAction,
  body: ActionBody = {},
): Promise<TTransitionResult> {
  return callApi(lifecycleCalls.action, { params: { requestId, action }, body }, { isQuiet: true });
}

/** POST /dashboard/claim/{requestId}: claim and book an open dealer request in one step. */
export function claimRequest(requestId: number, installerId: number, startDate: string) {
  return callApi(
    lifecycleCalls.claim,
    { params: { requestId }, body: { installerId, startDate } },
    { isQuiet: true },
  );
}

/** POST /transfer/internal: a new job of the caller moves to another location of its group. */
export function transferRequest(requestId: number, fromInstaller: number, toInstaller: number) {
  return callApi(
    lifecycleCalls.transferInternal,
    { body: { requestId, fromInstaller, toInstaller } },
    { isQuiet: true },
  );
}

/** GET /availability/{installerId}/{requestId}?checkDate= */
export function fetchAvailability(
  installerId: number,
  requestId: number,
  checkDate: string,
  signal?: AbortSignal,
): Promise<TAvailabilityReply> {
  return callApi(
    schedulingCalls.availability,
    { params: { installerId, requestId }, query: { checkDate } },
    { isQuiet: true, signal },
  );
}

/** GET /installerGroup/{installerId}: the transfer candidates. */
export function fetchInstallerGroup(installerId: number): Promise<TInstallerGroupReply> {
  return callApi(schedulingCalls.installerGroup, { params: { installerId } });
}

/** GET /vin/?Id= : the vehicle a valid VIN decodes to, or null. */
export async function lookUpVin(vin: string, signal?: AbortSignal): Promise<TVinResult | null> {
  const reply = await callApi(vehicleCalls.decodeVin, { query: { Id: vin } }, { isQuiet: true, signal });
  return reply.Results[0] ?? null;
}

export const BOOKING_ERROR_MESSAGE = 'Error booking job. Please try again.';
export const CLAIM_ERROR_MESSAGE = 'Failed to claim job. Please try again.';
export const TRANSFER_ERROR_MESSAGE = 'Transfer failed. Please try again.';
export const NO_TRANSFER_CANDIDATES_MESSAGE = 'No specialists available for transfer.';
export const CAPACITY_WARNING = 'May need to work over normal capacity';

function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiHttpError) || !error.isClientError) return null;
  return error.userMessage ?? error.message ?? null;
}

/**
 * The message for a failed action (000 §8): a claim lost to another specialist says so; other 409s and
 * refusals (4xx) show the server's message; anything else the action's own fallback.
 */
export function describeActionError(action: TLifecycleAction | 'transferInternal', error: unknown): string {
  const status = error instanceof ApiHttpError ? error.status : null;
  if (action === 'claim') {
    if (status === 409) return CLAIM_CONFLICT_MESSAGE;
    return CLAIM_ERROR_MESSAGE;
  }
  const fromServer = serverMessage(error);
  if (action === 'transfer' || action === 'transferInternal') return fromServer ?? TRANSFER_ERROR_MESSAGE;
  if (fromServer) return fromServer;
  if (action === 'book' || action === 'accept') return BOOKING_ERROR_MESSAGE;
  return 'The action failed. Please try again.';
}
