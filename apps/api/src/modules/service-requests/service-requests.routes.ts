import { serviceRequestCalls as calls, TOTAL_COUNT_HEADER } from '@app/contracts/service-requests.contract';
import type { FastifyInstance } from 'fastify';
import { createJsonTextReply } from '../../plugins/json-text-reply';
import { registerCall } from '../../plugins/register-call';
import type { ServiceRequestsService } from './service-requests.service';

export function registerServiceRequestsRoutes(
  app: FastifyInstance,
  { service, verifyReplies }: { service: ServiceRequestsService; verifyReplies: boolean },
) {
  // The lists, the full request and a company's offers are JSON written by SQL (decision 027).
  const send = createJsonTextReply({ verify: verifyReplies });
  registerCall(app, calls.list, async ({ auth, query, reply }) => {
    const { items, total, limit, offset, next_cursor } = await service.listMine(auth, query);
    reply.header(TOTAL_COUNT_HEADER, total);
    const cursor = JSON.stringify(next_cursor);
    return send(
      reply,
      `{"items":${items},"total":${total},"limit":${limit},"offset":${offset},"next_cursor":${cursor}}`,
    );
  });

  const legacyLists = [
    [calls.dealerRequests, service.listDealerRequests],
    [calls.installerRequests, service.listInstallerRequests],
    [calls.installerEstimates, service.listInstallerEstimates],
  ] as const;
  for (const [call, run] of legacyLists) {
    registerCall(app, call, async ({ auth, query, reply }) => {
      const page = await run(auth, query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return send(reply, page.items);
    });
  }

  registerCall(app, calls.requestById, ({ auth, query }) => service.getRequest(auth, query.Id));

  registerCall(app, calls.fullRequest, async ({ auth, query, reply }) =>
    send(reply, await service.getFullRequest(auth, query.Id)),
  );

  registerCall(app, calls.offersOfCompany, async ({ auth, params, query, reply }) => {
    const page = await service.listOffersOfCompany(auth, params.id, query);
    reply.header(TOTAL_COUNT_HEADER, page.total);
    return send(reply, page.items);
  });

  registerCall(app, calls.offersOfRequest, ({ auth, params }) =>
    service.listOffersOfRequest(auth, params.requestId),
  );
  registerCall(app, calls.services, ({ auth, params }) => service.listServices(auth, params.requestId));
  registerCall(app, calls.notes, ({ auth, params }) => service.listNotes(auth, params.requestId));
  registerCall(app, calls.stateHistory, ({ auth, params }) =>
    service.listStateHistory(auth, params.requestId),
  );
  registerCall(app, calls.referral, ({ auth, params }) => service.listReferrals(auth, params.requestId));
  registerCall(app, calls.calendar, ({ auth, params }) => service.listCalendarDays(auth, params.requestId));
}
