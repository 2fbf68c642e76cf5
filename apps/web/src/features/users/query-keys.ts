/** TanStack Query keys of User Management (the shape: `lib/query-keys.ts`). */
export const userKeys = {
  all: ['users'] as const,
  /** Row 148. */
  list: (companyId: number) => ['users', companyId, 'list'] as const,
  /** Row 152: the companies the administrator may give its users. */
  companies: (companyId: number) => ['users', companyId, 'companies'] as const,
  /** Row 4 (the GET form of row 151): the companies a user reaches. */
  access: (companyId: number, userId: number) => ['users', companyId, 'access', userId] as const,
  /** Row 154. */
  status: (companyId: number, email: string) => ['users', companyId, 'status', email] as const,
};
