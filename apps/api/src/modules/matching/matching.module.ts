import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createMatchingRepository } from './matching.repository';
import { registerMatchingRoutes } from './matching.routes';
import { createMatchingService } from './matching.service';

/** Dealer → specialist eligibility, the specialists list and /matchAll/, /matchA/. */
export function createMatchingModule({ db }: { db: Db }) {
  const service = createMatchingService({ db, repository: createMatchingRepository(db) });
  return { service, registerRoutes: (api: FastifyInstance) => registerMatchingRoutes(api, { service }) };
}
