/** TanStack Query keys of the calendar's blocked days (the shape: `lib/query-keys.ts`). */
export const blockedDaysKeys = {
  all: ['blocked-days'] as const,
  ofCompany: (companyId: number) => ['blocked-days', companyId] as const,
  /** The installer's blocked days from `from` on (row 66). */
  list: (companyId: number, installerId: number, from: string) =>
    ['blocked-days', companyId, installerId, from] as const,
};
