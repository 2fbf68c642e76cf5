/** TanStack Query keys of the customers and dealerships screen (the shape: `lib/query-keys.ts`). */
export const customerScreenKeys = {
  all: ['customers-screen'] as const,
  ofCompany: (companyId: number) => ['customers-screen', companyId] as const,
  /** Rows 133, 134 with ?q=: the type-ahead. */
  search: (companyId: number, kind: string, query: string) =>
    ['customers-screen', companyId, 'search', kind, query] as const,
  /** Rows 135, 136: SHOW JOBS. */
  jobs: (companyId: number, kind: string, partyId: number) =>
    ['customers-screen', companyId, 'jobs', kind, partyId] as const,
  /** The city and state of a US ZIP (address completion). */
  zip: (companyId: number, zip: string) => ['customers-screen', companyId, 'zip', zip] as const,
  /** Row 137: the installer's templates. */
  templates: (companyId: number) => ['customers-screen', companyId, 'templates'] as const,
  /** Row 141 with ?dealership=: the dealership's current template. */
  dealerTemplate: (companyId: number, dealerId: number) =>
    ['customers-screen', companyId, 'dealer-template', dealerId] as const,
};
