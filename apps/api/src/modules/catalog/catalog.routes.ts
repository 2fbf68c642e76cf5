import { catalogCalls as calls } from '@app/contracts/catalog.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CatalogService } from './catalog.service';

export function registerCatalogRoutes(app: FastifyInstance, { service }: { service: CatalogService }) {
  registerCall(app, calls.listCategories, ({ auth, params }) =>
    service.listCategories(auth, params.installerId),
  );
  registerCall(app, calls.listServicesForDealer, ({ auth, params }) => service.listServices(auth, params));
  registerCall(app, calls.listServices, ({ auth, params }) => service.listServices(auth, params));
  registerCall(app, calls.getTaxRate, ({ params }) => service.getTaxRate(params.taxRateId));
}
