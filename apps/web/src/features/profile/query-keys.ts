/** TanStack Query keys of the profile screen (the shape: `lib/query-keys.ts`). */
export const profileKeys = {
  all: ['profile'] as const,
  ofCompany: (companyId: number) => ['profile', companyId] as const,
  /** Row 157. */
  profile: (companyId: number, userId: number) => ['profile', companyId, 'profile', userId] as const,
};
