import { serviceCatalogCalls as calls } from '@app/contracts/service-catalog.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { ServiceCatalogService } from './service-catalog.service';

/** Rows 111–117 (HTTP only; the service checks whose catalog it is). */
export function registerServiceCatalogRoutes(
  app: FastifyInstance,
  { service }: { service: ServiceCatalogService },
) {
  registerCall(app, calls.listCategoryServices, ({ auth, params }) =>
    service.listCategoryServices(auth, params.installerId, params.category),
  );
  registerCall(app, calls.maxMasterService, ({ auth, params }) =>
    service.maxMasterService(auth, params.installerId),
  );
  registerCall(app, calls.maxService, ({ auth, params }) => service.maxService(auth, params.installerId));
  registerCall(app, calls.createService, async ({ auth, body, reply }) => {
    const result = await service.createService(auth, body);
    reply.status(result.created ? 201 : 200);
    return result.reply;
  });
  registerCall(app, calls.getMasterService, ({ auth, params }) =>
    service.getMasterService(auth, params.installerId, params.masterServiceId),
  );
  registerCall(app, calls.updateService, ({ auth, params, body }) =>
    service.updateService(auth, params.id, params.installerId, body),
  );
  registerCall(app, calls.deleteService, ({ auth, params }) =>
    service.deleteService(auth, params.id, params.installerId),
  );
}
