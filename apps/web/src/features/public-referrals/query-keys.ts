/**
 * TanStack Query keys of the public referral pages (the shape: `lib/query-keys.ts`). Nobody is signed in on
 * them, so the company is 0; the link's referral and token name what was read.
 */
export const publicReferralKeys = {
  all: ['public-referrals'] as const,
  preview: (companyId: number, referral: number, token: string) =>
    ['public-referrals', companyId, 'preview', referral, token] as const,
  benefits: (companyId: number, referral: number, token: string) =>
    ['public-referrals', companyId, 'benefits', referral, token] as const,
};
