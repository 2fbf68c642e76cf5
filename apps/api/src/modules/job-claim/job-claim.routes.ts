import { jobClaimCalls as calls } from '@app/contracts/job-claim.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { JobClaimService } from './job-claim.service';

export function registerJobClaimRoutes(app: FastifyInstance, { service }: { service: JobClaimService }) {
  registerCall(app, calls.validate, ({ request, query }) => service.validateLink(request.ip, query));
  registerCall(app, calls.process, ({ request, body }) => service.processClaim(request.ip, body));
  registerCall(app, calls.invite, ({ auth, body }) => service.invite(auth, body));
}
