/** TanStack Query keys of the request wizard, and the Work step both wizards share (`lib/query-keys.ts`). */
export const requestWizardKeys = {
  all: ['request-wizard'] as const,
  ofCompany: (companyId: number) => ['request-wizard', companyId] as const,
  specialists: (companyId: number, dealerId: number) =>
    ['request-wizard', companyId, 'specialists', dealerId] as const,
  makes: (companyId: number, year: string | null) => ['request-wizard', companyId, 'makes', year] as const,
  models: (companyId: number, year: string | null, makeId: string | null) =>
    ['request-wizard', companyId, 'models', year, makeId] as const,
  trims: (companyId: number, modelId: string | null, year: string | null) =>
    ['request-wizard', companyId, 'trims', modelId, year] as const,
  categories: (companyId: number, path: string) => ['request-wizard', companyId, 'categories', path] as const,
  services: (companyId: number, path: string) => ['request-wizard', companyId, 'services', path] as const,
  team: (companyId: number, dealerId: number) => ['request-wizard', companyId, 'team', dealerId] as const,
};
