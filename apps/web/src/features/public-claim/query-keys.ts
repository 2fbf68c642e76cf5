/**
 * TanStack Query keys of the public job claim page (the shape: `lib/query-keys.ts`). Nobody is signed in on it,
 * so the company is 0; the link's request and token name what was read.
 */
export const publicClaimKeys = {
  all: ['public-claim'] as const,
  job: (companyId: number, request: number, token: string) =>
    ['public-claim', companyId, 'job', request, token] as const,
};
