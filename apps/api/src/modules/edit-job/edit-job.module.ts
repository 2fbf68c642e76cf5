import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createContextLoader } from '../lifecycle/lifecycle.context';
import { createLifecycleRepository } from '../lifecycle/lifecycle.repository';
import { createRequestCreationContext } from '../request-creation/request-creation.context';
import { createCreationModules } from '../request-creation/request-creation.module';
import { createServiceRequestsRepository } from '../service-requests/service-requests.repository';
import { createServiceRequestsService } from '../service-requests/service-requests.service';
import { createEditJobRepository } from './edit-job.repository';
import { registerEditJobRoutes } from './edit-job.routes';
import { createEditJobService, type EditJobServiceDeps } from './edit-job.service';

export type EditJobModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** The lifecycle's load and the wizards' pricing, wired for the edit (tests replace one part to inject a failure). */
export function createEditJobServiceDeps({
  db,
  config,
  clock = () => new Date(),
}: EditJobModuleDeps): EditJobServiceDeps {
  const lifecycle = createLifecycleRepository();
  const loadContext = createContextLoader({ repository: lifecycle, clock });
  const { serviceDeps } = createCreationModules({ db, config, clock });
  return {
    db,
    loadContext,
    lifecycle,
    creation: createRequestCreationContext(serviceDeps),
    editJob: createEditJobRepository(),
    reads: createServiceRequestsService({ repository: createServiceRequestsRepository(db) }),
  };
}

/** Edit job in one transaction (R22; row 158; issue 16). */
export function registerEditJobModule(api: FastifyInstance, deps: EditJobModuleDeps): void {
  registerEditJobRoutes(api, { service: createEditJobService(createEditJobServiceDeps(deps)) });
}
