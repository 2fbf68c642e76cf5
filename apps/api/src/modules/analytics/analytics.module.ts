import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnalyticsPort } from './analytics.port';
import { createAnalyticsRepository } from './analytics.repository';
import { registerAnalyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';
import { createLocalAnalyticsAdapter } from './analytics-local.adapter';

/** Page views through the analytics port; the local adapter unless another port is given. */
export function registerAnalyticsModule(
  api: FastifyInstance,
  { db, clock = () => new Date(), port }: { db: Db; clock?: () => Date; port?: AnalyticsPort },
) {
  const service = createAnalyticsService({
    port: port ?? createLocalAnalyticsAdapter(createAnalyticsRepository(db)),
    clock,
  });
  registerAnalyticsRoutes(api, { service });
  return service;
}
