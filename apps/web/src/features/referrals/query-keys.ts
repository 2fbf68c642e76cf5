/** TanStack Query keys of the Referrals screen (the shape: `lib/query-keys.ts`). */
export const referralKeys = {
  all: ['referrals'] as const,
  ofCompany: (companyId: number) => ['referrals', companyId] as const,
  /** The dealer's referrals (row 96) or the installer's leads (row 97). */
  list: (companyId: number, userType: string, id: number) =>
    ['referrals', companyId, 'list', userType, id] as const,
  summary: (companyId: number, dealerId: number) => ['referrals', companyId, 'summary', dealerId] as const,
};
