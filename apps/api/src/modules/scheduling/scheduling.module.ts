import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { LifecycleService } from '../lifecycle/lifecycle.service';
import { createSchedulingRepository } from './scheduling.repository';
import { registerSchedulingRoutes } from './scheduling.routes';
import { createSchedulingService } from './scheduling.service';

/** Wires availability, schedule and transfer candidates into the /api plugin. */
export function registerSchedulingModule(
  api: FastifyInstance,
  { db, clock, lifecycle }: { db: Db; clock?: () => Date; lifecycle: LifecycleService },
) {
  const service = createSchedulingService({ repository: createSchedulingRepository(db), lifecycle, clock });
  registerSchedulingRoutes(api, { service });
  return service;
}
