import { navigationCalls as calls } from '@app/contracts/shell.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { NavigationService } from './navigation.service';

export function registerNavigationRoutes(app: FastifyInstance, { service }: { service: NavigationService }) {
  registerCall(app, calls.navbarCounts, ({ auth, query }) => service.getNavbarCounts(auth, query));
  registerCall(app, calls.legacyCounts, ({ auth, query }) => service.getLegacyCounts(auth, query));
  registerCall(app, calls.referralCounts, ({ auth, query }) => service.getReferralCount(auth, query));
}
