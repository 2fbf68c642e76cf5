/** TanStack Query keys of the wizards' running total (the shape: `lib/query-keys.ts`). */
export const wizardPricingKeys = {
  all: ['wizard-pricing'] as const,
  ofCompany: (companyId: number) => ['wizard-pricing', companyId] as const,
  taxRate: (companyId: number, installerId: number) =>
    ['wizard-pricing', companyId, 'tax-rate', installerId] as const,
};
