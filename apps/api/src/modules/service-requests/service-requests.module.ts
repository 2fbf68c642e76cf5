import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createServiceRequestsRepository } from './service-requests.repository';
import { registerServiceRequestsRoutes } from './service-requests.routes';
import { createServiceRequestsService } from './service-requests.service';

/** Wires the request list and detail reads (repository → service → routes) into the /api plugin. */
export function registerServiceRequestsModule(api: FastifyInstance, { db }: { db: Db }) {
  const service = createServiceRequestsService({ repository: createServiceRequestsRepository(db) });
  registerServiceRequestsRoutes(api, { service });
  return service;
}
