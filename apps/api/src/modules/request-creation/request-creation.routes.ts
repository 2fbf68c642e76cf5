import { ZErrorResponse } from '@app/contracts/errors.contract';
import {
  requestCreationPaths as paths,
  ZAddServiceBody,
  ZAddServiceReply,
  ZCreateNoteBody,
  ZCreateNoteReply,
  ZCreateOfferBody,
  ZCreateRequestBody,
  ZCreateRequestReply,
  ZDuplicateCheckBody,
  ZDuplicateEntry,
  ZMailchimpBody,
  ZOfferReply,
  ZPushBody,
  ZQueuedReply,
  ZRequestEmailQuery,
  ZRequestIdParams,
} from '@app/contracts/request-creation.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { RequestCreationService } from './request-creation.service';

const tags = ['request-creation'];
const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

export function registerRequestCreationRoutes(
  app: FastifyInstance,
  { service }: { service: RequestCreationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    paths.create,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Create a request (dealer), estimate, booked appointment or dealer job (installer)',
        description:
          'Totals are computed by the server from the lines and the catalog. With `services`, submitted totals must agree within 0.01 (else 400 "Pricing validation failed: …", nothing stored). Without, totals come with each POST /requestService. Writes the state record (created, or scheduled), the note, and for installers their offer, calendar days and schedule.',
        body: ZCreateRequestBody,
        response: { 200: ZCreateRequestReply, ...errors },
      },
    },
    async (request) => service.createRequest(requireAuth(request), request.body),
  );
  for (const path of [paths.service, paths.serviceAlias]) {
    r.post(
      path,
      {
        config: { effect: 'write' },
        schema: {
          tags,
          summary: 'Add a service line (priced from the catalog); recomputes the request’s totals',
          description:
            'serviceAmount, serviceValue and serviceFee, when sent, must be the catalog’s within 0.01. Discounts: installers only (dealers get 403). Custom services (priced 0): installers, with customDescription, serviceAmount and serviceDuration.',
          body: ZAddServiceBody,
          response: { 200: ZAddServiceReply, ...errors },
        },
      },
      async (request) => service.addService(requireAuth(request), request.body),
    );
  }
  r.post(
    paths.note,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Add a note to a request (non-empty)',
        body: ZCreateNoteBody,
        response: { 200: ZCreateNoteReply, ...errors },
      },
    },
    async (request) => service.addNote(requireAuth(request), request.body),
  );
  r.post(
    paths.offer,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Record an offer (idempotent per request and installer)',
        body: ZCreateOfferBody,
        response: { 200: ZOfferReply, ...errors },
      },
    },
    async (request) => service.addOffer(requireAuth(request), request.body),
  );
  r.get(
    paths.requestEmail,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary:
          'E-mail the new request to the specialists holding an offer (and ?contactId= a team contact)',
        params: ZRequestIdParams,
        querystring: ZRequestEmailQuery,
        response: { 200: ZQueuedReply, ...errors },
      },
    },
    async (request) =>
      service.sendRequestEmail(requireAuth(request), request.params.requestId, request.query.contactId),
  );
  r.post(
    paths.push,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Send an SMS to a company or customer the caller works with (through the outbox)',
        body: ZPushBody,
        response: { 200: ZQueuedReply, ...errors },
      },
    },
    async (request) => service.pushMessage(requireAuth(request), request.body),
  );
  r.post(
    paths.mailchimp,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary:
          'The vehicle-protection marketing e-mail to a customer (outbox kind mailchimp-vehicle-protection)',
        body: ZMailchimpBody,
        response: { 200: ZQueuedReply, ...errors },
      },
    },
    async (request) => service.sendMarketingEmail(requireAuth(request), request.body),
  );
  r.post(
    paths.duplicate,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Existing estimates and jobs for the same vehicle (same VIN, or year + make + model)',
        body: ZDuplicateCheckBody,
        response: { 200: z.array(ZDuplicateEntry), ...errors },
      },
    },
    async (request) => service.checkDuplicates(requireAuth(request), request.body),
  );
}
