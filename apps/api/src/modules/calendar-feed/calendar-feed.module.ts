import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-wiring';
import { createPublicRateLimiter } from '../../platform/security/window-throttle';
import { createSchedulingRepository } from '../scheduling/scheduling.repository';
import { createCalendarFeedRepository } from './calendar-feed.repository';
import { registerCalendarFeedRoutes } from './calendar-feed.routes';
import { createCalendarFeedService } from './calendar-feed.service';
import { createFeedTokens } from './calendar-feed.token';

/**
 * The installer's ICS subscription feed at /api/calendar/{token}.ics and its link calls (issue 12;
 * docs/decisions/025-calendar-feed.md).
 */
export function registerCalendarFeedModule(api: FastifyInstance, { db, config, clock }: ModuleDeps): void {
  const service = createCalendarFeedService({
    repository: createCalendarFeedRepository(db),
    scheduling: createSchedulingRepository(db),
    tokens: createFeedTokens(config.jwtSecret),
    limiter: createPublicRateLimiter(db, clock),
    publicUrl: config.publicUrl,
    clock,
  });
  registerCalendarFeedRoutes(api, { service });
}
