import { analyticsCalls as calls } from '@app/contracts/analytics.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { AnalyticsService } from './analytics.service';

export function registerAnalyticsRoutes(app: FastifyInstance, { service }: { service: AnalyticsService }) {
  registerCall(app, calls.pageView, ({ auth, body }) => service.recordPageView(auth, body));
}
