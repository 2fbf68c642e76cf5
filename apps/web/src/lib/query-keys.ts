import type { Query } from '@tanstack/react-query';
import { useSession } from './session-store';

/**
 * The shape of every TanStack Query key in the app: `[feature, companyId, ...what]`.
 *
 * - The feature comes first, so `xKeys.all` invalidates everything a feature cached.
 * - The company the session acts for comes second (0 when nobody is signed in), so after a company
 *   switch (top-bar dropdown) every query is a new one: another company's cached rows are never shown.
 *
 * Each feature writes its keys in one factory (`features/<feature>/query-keys.ts`, like
 * `serviceRequestKeys`); `query-keys.test.ts` checks every factory and that no key is written inline.
 */
export type CompanyQueryKey = readonly [feature: string, companyId: number, ...rest: unknown[]];

/** The company whose data the session reads (the signed-in user's current company), 0 when signed out. */
export function useActingCompanyId(): number {
  return useSession().user?.companyId ?? 0;
}

/**
 * `keepPreviousData`, but only while the company stays the same: paging a list keeps the current page
 * on screen, a company switch shows the loading state instead of the other company's rows.
 */
export function keepPreviousDataOfCompany<TData>(
  previousData: TData | undefined,
  previousQuery: Pick<Query, 'queryKey'> | undefined,
  companyId: number,
): TData | undefined {
  return previousQuery?.queryKey[1] === companyId ? previousData : undefined;
}
