import { serviceRequestCalls as calls, TOTAL_COUNT_HEADER } from '@app/contracts/service-requests.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { ServiceRequestsService } from './service-requests.service';

/**
 * A reply read from the read cache (read-cache.ts) is the same object for as long as its entry lives, so
 * each route keeps the JSON it wrote for such an object and sends it again instead of writing it again.
 * Per route: the same cached rows are written differently by different routes.
 */
function createReplyBodies() {
  const bodies = new WeakMap<object, string>();
  return (reply: FastifyReply, key: object, payload: unknown) => {
    let body = bodies.get(key);
    if (body === undefined) {
      body = reply.serialize(payload) as string;
      bodies.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}

export function registerServiceRequestsRoutes(
  app: FastifyInstance,
  { service }: { service: ServiceRequestsService },
) {
  const listBodies = createReplyBodies();
  registerCall(app, calls.list, async ({ auth, query, reply }) => {
    const page = await service.listMine(auth, query);
    reply.header(TOTAL_COUNT_HEADER, page.total);
    return listBodies(reply, page.items, page);
  });

  const legacyLists = [
    [calls.dealerRequests, service.listDealerRequests],
    [calls.installerRequests, service.listInstallerRequests],
    [calls.installerEstimates, service.listInstallerEstimates],
  ] as const;
  for (const [call, run] of legacyLists) {
    const bodies = createReplyBodies();
    registerCall(app, call, async ({ auth, query, reply }) => {
      const page = await run(auth, query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return bodies(reply, page.items, page.items);
    });
  }

  registerCall(app, calls.requestById, ({ auth, query }) => service.getRequest(auth, query.Id));

  const fullBodies = createReplyBodies();
  registerCall(app, calls.fullRequest, async ({ auth, query, reply }) => {
    const full = await service.getFullRequest(auth, query.Id);
    return fullBodies(reply, full, full);
  });

  registerCall(app, calls.offersOfCompany, async ({ auth, params, query, reply }) => {
    const page = await service.listOffersOfCompany(auth, params.id, query);
    reply.header(TOTAL_COUNT_HEADER, page.total);
    return page.items;
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
