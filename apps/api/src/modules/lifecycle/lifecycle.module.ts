import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createInvoicingHooks } from '../invoicing-hooks/invoicing-hooks.service';
import { registerLifecycleRoutes } from './lifecycle.routes';
import { createLifecycleService, type LifecycleService } from './lifecycle.service';

/** Wires the lifecycle calls (service → routes) into the /api plugin; returns the service for scheduling. */
export function registerLifecycleModule(
  api: FastifyInstance,
  { db, clock }: { db: Db; clock?: () => Date },
): LifecycleService {
  const service = createLifecycleService({ db, clock, invoicing: createInvoicingHooks() });
  registerLifecycleRoutes(api, { service });
  return service;
}
