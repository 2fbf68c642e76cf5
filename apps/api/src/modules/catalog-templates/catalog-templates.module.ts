import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-wiring';
import { createCatalogTemplatesRepository } from './catalog-templates.repository';
import { registerCatalogTemplatesRoutes } from './catalog-templates.routes';
import { createCatalogTemplatesService } from './catalog-templates.service';

/** Wires catalog templates and their dealerships (R17, P24; rows 137–147) into the /api plugin (issue 14). */
export function registerCatalogTemplatesModule(api: FastifyInstance, { db, clock }: ModuleDeps): void {
  const service = createCatalogTemplatesService({
    db,
    repository: createCatalogTemplatesRepository(db),
    clock,
  });
  registerCatalogTemplatesRoutes(api, { service });
}
