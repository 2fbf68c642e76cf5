import { matchingCalls as calls } from '@app/contracts/matching.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { MatchingService } from './matching.service';

export function registerMatchingRoutes(app: FastifyInstance, { service }: { service: MatchingService }) {
  registerCall(app, calls.matchAll, ({ auth, query }) => service.matchAll(auth, query.Id));
  registerCall(app, calls.matchOne, ({ auth, query }) => service.matchOne(auth, query.Id));
  registerCall(app, calls.proximity, ({ auth, params }) =>
    service.listProximity(auth, params.dealerId, null),
  );
  registerCall(app, calls.proximityCategory, ({ auth, params }) =>
    service.listProximity(auth, params.dealerId, params.category),
  );
}
