import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-wiring';
import { createSchedulingRepository } from '../scheduling/scheduling.repository';
import { registerBlockedDaysRoutes } from './blocked-days.routes';
import { createBlockedDaysService } from './blocked-days.service';

/**
 * Blocked days: the installer closes days (holiday, training); availability, the wizards and claims refuse
 * them (row 66; issue 12; decision 024). The refusals elsewhere use `blocked-days.guard.ts`.
 */
export function registerBlockedDaysModule(api: FastifyInstance, { db, clock }: ModuleDeps): void {
  const service = createBlockedDaysService({ db, scheduling: createSchedulingRepository(db), clock });
  registerBlockedDaysRoutes(api, { service });
}
