/** TanStack Query keys of the vehicle catalog screen (`lib/query-keys.ts`). */
export const vehicleCatalogKeys = {
  all: ['vehicle-catalog'] as const,
  ofCompany: (companyId: number) => ['vehicle-catalog', companyId] as const,
  /** Every trim with its override count (row 118). */
  catalog: (companyId: number) => ['vehicle-catalog', companyId, 'catalog'] as const,
  makes: (companyId: number) => ['vehicle-catalog', companyId, 'makes'] as const,
  /** The Service Overrides modal of one model. */
  model: (companyId: number, modelId: number) => ['vehicle-catalog', companyId, 'model', modelId] as const,
  addMakes: (companyId: number, year: string) => ['vehicle-catalog', companyId, 'add-makes', year] as const,
  addModels: (companyId: number, year: string, makeId: number) =>
    ['vehicle-catalog', companyId, 'add-models', year, makeId] as const,
  addTrims: (companyId: number, modelId: number) =>
    ['vehicle-catalog', companyId, 'add-trims', modelId] as const,
};
