import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type CatalogTemplatesModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Wires catalog templates and their dealerships (R17, P24; rows 137–147) into the /api plugin (issue 14). */
export function registerCatalogTemplatesModule(
  _api: FastifyInstance,
  _deps: CatalogTemplatesModuleDeps,
): void {
  // The calls are registered here as the work lands.
}
