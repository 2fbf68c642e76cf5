import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createLocalAddressAdapter } from '../../adapters/address/local-address-adapter';
import type { VinDecoderPort } from '../../adapters/vin-decoder/vin-decoder-port';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createPublicRateLimiter } from '../../platform/security/window-throttle';
import type { OutboxModule } from '../outbox/outbox.module';
import { createReferralsRepository } from './referrals.repository';
import { registerReferralsRoutes } from './referrals.routes';
import { createReferralsService, type ReferralsService } from './referrals.service';

/** How often each process looks for a month to pay out (the payout itself happens once per dealer and month). */
const PAYOUT_CHECK_MS = 60 * 60 * 1000;

/**
 * The referral programme: its calls, the customer e-mail whose delivery records CONTACT, and the monthly payout
 * that every process checks hourly (decision 010).
 */
export function createReferralsModule({
  db,
  config,
  clock,
  outbox,
  logger,
}: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'runOutboxWorker'>;
  clock: () => Date;
  outbox: Pick<OutboxModule, 'registerHandler' | 'deliverEmail'>;
  logger: FastifyBaseLogger;
}) {
  let service: ReferralsService | null = null;
  const repository = createReferralsRepository(db);
  // The customer e-mail: sent like any e-mail, then the referral is CONTACT (a resend after a crash is harmless).
  outbox.registerHandler('email', 'referral-customer', async (item) => {
    await outbox.deliverEmail(item);
    const referralId = Number((item.payload as { referralId?: unknown }).referralId);
    if (service && Number.isInteger(referralId)) await service.markContacted(referralId);
  });

  let payoutTimer: NodeJS.Timeout | undefined;
  return {
    registerRoutes(api: FastifyInstance, { vinDecoder }: { vinDecoder: Pick<VinDecoderPort, 'decode'> }) {
      service = createReferralsService({
        db,
        repository,
        address: createLocalAddressAdapter(),
        vinDecoder,
        limiter: createPublicRateLimiter(db, clock),
        publicUrl: config.publicUrl,
        clock,
      });
      registerReferralsRoutes(api, { service });
      return service;
    },
    /** Starts the hourly payout check of this process (with the outbox worker). */
    start() {
      if (!config.runOutboxWorker) return;
      const run = () =>
        service
          ?.runMonthlyPayouts()
          .catch((error: unknown) => logger.warn({ err: error }, 'referral payouts failed'));
      payoutTimer = setInterval(run, PAYOUT_CHECK_MS);
      payoutTimer.unref();
      void run();
    },
    stop() {
      clearInterval(payoutTimer);
    },
    get service(): ReferralsService {
      if (!service) throw new Error('The referrals module has no routes registered yet');
      return service;
    },
  };
}
export type ReferralsModule = ReturnType<typeof createReferralsModule>;
