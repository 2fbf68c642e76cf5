import {
  serviceRequestPaths as paths,
  ZCalendarDay,
  ZRequestimate,
  ZRequestNote,
  ZRequestOffer,
  ZRequestReferral,
  ZRequestService,
  ZRequestStateRecord,
} from '@app/contracts/service-requests.contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, buildPath } from '../../../lib/api-client';
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

function listOf<TSchema extends z.ZodType>(template: string, schema: TSchema) {
  return (requestId: number, signal: AbortSignal): Promise<z.output<TSchema>[]> =>
    apiGet(buildPath(template, { requestId }), z.array(schema), { signal });
}

/**
 * The selected request's parts, loaded in parallel; each part fails on its own and the screen shows
 * what did load (000 §8). A non-4xx failure also shows M1 (the api client does that).
 */
export function useRequestDetail(companyId: number, requestId: number | null) {
  const request = usePart(companyId, requestId, 'request', (id, signal) =>
    apiGet(paths.requestById, ZRequestimate, { query: { Id: id }, signal }),
  );
  const services = usePart(companyId, requestId, 'services', listOf(paths.services, ZRequestService));
  const notes = usePart(companyId, requestId, 'notes', listOf(paths.notes, ZRequestNote));
  const offers = usePart(companyId, requestId, 'offers', listOf(paths.offersOfRequest, ZRequestOffer));
  const history = usePart(companyId, requestId, 'history', listOf(paths.stateHistory, ZRequestStateRecord));
  const referral = usePart(companyId, requestId, 'referral', listOf(paths.referral, ZRequestReferral));
  const calendar = usePart(companyId, requestId, 'calendar', listOf(paths.calendar, ZCalendarDay));
  return { request, services, notes, offers, history, referral, calendar };
}

export type RequestDetailQueries = ReturnType<typeof useRequestDetail>;
