import { z } from 'zod';
import { defineCall } from './call.contract';
import { customerPaths, ZProximityInstaller, ZProximityParams } from './customers.contract';
import { requestCreationPaths, ZMatchReply, ZRequestIdQuery } from './request-creation.contract';

/**
 * Dealer → specialist matching (catalogue rows 75–76) and the specialists a dealer may choose: the calls of
 * apps/api/src/modules/matching (decision 008). Their schemas live with the calls that show them: the match
 * reply with request creation, the specialist rows with the customers and companies.
 */

const tags = ['matching'] as const;
/** Only dealers match requests and choose specialists (the service checks it again, with the company). */
const dealerRead = { effect: 'read', roles: ['dealer'] } as const;
const dealerWrite = { effect: 'write', roles: ['dealer'] } as const;
const matchErrors = ['NOT_FOUND', 'INVALID_TRANSITION', 'CONFLICT'] as const;

export const matchingCalls = {
  matchAll: defineCall({
    operationId: 'matchAllSpecialists',
    method: 'GET',
    path: requestCreationPaths.matchAll,
    query: ZRequestIdQuery,
    reply: ZMatchReply,
    errors: matchErrors,
    access: dealerWrite,
    summary: 'Offer a new dealer request to every eligible specialist (specialist "Any")',
    description:
      'Creates an offer (status offered) for every specialist that offers wholesale work, serves every category of the request’s lines, passes the dealer’s vendor visibility and is within 100 miles. Existing offers are kept; calling again adds none.',
    tags,
  }),
  matchOne: defineCall({
    operationId: 'matchChosenSpecialist',
    method: 'GET',
    path: requestCreationPaths.matchOne,
    query: ZRequestIdQuery,
    reply: ZMatchReply,
    errors: matchErrors,
    access: dealerWrite,
    summary: 'Offer a new dealer request to its chosen specialist (assignedTo)',
    tags,
  }),
  proximity: defineCall({
    operationId: 'listProximitySpecialists',
    method: 'GET',
    path: customerPaths.proximity,
    params: z.object({ dealerId: ZProximityParams.shape.dealerId }),
    reply: z.array(ZProximityInstaller),
    errors: ['NOT_FOUND'],
    access: dealerRead,
    summary: 'Specialists the dealer may send work to (dealer wizard step 1)',
    description: 'Filtered by the dealer-wide vendor visibility mode. The list length is the N of "Any (N)".',
    tags,
  }),
  proximityCategory: defineCall({
    operationId: 'listProximitySpecialistsOfCategory',
    method: 'GET',
    path: customerPaths.proximityCategory,
    params: ZProximityParams,
    reply: z.array(ZProximityInstaller),
    errors: ['NOT_FOUND'],
    access: dealerRead,
    summary: 'Specialists the dealer may send work of one category to',
    description: 'Filtered by the category’s vendor visibility (preferred mode: dealer_preferred = 1 only).',
    tags,
  }),
};
