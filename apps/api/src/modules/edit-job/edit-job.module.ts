import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createContextLoader } from '../lifecycle/lifecycle.context';
import { createLifecycleRepository } from '../lifecycle/lifecycle.repository';
import {
  createRequestCreationContext,
  type RequestCreationServiceDeps,
} from '../request-creation/request-creation.context';
import type { ServiceRequestsService } from '../service-requests/service-requests.service';
import { createEditJobRepository } from './edit-job.repository';
import { registerEditJobRoutes } from './edit-job.routes';
import { createEditJobService, type EditJobServiceDeps } from './edit-job.service';

/**
 * What edit job takes from the app: the request-creation service's dependencies (the wizards' pricing,
 * totals and line writes) and the service-requests reads, the app's own instances.
 */
export type EditJobModuleDeps = {
  db: Db;
  clock?: () => Date;
  creation: RequestCreationServiceDeps;
  reads: ServiceRequestsService;
};

/** The lifecycle's load and the wizards' pricing, wired for the edit (tests replace one part to inject a failure). */
export function createEditJobServiceDeps({
  db,
  clock = () => new Date(),
  creation,
  reads,
}: EditJobModuleDeps): EditJobServiceDeps {
  const lifecycle = createLifecycleRepository();
  return {
    db,
    loadContext: createContextLoader({ repository: lifecycle, clock }),
    lifecycle,
    creation: createRequestCreationContext(creation),
    editJob: createEditJobRepository(),
    reads,
  };
}

/** Edit job in one transaction (R22; row 158; issue 16). */
export function registerEditJobModule(api: FastifyInstance, deps: EditJobModuleDeps): void {
  registerEditJobRoutes(api, { service: createEditJobService(createEditJobServiceDeps(deps)) });
}
