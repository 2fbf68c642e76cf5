import { outboxCalls as calls } from '@app/contracts/outbox.contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../platform/security/auth-context';
import { registerCall } from '../../plugins/register-call';
import type { OutboxService } from './outbox.service';

/** The service-requests module's read: resolves for a request the caller may see, else throws NOT_FOUND. */
export type RequestReader = { getRequest(auth: AuthContext, requestId: number): Promise<unknown> };

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
  if (devMailbox) {
    registerCall(app, calls.devOutbox, ({ auth, query }) =>
      service.listDevMessages(auth, { channel: query.channel }),
    );
  }
  registerCall(app, calls.requestDeliveries, async ({ auth, params }) => {
    // Only a request the caller may read (404 otherwise, as every request read).
    await requests.getRequest(auth, params.requestId);
    return service.listRequestDeliveries(params.requestId);
  });
}
