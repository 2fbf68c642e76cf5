import { referralCalls as calls } from '@app/contracts/referrals.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { ReferralsService } from './referrals.service';

/** Rows 96–103 and the customer's benefits page (docs/decisions/010-referral-programme.md). */
export function registerReferralsRoutes(app: FastifyInstance, { service }: { service: ReferralsService }) {
  registerCall(app, calls.dealerReferrals, ({ auth, params, query }) =>
    service.listForDealer(auth, params.userId, query),
  );
  registerCall(app, calls.specialistReferrals, ({ auth, params, query }) =>
    service.listForInstaller(auth, params.typeId, query),
  );
  registerCall(app, calls.summary, ({ auth, params }) => service.summary(auth, params.dealerId));
  registerCall(app, calls.create, ({ auth, body }) => service.create(auth, body));
  registerCall(app, calls.update, ({ auth, body }) => service.update(auth, body));
  registerCall(app, calls.claim, ({ auth, body, request }) => service.claim(auth, request.ip, body));
  registerCall(app, calls.preview, ({ query, request }) => service.preview(request.ip, query));
  registerCall(app, calls.publicReferral, ({ body, request }) => service.createPublic(request.ip, body));
  registerCall(app, calls.benefits, ({ query, request }) => service.benefits(request.ip, query));
  registerCall(app, calls.benefitsInterest, ({ body, request }) =>
    service.registerInterest(request.ip, body),
  );
}
