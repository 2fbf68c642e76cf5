import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createServiceCatalogRepository } from './service-catalog.repository';
import { registerServiceCatalogRoutes } from './service-catalog.routes';
import { createServiceCatalogService } from './service-catalog.service';

export type ServiceCatalogModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Wires the installer's service catalog (R16, P23; rows 111–117) into the /api plugin (issue 14). */
export function registerServiceCatalogModule(api: FastifyInstance, { db }: ServiceCatalogModuleDeps): void {
  const service = createServiceCatalogService({ repository: createServiceCatalogRepository(db) });
  registerServiceCatalogRoutes(api, { service });
}
