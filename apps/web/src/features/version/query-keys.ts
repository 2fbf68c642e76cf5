/** TanStack Query keys of the version banner (the shape: `lib/query-keys.ts`). */
export const versionKeys = {
  all: ['version'] as const,
  ofCompany: (companyId: number) => ['version', companyId] as const,
  published: (companyId: number) => ['version', companyId, 'published'] as const,
};
