/** TanStack Query keys of the contract screen (the shape: `lib/query-keys.ts`). */
export const contractKeys = {
  all: ['contract'] as const,
  summary: (companyId: number, requestId: number) => ['contract', companyId, 'summary', requestId] as const,
  customers: (companyId: number) => ['contract', companyId, 'customers'] as const,
};
