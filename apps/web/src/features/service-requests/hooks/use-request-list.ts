import type { TListMode } from '@app/contracts/service-requests.contract';
import { serviceRequestCalls } from '@app/contracts/service-requests.contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/call-api';
import { keepPreviousDataOfCompany } from '../../../lib/query-keys';
import { serviceRequestKeys } from '../query-keys';

export const pageSizes = [25, 50] as const;
export type PageSize = (typeof pageSizes)[number];

/** One page of the caller's list; paging happens in the database (GET /requestimates/list/). */
export function useRequestList(companyId: number, mode: TListMode, pageSize: PageSize, page: number) {
  const offset = (page - 1) * pageSize;
  return useQuery({
    queryKey: serviceRequestKeys.list(companyId, mode, pageSize, offset),
    queryFn: ({ signal }) =>
      callApi(serviceRequestCalls.list, { query: { mode, limit: pageSize, offset } }, { signal }),
    // The current page stays on screen while the next one loads; another company's rows, or another
    // mode's (the page stays mounted from Jobs to Pickups), never do.
    placeholderData: (previousData, previousQuery) =>
      previousQuery?.queryKey[3] === mode
        ? keepPreviousDataOfCompany(previousData, previousQuery, companyId)
        : undefined,
  });
}
