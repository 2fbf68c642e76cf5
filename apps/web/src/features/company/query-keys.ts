/** TanStack Query keys of the company records and the company dropdown (the shape: `lib/query-keys.ts`). */
export const companyKeys = {
  all: ['company'] as const,
  ofCompany: (companyId: number) => ['company', companyId] as const,
  /** The companies the user may reach (the same for every company; kept per company like every key). */
  userAccess: (companyId: number, userId: number) => ['company', companyId, 'user-access', userId] as const,
  /** The company record the signed-in guard loads again when the session lost it. */
  recovery: (companyId: number, userId: number) => ['company', companyId, 'recovery', userId] as const,
};
