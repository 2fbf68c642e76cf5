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
import type { AuthContext } from '../../platform/security/auth-context';
import { requireAuth } from '../../plugins/auth-guard';
import type { OutboxService } from './outbox.service';

/** The service-requests module's read: resolves for a request the caller may see, else throws NOT_FOUND. */
export type RequestReader = { getRequest(auth: AuthContext, requestId: number): Promise<unknown> };

const tags = ['outbox'];

export function registerOutboxRoutes(
  app: FastifyInstance,
  {
    service,
    requests,
    devMailbox,
  }: {
    service: OutboxService;
    requests: RequestReader;
    /** Register GET /dev/outbox (MAIL_OUTBOX_VIEWER with the local mail adapter); without it the call is absent. */
    devMailbox: boolean;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  if (devMailbox) {
    r.get(
      outboxPaths.devOutbox,
      {
        config: { effect: 'read' },
        schema: {
          tags,
          summary:
            'Dev mailbox: e-mails and SMS the local adapters delivered to the caller and its companies, newest first',
          description:
            'Only with MAIL_OUTBOX_VIEWER on and no SMTP server configured (never in production); otherwise 404 ROUTE_NOT_FOUND.',
          querystring: ZDevOutboxQuery,
          response: { 200: ZDevOutboxResponse, 401: ZErrorResponse },
        },
      },
      async (request) => service.listDevMessages(requireAuth(request), { channel: request.query.channel }),
    );
  }

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
