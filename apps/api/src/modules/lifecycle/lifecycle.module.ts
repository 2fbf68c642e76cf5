import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createInvoicingHooks, type InvoicingPayments } from '../invoicing-hooks/invoicing-hooks.service';
import { createLifecycleRepository } from './lifecycle.repository';
import { registerLifecycleRoutes } from './lifecycle.routes';
import { createLifecycleService, type LifecycleService } from './lifecycle.service';

/**
 * Wires the lifecycle calls (service → routes) into the /api plugin; returns the service for scheduling.
 * Invoices are the payments service's: the lifecycle's hooks call it (never its tables).
 */
export function registerLifecycleModule(
  api: FastifyInstance,
  { db, clock, payments }: { db: Db; clock?: () => Date; payments: InvoicingPayments },
): LifecycleService {
  const service = createLifecycleService({
    db,
    repository: createLifecycleRepository(),
    clock,
    invoicing: createInvoicingHooks(payments),
  });
  registerLifecycleRoutes(api, { service });
  return service;
}
