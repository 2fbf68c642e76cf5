import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createCatalogTemplatesRepository } from './catalog-templates.repository';
import { registerCatalogTemplatesRoutes } from './catalog-templates.routes';
import { createCatalogTemplatesService } from './catalog-templates.service';

export type CatalogTemplatesModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Wires catalog templates and their dealerships (R17, P24; rows 137–147) into the /api plugin (issue 14). */
export function registerCatalogTemplatesModule(
  api: FastifyInstance,
  { db, clock }: CatalogTemplatesModuleDeps,
): void {
  const service = createCatalogTemplatesService({
    db,
    repository: createCatalogTemplatesRepository(db),
    clock,
  });
  registerCatalogTemplatesRoutes(api, { service });
}
