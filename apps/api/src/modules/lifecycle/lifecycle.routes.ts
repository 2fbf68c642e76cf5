import { AppError, ZErrorResponse } from '@app/contracts/errors.contract';
import {
  actionBodySchemas,
  lifecyclePaths as paths,
  resolveActionName,
  type TActionInput,
  ZActionBody,
  ZActionParams,
  ZActionsQuery,
  ZActionsReply,
  ZAllServiceBody,
  ZBookingEmailReply,
  ZClaimBody,
  ZOfferUpdateBody,
  ZRequestIdParam,
  ZRequestIdQuery,
  ZRequestStateBody,
  ZRequestStateReply,
  ZRequestUpdateBody,
  ZRequestUpdateReply,
  ZServiceStateBody,
  ZTransferBody,
  ZTransferInternalBody,
  ZTransferReply,
  ZTransitionResult,
} from '@app/contracts/lifecycle.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { LifecycleService } from './lifecycle.service';

const tags = ['lifecycle'];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const refusals =
  '400 VALIDATION_FAILED (payload or a guard: start date outside the picker, invalid VIN, no score…), 403 FORBIDDEN (ASSIST, wrong role, another company), 404 NOT_FOUND, 409 INVALID_TRANSITION naming the state and the action.';

export function registerLifecycleRoutes(app: FastifyInstance, { service }: { service: LifecycleService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    paths.action,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Run one lifecycle action on a request (the actions whose call the spec does not name)',
        description: [
          'action (case-insensitive; button labels such as "CHECK IN" also work) and its body:',
          'accept {startDate} · claim {startDate} · assign {installerId} · book {startDate} (BOOK JOB) ·',
          'completeEstimate {} (JOB COMPLETED) · checkIn {vin} · reschedule {} · startService {serviceId} ·',
          'finishService {serviceId} · completeJob {} · deliver {} · review {reviewScore 1–5} · delete {} ·',
          'reject {} · transfer {toInstaller} · setDeposit {depositAmount (dollars, 0 removes)}.',
          `Fields not listed for the action are refused. ${refusals}`,
        ].join(' '),
        params: ZActionParams,
        body: ZActionBody,
        response: { 200: ZTransitionResult, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const action = resolveActionName(request.params.action);
      if (!action) {
        throw new AppError('VALIDATION_FAILED', `Unknown action: ${request.params.action}`, {
          details: [{ field: 'params.action', message: 'unknown action' }],
        });
      }
      const parsed = actionBodySchemas[action].safeParse(request.body ?? {});
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          field: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        throw new AppError('VALIDATION_FAILED', `${details[0]?.field}: ${details[0]?.message}`, { details });
      }
      return service.perform(auth, request.params.requestId, action, parsed.data as TActionInput);
    },
  );

  r.get(
    paths.actions,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'The actions (buttons) the caller may use on a request now, from the transition table',
        description:
          'Optional serviceId (the selected service row), vin (typed so far), reviewScore and toInstaller make the enabling rules of 000 §5 apply. ASSIST gets no actions.',
        params: ZRequestIdParam,
        querystring: ZActionsQuery,
        response: { 200: ZActionsReply, ...errors },
      },
    },
    async (request) => service.listActions(requireAuth(request), request.params.requestId, request.query),
  );

  r.put(
    paths.requestById,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary:
          'Update a request (?Id=): state change through the transition table, review, deposit, start date, note',
        description: `The whole request may be sent; only currentState, reviewScore, depositAmount, startDate and notes change anything (one change per call, plus a note). Stored fields echoed with another value, and unknown fields, are refused. ${refusals}`,
        querystring: ZRequestIdQuery,
        body: ZRequestUpdateBody,
        response: { 200: ZRequestUpdateReply, ...errors },
      },
    },
    async (request) => service.updateRequest(requireAuth(request), request.query.Id, request.body),
  );

  for (const [path, summary] of [
    [
      paths.offer,
      'Change the caller’s offer: accepted (accept with startDate), rejected, offered (RESCHEDULE), scheduled (BOOK JOB / claim / ASSIGN)',
    ],
    [
      paths.offerState,
      'Offer status change (same as PUT /requestOffered/{requestId}; offerState is an alias of currentStatus)',
    ],
  ] as const) {
    r.put(
      path,
      {
        config: { effect: 'write' },
        schema: {
          tags,
          summary,
          description: `scheduled: a dealer ASSIGNs installerId; an installer claims an open request or books its job (startDate). ${refusals}`,
          params: ZRequestIdParam,
          body: ZOfferUpdateBody,
          response: { 200: ZTransitionResult, ...errors },
        },
      },
      async (request) => {
        const status = request.body.currentStatus ?? request.body.offerState;
        if (!status) {
          throw new AppError('VALIDATION_FAILED', 'body.currentStatus: Required', {
            details: [{ field: 'body.currentStatus', message: 'Required' }],
          });
        }
        return service.changeOffer(requireAuth(request), request.params.requestId, {
          status,
          startDate: request.body.startDate,
          installerId: request.body.installerId,
        });
      },
    );
  }

  r.put(
    paths.serviceState,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'START SERVICE (serviceState started) or FINISH SERVICE (finished) on one service line',
        description: `The first service started moves the job received → started, the calendar to started, and texts the dealer and customer. ${refusals}`,
        params: ZRequestIdParam,
        body: ZServiceStateBody,
        response: { 200: ZTransitionResult, ...errors },
      },
    },
    async (request) =>
      service.changeServiceState(requireAuth(request), request.params.requestId, request.body),
  );

  r.put(
    paths.allServices,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'COMPLETE JOB: every service finished, final invoice, dealer or customer texted',
        description: `On an estimate still new this is JOB COMPLETED (redirectTo /pickups). Body optional. ${refusals}`,
        params: ZRequestIdParam,
        body: ZAllServiceBody,
        response: { 200: ZTransitionResult, ...errors },
      },
    },
    async (request) => service.completeAllServices(requireAuth(request), request.params.requestId),
  );

  r.post(
    paths.requestState,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Record a state-history entry (the server already writes one for every transition)',
        description:
          'Deduplicated by (requestId, requestStatus, stateDate, serviceId): a record identical to one already written (the server’s own record of the transition within 5 minutes of stateDate, or an earlier post with the same stateDate to the second) is not written again (duplicate: true). The caller is recorded as changedBy; the body’s changedBy fields are ignored.',
        body: ZRequestStateBody,
        response: { 200: ZRequestStateReply, ...errors },
      },
    },
    async (request) => service.recordState(requireAuth(request), request.body),
  );

  r.post(
    paths.claim,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Claim and book an open dealer request (assignedTo 0) in one step',
        description:
          'installerId is the caller. The request row is locked for the claim, so of many simultaneous claims (from any API process) exactly one wins; the others get 409 CONFLICT "This job has already been claimed by another specialist.". The winner gets the job scheduled: offer scheduled, calendar booked over start … start + duration − 1, schedule saved, booking e-mail and calendar appointment queued.',
        params: ZRequestIdParam,
        body: ZClaimBody,
        response: { 200: ZTransitionResult, ...errors },
      },
    },
    async (request) =>
      service.claim(requireAuth(request), request.params.requestId, {
        installerId: request.body.installerId,
        startDate: request.body.startDate,
      }),
  );

  r.post(
    paths.transferInternal,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Transfer a new job assigned to the caller to another location of its installer group',
        description: `fromInstaller must be the caller. The job stays new, now assigned to toInstaller, with the offer and calendar days. ${refusals}`,
        body: ZTransferInternalBody,
        response: { 200: ZTransferReply, ...errors },
      },
    },
    async (request) => service.transfer(requireAuth(request), request.body),
  );

  r.post(
    paths.transfer,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Transfer a job (row 54, shape ours): POST /transfer/internal from the caller’s own company',
        body: ZTransferBody,
        response: { 200: ZTransferReply, ...errors },
      },
    },
    async (request) => service.transfer(requireAuth(request), request.body),
  );

  r.get(
    paths.bookingEmail,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary:
          'Send the booking e-mail of a booked job (BOOK JOB already queues it: at most once per change)',
        params: ZRequestIdParam,
        response: { 200: ZBookingEmailReply, ...errors },
      },
    },
    async (request) => service.sendBookingEmail(requireAuth(request), request.params.requestId),
  );
}
