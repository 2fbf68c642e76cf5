/** TanStack Query keys of the service catalog screen (the shape: `lib/query-keys.ts`). */
export const serviceCatalogKeys = {
  all: ['service-catalog'] as const,
  ofCompany: (companyId: number) => ['service-catalog', companyId] as const,
  /** Row 93: the installer's categories. */
  categories: (companyId: number) => ['service-catalog', companyId, 'categories'] as const,
  /** Row 111: the price rows of a category. */
  rows: (companyId: number, category: string) => ['service-catalog', companyId, 'rows', category] as const,
};
