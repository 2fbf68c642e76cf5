import type { TListMode } from '@app/contracts/service-requests.contract';
import type { QueryClient } from '@tanstack/react-query';

export type DetailPart = 'request' | 'services' | 'notes' | 'offers' | 'history' | 'referral' | 'calendar';

/**
 * TanStack Query keys of the list and detail screen. Every key starts with `serviceRequestKeys.all`
 * and carries the company, so switching company never shows another company's cached rows.
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
};

/** After a lifecycle action: the lists, the details and the menu counts are stale. */
export async function invalidateServiceRequests(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['navigation', 'counts'] }),
  ]);
}
