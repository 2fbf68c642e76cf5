import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { MatchingService } from '../matching/matching.service';
import { createCatalogRepository } from './catalog.repository';
import { registerCatalogRoutes } from './catalog.routes';
import { createCatalogService } from './catalog.service';

/** Categories, priced services and tax rates for the creation wizards. */
export function createCatalogModule({ db, matching }: { db: Db; matching: MatchingService }) {
  const service = createCatalogService({ repository: createCatalogRepository(db), matching });
  return { service, registerRoutes: (api: FastifyInstance) => registerCatalogRoutes(api, { service }) };
}
