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
import type { AuthContext } from '../auth/auth-context';
import type { OutboxService } from './outbox.service';

/** The service-requests module's read: resolves for a request the caller may see, else throws NOT_FOUND. */
export type RequestReader = { getRequest(auth: AuthContext, requestId: number): Promise<unknown> };

const tags = ['outbox'];

export function registerOutboxRoutes(
  app: FastifyInstance,
  { service, requests }: { service: OutboxService; requests: RequestReader },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    outboxPaths.devOutbox,
    {
      config: { effect: 'read' },
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
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Delivery state of the side effects (e-mail, SMS, calendar…) of a request',
        params: ZRequestDeliveriesParams,
        response: { 200: ZRequestDeliveriesResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Only a request the caller may read (404 otherwise, as every request read).
      await requests.getRequest(auth, request.params.requestId);
      return service.listRequestDeliveries(request.params.requestId);
    },
  );
}
