import { requestCreationCalls as calls } from '@app/contracts/request-creation.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { RequestCreationService } from './request-creation.service';

export function registerRequestCreationRoutes(
  app: FastifyInstance,
  { service }: { service: RequestCreationService },
) {
  registerCall(app, calls.createRequest, ({ auth, body }) => service.createRequest(auth, body));
  registerCall(app, calls.addService, ({ auth, body }) => service.addService(auth, body));
  registerCall(app, calls.addNote, ({ auth, body }) => service.addNote(auth, body));
  registerCall(app, calls.addOffer, ({ auth, body }) => service.addOffer(auth, body));
  registerCall(app, calls.sendRequestEmail, ({ auth, params, query }) =>
    service.sendRequestEmail(auth, params.requestId, query.contactId),
  );
  registerCall(app, calls.pushMessage, ({ auth, body }) => service.pushMessage(auth, body));
  registerCall(app, calls.sendMarketingEmail, ({ auth, body }) => service.sendMarketingEmail(auth, body));
  registerCall(app, calls.checkDuplicates, ({ auth, body }) => service.checkDuplicates(auth, body));
}
