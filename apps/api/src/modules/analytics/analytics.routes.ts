import { analyticsPaths, ZPageViewBody, ZPageViewRecorded } from '@app/contracts/analytics.contract';
import { ZErrorResponse } from '@app/contracts/errors.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { AnalyticsService } from './analytics.service';

const tags = ['analytics'];

export function registerAnalyticsRoutes(app: FastifyInstance, { service }: { service: AnalyticsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    analyticsPaths.pageViews,
    {
      // Recording a view changes no business data, so read-only (ASSIST) users may send it.
      config: { effect: 'write', allowAssist: true },
      schema: {
        tags,
        summary: 'Record a page view (labels of 000 §2)',
        body: ZPageViewBody,
        response: { 201: ZPageViewRecorded, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await service.recordPageView(requireAuth(request), request.body);
      return reply.status(201).send(result);
    },
  );
}
