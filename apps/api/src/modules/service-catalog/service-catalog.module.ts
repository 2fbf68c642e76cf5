import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-wiring';
import { createServiceCatalogRepository } from './service-catalog.repository';
import { registerServiceCatalogRoutes } from './service-catalog.routes';
import { createServiceCatalogService } from './service-catalog.service';

/** Wires the installer's service catalog (R16, P23; rows 111–117) into the /api plugin (issue 14). */
export function registerServiceCatalogModule(api: FastifyInstance, { db }: ModuleDeps): void {
  const service = createServiceCatalogService({ repository: createServiceCatalogRepository(db) });
  registerServiceCatalogRoutes(api, { service });
}
