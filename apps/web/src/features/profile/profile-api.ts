import { profileCalls } from '@app/contracts/profile.contract';
import { z } from 'zod';
import { ApiHttpError, apiRequest } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

/** Row 157. */
export const fetchProfile = (userId: number) =>
  callApi(profileCalls.getProfile, { params: { userId } }, { isQuiet: true });

export const onboardingMessages = {
  title: 'Setup Error',
  linkFailed: 'Failed to create account setup link',
  createFailed: 'Failed to create payment account',
  continueFailed: 'Failed to continue account setup',
} as const;

/**
 * The answer of rows 155/156 as 002 §7 documents it: accountLinkUrl, or error and message. The payment
 * onboarding module (another part of issue 15) owns the calls; the profile only starts them.
 */
const ZOnboardingReply = z.object({
  accountLinkUrl: z.string().optional(),
  error: z.unknown().optional(),
  message: z.string().optional(),
});

const onboardingPaths = {
  create: '/stripe/create-express-account',
  continue: '/stripe/continue-onboarding',
} as const;

/**
 * POST /stripe/create-express-account (row 155) or /stripe/continue-onboarding (row 156) with installerId;
 * the link the browser goes to, or an Error carrying the message the Setup Error alert shows (M233–M235).
 */
export async function startOnboarding(step: 'create' | 'continue', installerId: number): Promise<string> {
  const failed = step === 'create' ? onboardingMessages.createFailed : onboardingMessages.continueFailed;
  let reply: z.infer<typeof ZOnboardingReply>;
  try {
    reply = await apiRequest(onboardingPaths[step], {
      method: 'POST',
      body: { installerId },
      schema: ZOnboardingReply,
      isQuiet: true,
    });
  } catch (error) {
    const detail = error instanceof ApiHttpError && error.isClientError ? `: ${error.message}` : '';
    throw new Error(`${failed}${detail}`);
  }
  if (!reply.accountLinkUrl) {
    throw new Error(
      reply.message ? `${onboardingMessages.linkFailed}: ${reply.message}` : onboardingMessages.linkFailed,
    );
  }
  return reply.accountLinkUrl;
}
