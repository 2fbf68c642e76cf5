/** TanStack Query keys of the installer's estimate wizard (the shape: `lib/query-keys.ts`). */
export const estimateWizardKeys = {
  all: ['estimate-wizard'] as const,
  ofCompany: (companyId: number) => ['estimate-wizard', companyId] as const,
  installerCalendar: (companyId: number, installerId: number) =>
    ['estimate-wizard', companyId, 'installer-calendar', installerId] as const,
  customerVehicles: (
    companyId: number,
    installerId: number,
    partyKind: string | null,
    partyId: number | null,
  ) => ['estimate-wizard', companyId, 'customer-vehicles', installerId, partyKind, partyId] as const,
  availability: (companyId: number, installerId: number, dropOff: string, duration: number) =>
    ['estimate-wizard', companyId, 'availability', installerId, dropOff, duration] as const,
  partySearch: (companyId: number, kind: string, query: string) =>
    ['estimate-wizard', companyId, 'party-search', kind, query] as const,
};
