import { customerPaths, ZProximityInstaller, ZProximityParams } from '@app/contracts/customers.contract';
import { ZErrorResponse } from '@app/contracts/errors.contract';
import {
  requestCreationPaths as paths,
  ZMatchReply,
  ZRequestIdQuery,
} from '@app/contracts/request-creation.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { MatchingService } from './matching.service';

const tags = ['matching'];
const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

export function registerMatchingRoutes(app: FastifyInstance, { service }: { service: MatchingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    paths.matchAll,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Offer a new dealer request to every eligible specialist (specialist "Any")',
        description:
          'Creates an offer (status offered) for every specialist that offers wholesale work, serves every category of the request’s lines, passes the dealer’s vendor visibility and is within 100 miles. Existing offers are kept; calling again adds none.',
        querystring: ZRequestIdQuery,
        response: { 200: ZMatchReply, ...errors },
      },
    },
    async (request) => service.matchAll(requireAuth(request), request.query.Id),
  );
  r.get(
    paths.matchOne,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Offer a new dealer request to its chosen specialist (assignedTo)',
        querystring: ZRequestIdQuery,
        response: { 200: ZMatchReply, ...errors },
      },
    },
    async (request) => service.matchOne(requireAuth(request), request.query.Id),
  );
  r.get(
    customerPaths.proximity,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Specialists the dealer may send work to (dealer wizard step 1)',
        description:
          'Filtered by the dealer-wide vendor visibility mode. The list length is the N of "Any (N)".',
        params: z.object({ dealerId: ZProximityParams.shape.dealerId }),
        response: { 200: z.array(ZProximityInstaller), ...errors },
      },
    },
    async (request) => service.listProximity(requireAuth(request), request.params.dealerId, null),
  );
  r.get(
    customerPaths.proximityCategory,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Specialists the dealer may send work of one category to',
        description:
          'Filtered by the category’s vendor visibility (preferred mode: dealer_preferred = 1 only).',
        params: ZProximityParams,
        response: { 200: z.array(ZProximityInstaller), ...errors },
      },
    },
    async (request) =>
      service.listProximity(requireAuth(request), request.params.dealerId, request.params.category),
  );
}
