import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type ServiceCatalogModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Wires the installer's service catalog (R16, P23; rows 111–117) into the /api plugin (issue 14). */
export function registerServiceCatalogModule(_api: FastifyInstance, _deps: ServiceCatalogModuleDeps): void {
  // The calls are registered here as the work lands.
}
