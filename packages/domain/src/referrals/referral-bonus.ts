/** Referral bonus in cents (K46): $100 when the requested service is PPF, otherwise $25. */
export function calculateReferralBonusCents(requestedService: string | null | undefined): number {
  return requestedService && /\bPPF\b/i.test(requestedService) ? 10_000 : 2_500;
}
