/** TanStack Query keys of the lifecycle dialogs (the shape: `lib/query-keys.ts`). */
export const lifecycleKeys = {
  all: ['lifecycle'] as const,
  ofCompany: (companyId: number) => ['lifecycle', companyId] as const,
  installerGroup: (companyId: number, installerId: number) =>
    ['lifecycle', companyId, 'installer-group', installerId] as const,
  vin: (companyId: number, vin: string) => ['lifecycle', companyId, 'vin', vin] as const,
  availability: (companyId: number, installerId: number, requestId: number, checkDate: string) =>
    ['lifecycle', companyId, 'availability', installerId, requestId, checkDate] as const,
};
