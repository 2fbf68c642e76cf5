import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-wiring';
import { createVehicleCatalogRepository } from './vehicle-catalog.repository';
import { registerVehicleCatalogRoutes } from './vehicle-catalog.routes';
import { createVehicleCatalogService } from './vehicle-catalog.service';

/** Wires the vehicle catalog and per-trim price overrides (R18, P25; rows 118–123) into the /api plugin (issue 14). */
export function registerVehicleCatalogModule(api: FastifyInstance, { db }: ModuleDeps): void {
  const service = createVehicleCatalogService({ db, repository: createVehicleCatalogRepository(db) });
  registerVehicleCatalogRoutes(api, { service });
}
