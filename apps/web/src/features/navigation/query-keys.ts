import type { TSessionUser } from '@app/contracts/auth.contract';

/** TanStack Query keys of the side menu (the shape: `lib/query-keys.ts`). */
export const navigationKeys = {
  all: ['navigation'] as const,
  ofCompany: (companyId: number) => ['navigation', companyId] as const,
  counts: (companyId: number, user: Pick<TSessionUser, 'userId' | 'userType' | 'access'>) =>
    ['navigation', companyId, 'counts', user.userId, user.userType, user.access] as const,
};
