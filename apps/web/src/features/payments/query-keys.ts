/** TanStack Query keys of the money parts of the job screen (the shape: `lib/query-keys.ts`). */
export const paymentKeys = {
  all: ['payments'] as const,
  ofCompany: (companyId: number) => ['payments', companyId] as const,
  requestPayments: (companyId: number, requestId: number) =>
    ['payments', companyId, 'request', requestId] as const,
  invoice: (companyId: number, invoiceRef: string) => ['payments', companyId, 'invoice', invoiceRef] as const,
  locations: (companyId: number, installerId: number) =>
    ['payments', companyId, 'locations', installerId] as const,
};
