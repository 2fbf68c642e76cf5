import type { FastifyInstance } from 'fastify';
import { createLocalPaymentAdapter } from '../../adapters/payments/local-payment-adapter';
import type { PaymentPort } from '../../adapters/payments/payment-port';
import { createStripePaymentAdapter } from '../../adapters/payments/stripe-payment-adapter';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerHostedPayRoutes } from '../hosted-pay/hosted-pay.routes';
import type { RegisterOutboxHandler } from '../outbox/outbox-handlers';
import { registerPaymentsOutboxHandlers } from './payments.outbox-handlers';
import { createPaymentsRepository } from './payments.repository';
import { registerPaymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsLogger, type PaymentsService } from './payments.service';

export type PaymentsModuleDeps = {
  config: Pick<Config, 'env' | 'publicUrl' | 'stripe'>;
  db: Db;
  clock?: () => Date;
  logger: PaymentsLogger;
  /** Override the adapter the config would choose. */
  port?: PaymentPort;
};

export type PaymentsModule = {
  service: PaymentsService;
  /** Which adapter the config chose. */
  provider: PaymentPort['kind'];
  /** The chosen adapter (the financials module asks it for dashboard links). */
  port: PaymentPort;
  /** Invoice, payment, card-reader, webhook (and, locally, dev reader) calls: inside the /api plugin. */
  registerRoutes(api: FastifyInstance): void;
  /** The hosted invoice page: `app.register(paymentsModule.hostedPayPlugin, { prefix: '/pay' })`. */
  hostedPayPlugin(app: FastifyInstance): Promise<void>;
  /** The provider calls the outbox delivers (canceling superseded payment intents). */
  registerOutboxHandlers(registerHandler: RegisterOutboxHandler): void;
};

/**
 * Money: the payment port (STRIPE_SECRET_KEY → Stripe, else the local adapter), the payments service that
 * owns invoices and payments (the lifecycle's invoicing hooks call `service.createInvoiceForRequest`), the
 * calls of catalogue rows 30–46, the Stripe webhook and the hosted invoice page.
 */
export function createPaymentsModule({
  config,
  db,
  clock = () => new Date(),
  logger,
  port,
}: PaymentsModuleDeps): PaymentsModule {
  const chosen =
    port ??
    (config.stripe
      ? createStripePaymentAdapter({
          secretKey: config.stripe.secretKey,
          webhookSecret: config.stripe.webhookSecret,
          apiBase: stripeApiBase(config.stripe),
        })
      : createLocalPaymentAdapter({ db, clock }));
  const service = createPaymentsService({
    db,
    port: chosen,
    repository: createPaymentsRepository(),
    publicUrl: config.publicUrl,
    clock,
    logger,
  });
  return {
    service,
    provider: chosen.kind,
    port: chosen,
    registerRoutes: (api) =>
      registerPaymentsRoutes(api, {
        service,
        devReaders: chosen.kind === 'local' && config.env !== 'production',
      }),
    hostedPayPlugin: async (app) => registerHostedPayRoutes(app, { service }),
    registerOutboxHandlers: (registerHandler) =>
      registerPaymentsOutboxHandlers(registerHandler, { port: chosen }),
  };
}

/**
 * Where the Stripe API is: Stripe itself unless the stripe config carries an `apiBase` (tests point it at
 * test/fakes/stripe-fake-server.ts). A STRIPE_API_BASE variable in config.ts would make this official.
 */
function stripeApiBase(stripe: NonNullable<Config['stripe']>): string | null {
  const apiBase = (stripe as { apiBase?: unknown }).apiBase;
  return typeof apiBase === 'string' && apiBase.length > 0 ? apiBase : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModule;
  }
}
