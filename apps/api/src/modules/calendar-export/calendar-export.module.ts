import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-wiring';
import { createSchedulingRepository } from '../scheduling/scheduling.repository';
import { createCalendarExportRepository } from './calendar-export.repository';
import { registerCalendarExportRoutes } from './calendar-export.routes';
import { createCalendarExportService } from './calendar-export.service';

/** Export Week: the week's A4 PDF (002 §2.5; M134, M141; issue 12; decision 024). */
export function registerCalendarExportModule(api: FastifyInstance, { db, clock }: ModuleDeps): void {
  const service = createCalendarExportService({
    db,
    repository: createCalendarExportRepository(db),
    scheduling: createSchedulingRepository(db),
    clock,
  });
  registerCalendarExportRoutes(api, { service });
}
