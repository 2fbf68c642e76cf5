import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createPublicRateLimiter } from '../../platform/security/window-throttle';
import type { LifecycleService } from '../lifecycle/lifecycle.service';
import { createJobClaimRepository } from './job-claim.repository';
import { registerJobClaimRoutes } from './job-claim.routes';
import { createJobClaimService } from './job-claim.service';

/** Wires the public job claim (rows 104–105) and the dealer's claim invite into the /api plugin. */
export function registerJobClaimModule(
  api: FastifyInstance,
  {
    db,
    config,
    clock,
    lifecycle,
  }: { db: Db; config: Pick<Config, 'publicUrl'>; clock?: () => Date; lifecycle: LifecycleService },
) {
  const service = createJobClaimService({
    db,
    repository: createJobClaimRepository(),
    lifecycle,
    limiter: createPublicRateLimiter(db, clock),
    config,
    clock,
  });
  registerJobClaimRoutes(api, { service });
}
