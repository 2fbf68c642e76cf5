import { ZErrorResponse } from '@app/contracts/errors.contract';
import {
  serviceRequestPaths as paths,
  TOTAL_COUNT_HEADER,
  ZCalendarDay,
  ZCompanyListQuery,
  ZFullRequest,
  ZListQuery,
  ZPagingQuery,
  ZRequestIdParam,
  ZRequestIdQuery,
  ZRequestimate,
  ZRequestList,
  ZRequestNote,
  ZRequestOffer,
  ZRequestReferral,
  ZRequestService,
  ZRequestStateRecord,
  ZTypeIdParam,
} from '@app/contracts/service-requests.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { ServiceRequestsService } from './service-requests.service';

const tags = ['service-requests'];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const pagingNote =
  'Optional mode=requests|jobs|pickups (omitted: all three), limit (default 50, max 200) and offset; ordered by availableDate, then requestId. The total is in the X-Total-Count header.';

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
  const r = app.withTypeProvider<ZodTypeProvider>();

  const listBodies = createReplyBodies();
  r.get(
    paths.list,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary:
          'The caller’s list (dealer requests, or installer estimates merged with offered dealer requests)',
        description: `${pagingNote} Merging and paging happen in one SQL query.`,
        querystring: ZListQuery,
        response: { 200: ZRequestList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await service.listMine(requireAuth(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return listBodies(reply, page.items, page);
    },
  );

  const legacyLists = [
    {
      path: paths.dealerRequests,
      summary: 'A dealership’s requests (?Id= its dealer id)',
      run: service.listDealerRequests,
    },
    {
      path: paths.installerRequests,
      summary: 'Dealer requests offered or assigned to an installer (?Id= its installer id)',
      run: service.listInstallerRequests,
    },
    {
      path: paths.installerEstimates,
      summary: 'An installer’s own estimates (?Id= its installer id)',
      run: service.listInstallerEstimates,
    },
  ];
  for (const { path, summary, run } of legacyLists) {
    const bodies = createReplyBodies();
    r.get(
      path,
      {
        config: { effect: 'read' },
        schema: {
          tags,
          summary,
          description: pagingNote,
          querystring: ZCompanyListQuery,
          response: { 200: z.array(ZRequestimate).describe('headers: X-Total-Count'), ...errors },
        },
      },
      async (request, reply) => {
        const page = await run(requireAuth(request), request.query);
        reply.header(TOTAL_COUNT_HEADER, page.total);
        return bodies(reply, page.items, page.items);
      },
    );
  }

  r.get(
    paths.requestById,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'One request (?Id= the request id)',
        querystring: ZRequestIdQuery,
        response: { 200: ZRequestimate, ...errors },
      },
    },
    async (request) => service.getRequest(requireAuth(request), request.query.Id),
  );

  const fullBodies = createReplyBodies();
  r.get(
    paths.fullRequest,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'A request with its services, notes, offers, calendar days and payments, in one reply',
        querystring: ZRequestIdQuery,
        response: { 200: ZFullRequest, ...errors },
      },
    },
    async (request, reply) => {
      const full = await service.getFullRequest(requireAuth(request), request.query.Id);
      return fullBodies(reply, full, full);
    },
  );

  r.get(
    paths.offersOfCompany,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Offers of the caller’s company: a dealer’s accepted offers, an installer’s own offers',
        description: 'limit (default 50, max 200) and offset; the total is in the X-Total-Count header.',
        params: ZTypeIdParam,
        querystring: ZPagingQuery,
        response: { 200: z.array(ZRequestOffer), ...errors },
      },
    },
    async (request, reply) => {
      const page = await service.listOffersOfCompany(
        requireAuth(request),
        request.params.typeId,
        request.query,
      );
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return page.items;
    },
  );

  r.get(
    paths.offersOfRequest,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Offers of a request: dealers see accepted offers, an installer its own',
        params: ZRequestIdParam,
        response: { 200: z.array(ZRequestOffer), ...errors },
      },
    },
    async (request) => service.listOffersOfRequest(requireAuth(request), request.params.requestId),
  );

  // Decision 3: both spellings answer.
  for (const path of [paths.services, paths.servicesPlural]) {
    r.get(
      path,
      {
        config: { effect: 'read' },
        schema: {
          tags,
          summary: 'Service lines of a request',
          params: ZRequestIdParam,
          response: { 200: z.array(ZRequestService), ...errors },
        },
      },
      async (request) => service.listServices(requireAuth(request), request.params.requestId),
    );
  }

  r.get(
    paths.notes,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Notes of a request',
        params: ZRequestIdParam,
        response: { 200: z.array(ZRequestNote), ...errors },
      },
    },
    async (request) => service.listNotes(requireAuth(request), request.params.requestId),
  );

  r.get(
    paths.stateHistory,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'State history of a request, oldest first',
        params: ZRequestIdParam,
        response: { 200: z.array(ZRequestStateRecord), ...errors },
      },
    },
    async (request) => service.listStateHistory(requireAuth(request), request.params.requestId),
  );

  r.get(
    paths.referral,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Referral linked to a request (empty when none)',
        params: ZRequestIdParam,
        response: { 200: z.array(ZRequestReferral), ...errors },
      },
    },
    async (request) => service.listReferrals(requireAuth(request), request.params.requestId),
  );

  r.get(
    paths.calendar,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Calendar days of a request',
        params: ZRequestIdParam,
        response: { 200: z.array(ZCalendarDay), ...errors },
      },
    },
    async (request) => service.listCalendarDays(requireAuth(request), request.params.requestId),
  );
}
