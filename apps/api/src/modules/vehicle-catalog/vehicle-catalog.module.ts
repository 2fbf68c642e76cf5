import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type VehicleCatalogModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Wires the vehicle catalog and per-trim price overrides (R18, P25; rows 118–123) into the /api plugin (issue 14). */
export function registerVehicleCatalogModule(_api: FastifyInstance, _deps: VehicleCatalogModuleDeps): void {
  // The calls are registered here as the work lands.
}
