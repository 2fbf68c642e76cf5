/** TanStack Query keys of the template manager (the shape: `lib/query-keys.ts`). */
export const templateKeys = {
  all: ['catalog-templates'] as const,
  ofCompany: (companyId: number) => ['catalog-templates', companyId] as const,
  /** Row 137. */
  list: (companyId: number) => ['catalog-templates', companyId, 'list'] as const,
  /** Row 141. */
  search: (companyId: number, name: string, dealership: string) =>
    ['catalog-templates', companyId, 'search', name, dealership] as const,
  /** Row 142. */
  detail: (companyId: number, templateId: number) =>
    ['catalog-templates', companyId, 'detail', templateId] as const,
  /** Row 143. */
  dealerships: (companyId: number) => ['catalog-templates', companyId, 'dealerships'] as const,
  /** Row 147. */
  catalog: (companyId: number) => ['catalog-templates', companyId, 'catalog'] as const,
};
