import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createReadCache } from './read-cache';
import { createServiceRequestsRepository } from './service-requests.repository';
import { registerServiceRequestsRoutes } from './service-requests.routes';
import { createServiceRequestsService } from './service-requests.service';

/** Wires the request list and detail reads (repository → service → routes) into the /api plugin. */
export function registerServiceRequestsModule(
  api: FastifyInstance,
  { db, config }: { db: Db; config: Pick<Config, 'readCacheBytes' | 'env'> },
) {
  const cache = config.readCacheBytes > 0 ? createReadCache({ maxBytes: config.readCacheBytes }) : undefined;
  const service = createServiceRequestsService({
    repository: createServiceRequestsRepository(db, { cache }),
  });
  registerServiceRequestsRoutes(api, { service, verifyReplies: config.env === 'test' });
  return service;
}
