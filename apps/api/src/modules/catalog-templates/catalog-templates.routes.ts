import { catalogTemplateCalls as calls } from '@app/contracts/catalog-templates.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CatalogTemplatesService } from './catalog-templates.service';

/** Rows 137–147 (HTTP only). */
export function registerCatalogTemplatesRoutes(
  app: FastifyInstance,
  { service }: { service: CatalogTemplatesService },
) {
  registerCall(app, calls.listTemplates, ({ auth, params }) => service.list(auth, params.typeId));
  registerCall(app, calls.listTemplateDealerships, ({ auth, params }) =>
    service.listDealerships(auth, params.typeId, params.templateId),
  );
  registerCall(app, calls.assignTemplate, ({ auth, params, body }) =>
    service.assign(auth, params.typeId, params.templateId, body.dealership_ids),
  );
  registerCall(app, calls.removeTemplateDealerships, ({ auth, params, body }) =>
    service.unassign(auth, params.typeId, params.templateId, body.dealership_ids),
  );
  registerCall(app, calls.searchTemplates, ({ auth, params, query }) =>
    service.search(auth, params.typeId, query),
  );
  registerCall(app, calls.getTemplateDetail, ({ auth, params }) =>
    service.detail(auth, params.typeId, params.templateId),
  );
  registerCall(app, calls.listInstallerDealerships, ({ auth, params }) =>
    service.listInstallerDealerships(auth, params.typeId),
  );
  registerCall(app, calls.createTemplate, ({ auth, body }) => service.create(auth, body));
  registerCall(app, calls.updateTemplate, ({ auth, params, body }) =>
    service.update(auth, params.typeId, params.templateId, body),
  );
  registerCall(app, calls.deleteTemplate, ({ auth, params }) =>
    service.remove(auth, params.typeId, params.templateId),
  );
  registerCall(app, calls.listTemplateCatalog, ({ auth, params }) => service.catalog(auth, params.typeId));
}
