import {
  requestCreationPaths,
  type TCreateRequestReply,
  type TDuplicateEntry,
  type ZCreateRequestBody,
  ZCreateRequestReply,
  ZDuplicateEntry,
} from '@app/contracts/request-creation.contract';
import { z } from 'zod';
import { apiPost } from '../../lib/api-client';
import type { WizardVehicle } from './wizard-rules';

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

/**
 * The dealer's live requests for this vehicle (POST /requests/check-duplicate), for the wizard to ask before
 * creating another. A failed check counts as none: it never stops a request.
 */
export async function checkDuplicates(vehicle: WizardVehicle, dealerId: number): Promise<TDuplicateEntry[]> {
  try {
    return await apiPost(
      requestCreationPaths.duplicate,
      {
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        trim: vehicle.trim,
        vin: vehicle.vin,
        userType: 'dealer',
        userId: dealerId,
      },
      z.array(ZDuplicateEntry),
      { isQuiet: true },
    );
  } catch {
    return [];
  }
}
