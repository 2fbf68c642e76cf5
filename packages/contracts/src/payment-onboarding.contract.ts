import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * Payment-account onboarding, Stripe Connect Express or the local adapter's own page (catalogue rows 155, 156,
 * P27, §5.23; 002 §2.12, §4, §7, §9; docs/decisions/020-payment-onboarding.md). The reply's accountLinkUrl is
 * where the browser goes next; the provider sends it back to /profile.
 */
export const paymentOnboardingPaths = {
  createAccount: '/stripe/create-express-account',
  continueOnboarding: '/stripe/continue-onboarding',
} as const;

/** The panel's words (M232–M235 verbatim) and the states of 002 §4. */
export const onboardingMessages = {
  alertTitle: 'Setup Error',
  linkFailed: 'Failed to create account setup link',
  accountFailed: 'Failed to create payment account',
  continueFailed: 'Failed to continue account setup',
  noAccount: 'No payment account yet: start the payment account setup first.',
  alreadyComplete: 'Your payment account is already set up.',
  trialMustSetUp: 'Finish payment setup before completing jobs',
} as const;

/** 002 §4: no account → required; an account without completed onboarding → in progress; both → complete. */
export type TOnboardingState = 'required' | 'in_progress' | 'complete';
export function onboardingStateOf(installer: {
  stripe_account_id: string | null;
  onboarding_complete: boolean;
}): TOnboardingState {
  if (!installer.stripe_account_id) return 'required';
  return installer.onboarding_complete ? 'complete' : 'in_progress';
}
/** 002 §9: 50 % until the payment account is complete, then 100 %. */
export const onboardingProgress = (state: TOnboardingState) => (state === 'complete' ? 100 : 50);

const MAX_DB_ID = 2_147_483_647;
export const ZOnboardingBody = z.object({ installerId: z.coerce.number().int().positive().max(MAX_DB_ID) });
export const ZOnboardingReply = z.object({
  accountLinkUrl: z.string(),
  /** The account the link belongs to (acct_…). */
  accountId: z.string(),
  error: z.boolean().optional(),
  message: z.string().optional(),
});
export type TOnboardingReply = z.infer<typeof ZOnboardingReply>;

const tags = ['payment-onboarding'] as const;

export const paymentOnboardingCalls = {
  createExpressAccount: defineCall({
    operationId: 'createExpressAccount',
    method: 'POST',
    path: paymentOnboardingPaths.createAccount,
    body: ZOnboardingBody,
    reply: ZOnboardingReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
    access: { effect: 'write', roles: ['installer'] },
    summary: "Create the installer's payment account (Connect Express) and its onboarding link",
    description:
      "Provider failures answer 503 with 'Failed to create payment account' or 'Failed to create account setup link'.",
    tags,
  }),
  continueOnboarding: defineCall({
    operationId: 'continueOnboarding',
    method: 'POST',
    path: paymentOnboardingPaths.continueOnboarding,
    body: ZOnboardingBody,
    reply: ZOnboardingReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'A new onboarding link for an account whose setup is not finished',
    description: "Provider failures answer 503 with 'Failed to continue account setup'.",
    tags,
  }),
};
