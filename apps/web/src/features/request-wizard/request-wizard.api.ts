import {
  requestCreationPaths,
  type TCreateRequestReply,
  type ZCreateRequestBody,
  ZCreateRequestReply,
} from '@app/contracts/request-creation.contract';
import type { z } from 'zod';
import { apiPost } from '../../lib/api-client';

/** What a wizard sends to POST /requestimates/ (the contract's body, before parsing). */
export type CreateRequestInput = z.input<typeof ZCreateRequestBody>;

/**
 * Creates a request, estimate or job in one call: the server records the vehicle (`vehicle`), the request,
 * its lines, note and offers and, with `matchAndNotify`, offers it to the specialists and queues their
 * e-mails, all in one transaction. It either all happens or nothing does, and a refusal rejects this promise
 * with the server's error for the wizard to show.
 */
export function submitRequest(body: CreateRequestInput): Promise<TCreateRequestReply> {
  return apiPost(requestCreationPaths.create, body, ZCreateRequestReply);
}
