import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createVehicleCatalogRepository } from './vehicle-catalog.repository';
import { registerVehicleCatalogRoutes } from './vehicle-catalog.routes';
import { createVehicleCatalogService } from './vehicle-catalog.service';

export type VehicleCatalogModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Wires the vehicle catalog and per-trim price overrides (R18, P25; rows 118–123) into the /api plugin (issue 14). */
export function registerVehicleCatalogModule(api: FastifyInstance, { db }: VehicleCatalogModuleDeps): void {
  const service = createVehicleCatalogService({ db, repository: createVehicleCatalogRepository(db) });
  registerVehicleCatalogRoutes(api, { service });
}
