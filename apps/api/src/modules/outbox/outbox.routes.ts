import { ZErrorResponse } from '@app/contracts/errors.contract';
import {
  outboxPaths,
  ZDevOutboxQuery,
  ZDevOutboxResponse,
  ZRequestDeliveriesParams,
  ZRequestDeliveriesResponse,
} from '@app/contracts/outbox.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { OutboxService } from './outbox.service';

const tags = ['outbox'];

export function registerOutboxRoutes(app: FastifyInstance, { service }: { service: OutboxService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    outboxPaths.devOutbox,
    {
      schema: {
        tags,
        summary: 'Dev mailbox: e-mails and SMS of the local adapters, newest first (not in production)',
        querystring: ZDevOutboxQuery,
        response: { 200: ZDevOutboxResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      requireAuth(request);
      return service.listDevMessages({ channel: request.query.channel });
    },
  );

  r.get(
    outboxPaths.requestDeliveries,
    {
      schema: {
        tags,
        summary: 'Delivery state of the side effects (e-mail, SMS, calendar…) of a request',
        params: ZRequestDeliveriesParams,
        response: { 200: ZRequestDeliveriesResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      requireAuth(request);
      return service.listRequestDeliveries(request.params.requestId);
    },
  );
}
