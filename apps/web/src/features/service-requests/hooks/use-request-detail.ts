import type { CallDescriptor, CallReply } from '@app/contracts/call.contract';
import { serviceRequestCalls as calls } from '@app/contracts/service-requests.contract';
import { useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../lib/call-api';
import type { DetailPart } from '../query-keys';
import { serviceRequestKeys } from '../query-keys';

function usePart<TData>(
  companyId: number,
  requestId: number | null,
  part: DetailPart,
  load: (requestId: number, signal: AbortSignal) => Promise<TData>,
) {
  return useQuery({
    queryKey: serviceRequestKeys.detailPart(companyId, requestId ?? 0, part),
    queryFn: ({ signal }) => load(requestId as number, signal),
    enabled: requestId !== null,
  });
}

/** The calls of a request's parts: each takes the request id in its path (`ZRequestIdParam`). */
type PartCall =
  | typeof calls.services
  | typeof calls.notes
  | typeof calls.offersOfRequest
  | typeof calls.stateHistory
  | typeof calls.referral
  | typeof calls.calendar;

function partOf<T extends PartCall>(call: T) {
  const byRequestId = callApi as (
    call: CallDescriptor,
    input: { params: { requestId: number } },
    options: CallOptions,
  ) => Promise<CallReply<T>>;
  return (requestId: number, signal: AbortSignal) => byRequestId(call, { params: { requestId } }, { signal });
}

/**
 * The selected request's parts, loaded in parallel; each part fails on its own and the screen shows
 * what did load (000 §8). A non-4xx failure also shows M1 (the api client does that).
 */
export function useRequestDetail(companyId: number, requestId: number | null) {
  const request = usePart(companyId, requestId, 'request', (id, signal) =>
    callApi(calls.requestById, { query: { Id: id } }, { signal }),
  );
  const services = usePart(companyId, requestId, 'services', partOf(calls.services));
  const notes = usePart(companyId, requestId, 'notes', partOf(calls.notes));
  const offers = usePart(companyId, requestId, 'offers', partOf(calls.offersOfRequest));
  const history = usePart(companyId, requestId, 'history', partOf(calls.stateHistory));
  const referral = usePart(companyId, requestId, 'referral', partOf(calls.referral));
  const calendar = usePart(companyId, requestId, 'calendar', partOf(calls.calendar));
  return { request, services, notes, offers, history, referral, calendar };
}

export type RequestDetailQueries = ReturnType<typeof useRequestDetail>;
