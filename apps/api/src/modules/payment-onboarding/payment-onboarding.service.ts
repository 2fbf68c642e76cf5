import { AppError } from '@app/contracts/errors.contract';
import { onboardingMessages as M, type TOnboardingReply } from '@app/contracts/payment-onboarding.contract';
import type { PaymentPort } from '../../adapters/payments/payment-port';
import type { AuthContext } from '../../platform/security/auth-context';
import type { createPaymentOnboardingRepository, OnboardingInstaller } from './payment-onboarding.repository';

type Repository = ReturnType<typeof createPaymentOnboardingRepository>;
type Logger = { warn: (object: object, message: string) => void };

/**
 * Rows 155 and 156 (P27): the installer's own users (not ASSIST: the guard) create its payment account and get
 * onboarding links; the provider's answer (Stripe's account.updated, or the local page) completes it. Provider
 * failures are the documented messages with 503, never a 500 (docs/decisions/020-payment-onboarding.md).
 */
export function createPaymentOnboardingService({
  repository,
  port,
  publicUrl,
  logger,
}: {
  repository: Repository;
  port: Pick<PaymentPort, 'createConnectedAccount' | 'createOnboardingLink'>;
  publicUrl: string;
  logger: Logger;
}) {
  async function ownInstaller(auth: AuthContext, installerId: number): Promise<OnboardingInstaller> {
    if (auth.userType !== 'installer' || auth.companyId !== installerId) {
      throw new AppError('FORBIDDEN', 'You can set up the payment account of your own company only.');
    }
    const installer = await repository.findInstaller(installerId);
    if (!installer) throw new AppError('NOT_FOUND', `Installer ${installerId} not found`);
    return installer;
  }

  /** The provider call, or 503 with the documented message (the provider's text goes to the log only). */
  async function provider<T>(message: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      logger.warn({ err: error }, `payment onboarding: ${message}`);
      throw new AppError('SERVICE_UNAVAILABLE', message, { userMessage: message });
    }
  }

  async function linkFor(accountId: string, failure: string): Promise<TOnboardingReply> {
    const { url } = await provider(failure, () =>
      port.createOnboardingLink({
        accountId,
        refreshUrl: `${publicUrl}/profile?onboarding=refresh`,
        returnUrl: `${publicUrl}/profile?onboarding=return`,
      }),
    );
    return { accountLinkUrl: url.startsWith('/') ? `${publicUrl}${url}` : url, accountId };
  }

  return {
    /** Row 155: the account (once per installer) and a link to its onboarding. */
    async createExpressAccount(auth: AuthContext, installerId: number): Promise<TOnboardingReply> {
      const installer = await ownInstaller(auth, installerId);
      if (installer.onboardingComplete && installer.stripeAccountId) {
        throw new AppError('CONFLICT', M.alreadyComplete, { userMessage: M.alreadyComplete });
      }
      let accountId = installer.stripeAccountId;
      if (!accountId) {
        const created = await provider(M.accountFailed, () =>
          port.createConnectedAccount({
            installerId,
            email: installer.email,
            businessName: installer.name,
          }),
        );
        accountId = await repository.saveAccountId(installerId, created.accountId);
      }
      return linkFor(accountId, M.linkFailed);
    },

    /** Row 156: a fresh link for an account whose onboarding is not finished. */
    async continueOnboarding(auth: AuthContext, installerId: number): Promise<TOnboardingReply> {
      const installer = await ownInstaller(auth, installerId);
      if (!installer.stripeAccountId)
        throw new AppError('NOT_FOUND', M.noAccount, { userMessage: M.noAccount });
      if (installer.onboardingComplete) {
        throw new AppError('CONFLICT', M.alreadyComplete, { userMessage: M.alreadyComplete });
      }
      return linkFor(installer.stripeAccountId, M.continueFailed);
    },
  };
}
export type PaymentOnboardingService = ReturnType<typeof createPaymentOnboardingService>;
