import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-wiring';
import { createSchedulingRepository } from '../scheduling/scheduling.repository';
import { createCalendarRepository } from './calendar.repository';
import { registerCalendarRoutes } from './calendar.routes';
import { createCalendarService } from './calendar.service';
import { createCalendarSync } from './calendar.sync';

/** The installer's calendar screen (R14; rows 61–65; issue 12; decision 022). */
export function registerCalendarModule(api: FastifyInstance, { db }: ModuleDeps): void {
  const service = createCalendarService({
    repository: createCalendarRepository(db),
    scheduling: createSchedulingRepository(db),
    sync: createCalendarSync(db),
  });
  registerCalendarRoutes(api, { service });
}
