import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type PaymentOnboardingModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Payment-account onboarding, Stripe Connect Express or the local adapter (P27; rows 155, 156; issue 15). Not built yet. */
export function registerPaymentOnboardingModule(
  _api: FastifyInstance,
  _deps: PaymentOnboardingModuleDeps,
): void {}
