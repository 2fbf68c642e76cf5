import type { TListMode } from '@app/contracts/service-requests.contract';
import type { QueryClient } from '@tanstack/react-query';
import { navigationKeys } from '../navigation/query-keys';

export type DetailPart = 'request' | 'services' | 'notes' | 'offers' | 'history' | 'referral' | 'calendar';

/**
 * TanStack Query keys of the service requests: the list and detail screen, and the wizards' lists of
 * earlier jobs (the same rows, so `invalidateServiceRequests` refreshes them too). Every key starts with
 * `serviceRequestKeys.all` and carries the company, so switching company never shows another company's
 * cached rows (the shape: `lib/query-keys.ts`).
 */
export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  ofCompany: (companyId: number) => ['service-requests', companyId] as const,
  list: (companyId: number, mode: TListMode, limit: number, offset: number) =>
    ['service-requests', companyId, 'list', mode, { limit, offset }] as const,
  detail: (companyId: number, requestId: number) =>
    ['service-requests', companyId, 'detail', requestId] as const,
  detailPart: (companyId: number, requestId: number, part: DetailPart) =>
    ['service-requests', companyId, 'detail', requestId, part] as const,
  /** The dealer wizard's step 99: the latest requests, newest first. */
  previousJobs: (companyId: number, limit: number) =>
    ['service-requests', companyId, 'previous-jobs', { limit }] as const,
  /** The estimate wizard's popup: the installer's earlier jobs for one customer or dealer. */
  customerJobs: (companyId: number, installerId: number, partyKind: string | null, partyId: number | null) =>
    ['service-requests', companyId, 'customer-jobs', installerId, partyKind, partyId] as const,
};

/** After a lifecycle action: the lists, the details and the menu counts are stale. */
export async function invalidateServiceRequests(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all }),
    queryClient.invalidateQueries({ queryKey: navigationKeys.all }),
  ]);
}
