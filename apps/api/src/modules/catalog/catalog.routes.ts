import {
  catalogPaths as paths,
  ZCatalogService,
  ZCategoriesParams,
  ZCategory,
  ZServicesParams,
  ZServicesWithDealerParams,
  ZTaxParams,
  ZTaxReply,
} from '@app/contracts/catalog.contract';
import { ZErrorResponse } from '@app/contracts/errors.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { CatalogService } from './catalog.service';

const tags = ['catalog'];
const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const servicesDescription =
  'Priced for the vehicle size and trim (a trim override replaces the size price). Third segment WHOLE/WHOLESALE/DEALER = wholesale catalog, anything else = retail. Category All = every category. Installer id 0 (dealers) = every specialist the dealer may use, merged by category and description at the lowest price. Dealers never see custom services and get both wholesale_price and retail_price.';

export function registerCatalogRoutes(app: FastifyInstance, { service }: { service: CatalogService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    paths.categories,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Service categories of a specialist (0: of every specialist the dealer may use)',
        params: ZCategoriesParams,
        response: { 200: z.array(ZCategory), ...errors },
      },
    },
    async (request) => service.listCategories(requireAuth(request), request.params.installerId),
  );
  r.get(
    paths.servicesWithDealer,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Priced services: /services/{installer}/{size}/{catalog}/{category}/{dealerId}/{trimId}',
        description: servicesDescription,
        params: ZServicesWithDealerParams,
        response: { 200: z.array(ZCatalogService), ...errors },
      },
    },
    async (request) => service.listServices(requireAuth(request), request.params),
  );
  r.get(
    paths.services,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Priced services: /services/{installer}/{size}/{catalog}/{category}/{trimId}',
        description: servicesDescription,
        params: ZServicesParams,
        response: { 200: z.array(ZCatalogService), ...errors },
      },
    },
    async (request) => service.listServices(requireAuth(request), request.params),
  );
  r.get(
    paths.taxes,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Sales tax rate (percentage) by Stripe tax rate id or installer id',
        params: ZTaxParams,
        response: { 200: ZTaxReply, ...errors },
      },
    },
    async (request) => service.getTaxRate(request.params.taxRateId),
  );
}
