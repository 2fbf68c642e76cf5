import { ZErrorResponse } from '@app/contracts/errors.contract';
import { ZCountRow, ZNavbarCounts, ZNavbarQuery, ZReferralCount } from '@app/contracts/shell.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { NavigationService } from './navigation.service';

const tags = ['navigation'];
const ZLegacyQuery = z.object({
  userId: z.coerce.number().int().positive().optional(),
  userType: z.enum(['dealer', 'installer']).optional(),
});

export function registerNavigationRoutes(app: FastifyInstance, { service }: { service: NavigationService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/navbar-data-cached',
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Menu counts of the caller’s company (requests, jobs, pickups, referrals) and calendar link',
        querystring: ZNavbarQuery,
        response: { 200: ZNavbarCounts, 403: ZErrorResponse },
      },
    },
    async (request) => service.getNavbarCounts(requireAuth(request), request.query),
  );
  r.get(
    '/counts/',
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Legacy counts: requests per current_state',
        querystring: ZLegacyQuery,
        response: { 200: z.array(ZCountRow), 403: ZErrorResponse },
      },
    },
    async (request) => service.getLegacyCounts(requireAuth(request), request.query),
  );
  r.get(
    '/referralcounts/',
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Legacy referral count',
        querystring: ZLegacyQuery,
        response: { 200: ZReferralCount, 403: ZErrorResponse },
      },
    },
    async (request) => service.getReferralCount(requireAuth(request), request.query),
  );
}
