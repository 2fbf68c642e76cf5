import { onboardingMessages, paymentOnboardingCalls } from '@app/contracts/payment-onboarding.contract';
import { profileCalls } from '@app/contracts/profile.contract';
import { ApiHttpError } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

/** Row 157. */
export const fetchProfile = (userId: number) =>
  callApi(profileCalls.getProfile, { params: { userId } }, { isQuiet: true });

export { onboardingMessages };

/**
 * POST /stripe/create-express-account (row 155) or /stripe/continue-onboarding (row 156) with installerId (the
 * payment onboarding module's calls); the link the browser goes to, or an Error carrying what the Setup Error
 * alert shows: the server's documented message (M233–M235 on a provider failure, or why it refused), else
 * M234 / M235.
 */
export async function startOnboarding(step: 'create' | 'continue', installerId: number): Promise<string> {
  const call =
    step === 'create'
      ? paymentOnboardingCalls.createExpressAccount
      : paymentOnboardingCalls.continueOnboarding;
  const failed = step === 'create' ? onboardingMessages.accountFailed : onboardingMessages.continueFailed;
  try {
    const reply = await callApi(call, { body: { installerId } }, { isQuiet: true });
    if (!reply.accountLinkUrl) throw new Error(reply.message ?? onboardingMessages.linkFailed);
    return reply.accountLinkUrl;
  } catch (error) {
    if (error instanceof ApiHttpError && (error.isClientError || error.status === 503)) {
      throw new Error(error.userMessage ?? error.message);
    }
    if (error instanceof ApiHttpError || !(error instanceof Error)) throw new Error(failed);
    throw error;
  }
}
