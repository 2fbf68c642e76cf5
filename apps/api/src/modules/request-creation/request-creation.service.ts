import { createRequestAdditions } from './request-creation.additions';
import { createRequestCreationContext, type RequestCreationServiceDeps } from './request-creation.context';
import { createRequestCreation } from './request-creation.create';
import { createDuplicateCheck } from './request-creation.duplicates';
import { createRequestMessages } from './request-creation.messages';

export type { RequestCreationServiceDeps } from './request-creation.context';

/**
 * The request-creation service: one façade over its use cases, one file each (see README.md). Each use case
 * gets the shared context (dependencies, calendar planning, totals, line values, the new-request e-mails); the
 * façade only composes them, so its callers see one object.
 */
export function createRequestCreationService(deps: RequestCreationServiceDeps) {
  const ctx = createRequestCreationContext(deps);
  const creation = createRequestCreation(ctx);
  const additions = createRequestAdditions(ctx);
  const messages = createRequestMessages(ctx);
  const duplicates = createDuplicateCheck(ctx);

  return {
    createRequest: creation.createRequest,
    addService: additions.addService,
    addNote: additions.addNote,
    addOffer: additions.addOffer,
    sendRequestEmail: messages.sendRequestEmail,
    pushMessage: messages.pushMessage,
    sendMarketingEmail: messages.sendMarketingEmail,
    checkDuplicates: duplicates.checkDuplicates,
  };
}
export type RequestCreationService = ReturnType<typeof createRequestCreationService>;
