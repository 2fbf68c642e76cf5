import type { FastifyInstance } from 'fastify';
import type { LocalConnectOnboarding } from '../../adapters/payments/local-connect-onboarding';
import type { PaymentPort } from '../../adapters/payments/payment-port';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { applyAccountUpdate, createPaymentOnboardingRepository } from './payment-onboarding.repository';
import { registerOnboardingPageRoutes, registerPaymentOnboardingRoutes } from './payment-onboarding.routes';
import { createPaymentOnboardingService } from './payment-onboarding.service';

export type PaymentOnboardingModuleDeps = {
  db: Db;
  config: Config;
  clock?: () => Date;
  /** The payments module's adapter (Stripe Connect, or the local one with its own onboarding page). */
  port: PaymentPort;
  logger: { warn: (object: object, message: string) => void };
};

/**
 * Payment-account onboarding, Stripe Connect Express or the local adapter (P27; rows 155, 156; issue 15). Stripe's
 * `account.updated` webhooks reach it through the payments module's webhook (payments.provider-events.ts).
 */
export function registerPaymentOnboardingModule(
  api: FastifyInstance,
  deps: PaymentOnboardingModuleDeps,
): void {
  const service = createPaymentOnboardingService({
    repository: createPaymentOnboardingRepository(deps.db),
    port: deps.port,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  registerPaymentOnboardingRoutes(api, { service });
}

/**
 * The local adapter's onboarding page, outside /api: `app.register(onboardingPagePlugin(deps), { prefix:
 * LOCAL_ONBOARDING_PATH })`. Registers nothing when the adapter is Stripe (its onboarding is hosted by Stripe).
 */
export function onboardingPagePlugin({
  db,
  clock = () => new Date(),
  port,
}: Omit<PaymentOnboardingModuleDeps, 'config' | 'logger'>) {
  return async (app: FastifyInstance) => {
    if (!('completeOnboarding' in port)) return;
    const onboarding = port as PaymentPort & LocalConnectOnboarding;
    const repository = createPaymentOnboardingRepository(db);
    await registerOnboardingPageRoutes(app, {
      onboarding,
      installerNameOf: async (accountId) => {
        const id = Number(/^acct_local_(\d+)$/.exec(accountId)?.[1] ?? 0);
        return (await repository.findInstaller(id))?.name ?? 'Your business';
      },
      complete: async (event) => {
        await applyAccountUpdate(db, event, clock());
      },
    });
  };
}
