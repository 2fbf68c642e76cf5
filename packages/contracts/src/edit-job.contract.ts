import { vehicleSizes } from '@app/domain/vehicles/vehicle-size';
import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZServiceLineInput } from './request-creation.contract';
import { ZRequestimate, ZRequestService } from './service-requests.contract';

/**
 * Edit job (R22, catalogue row 158, 002 §2.14, §4, §5, §8; issue 16; docs/decisions/021-edit-job.md). The
 * screen reads the job as it can edit it (`GET /requestimates/{requestId}/edit`, ours: the request, its
 * lines, its version and how it is priced) and saves everything in one call: the lines, totals, calendar
 * days and the external calendar event, in one transaction, refused with 409 when the job changed since it
 * was opened.
 */
export const editJobPaths = {
  editContext: '/requestimates/:requestId/edit',
  updateTransaction: '/requestimates/:requestId/update-transaction',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);

/** Messages of the screen, verbatim from the spec (M238–M240, M66) and ours for the 409. */
export const editJobMessages = {
  /** M238 (or the server's message). */
  failed: 'There was an error updating the job. Please try again.',
  /** M239. */
  updated: 'Job updated successfully!',
  /** M240, rule 126. */
  noServices: 'No services to save',
  /** The version check (ours): another edit or transition was saved first. */
  changedSinceOpened:
    'This job was changed since you opened it. Your edits were not saved: reload the job to see the changes, then make your edits again.',
  notEditable: 'This job can no longer be edited',
} as const;

/** 'Update Retail/Wholesale services on the vehicle make and model' with the right word (002 §2.14). */
export function editJobTitle(requestType: 'dealer' | 'installer'): string {
  return `Update ${requestType === 'dealer' ? 'Wholesale' : 'Retail'} services on the vehicle make and model`;
}

/** After save or cancel: /requestimates when the request is new, otherwise /jobs (002 §4). */
export function editJobReturnPath(currentState: string): '/requestimates' | '/jobs' {
  return currentState === 'new' ? '/requestimates' : '/jobs';
}

export const ZEditJobParams = z.object({ requestId: ZDbId });

/** GET /requestimates/{requestId}/edit (ours): what the edit screen needs, for the caller. */
export const ZEditJobContext = z.object({
  requestId: z.number().int(),
  /** The request's version: sent back with the update, which is refused (409) when it moved on. */
  version: z.number().int(),
  request: ZRequestimate,
  services: z.array(ZRequestService),
  title: z.string(),
  /** Whether the caller may save an edit now, and why not. */
  editable: z.boolean(),
  notEditableReason: z.string().nullable(),
  /** Who prices the lines: a dealer (dealer prices, retail price per line) or an installer (discounts). */
  pricingMode: z.enum(['dealer', 'installer']),
  /** The catalog the lines come from: WHOLE for dealer work, RETAIL for a customer's. */
  catalog: z.enum(['WHOLE', 'RETAIL']),
  /** Whose catalog: the assigned (or editing) installer; 0 = any specialist the dealer may use. */
  catalogInstallerId: z.number().int(),
  dealerId: z.number().int().nullable(),
  size: z.enum(vehicleSizes),
  trimId: z.number().int().nullable(),
  /** Retail work: the specialist's tax rate in percent; dealer work 0. */
  taxRate: z.number(),
  returnTo: z.enum(['/requestimates', '/jobs']),
});
export type TEditJobContext = z.infer<typeof ZEditJobContext>;

/** A line of the update: an existing line (`lineId` = service_id of GET /requestService) or a new one. */
export const ZEditJobLine = ZServiceLineInput.extend({
  /** The request's line this entry keeps (its stored price stays; discount, retail price, custom details change). */
  lineId: ZDbId.nullish(),
});
export type TEditJobLine = z.infer<typeof ZEditJobLine>;

/**
 * PUT /requestimates/{requestId}/update-transaction (row 158). `services` is the whole new list (a line
 * left out is removed). The documented requestData, calendar, eventId, installer, auth and pricingBreakdown
 * are accepted and not trusted: the server derives the totals, calendar days and event from the lines.
 */
export const ZUpdateTransactionBody = z.object({
  /** The version of GET /requestimates/{requestId}/edit (also read from requestData.version). */
  version: z.coerce.number().int().min(0).max(MAX_DB_ID).optional(),
  services: z.array(ZEditJobLine).max(100),
  requestData: z
    .object({ version: z.coerce.number().int().min(0).optional() })
    .loose()
    .nullish(),
  calendar: z.unknown().optional(),
  eventId: z.unknown().optional(),
  installer: z.unknown().optional(),
  auth: z.unknown().optional(),
  pricingBreakdown: z.unknown().optional(),
});
export type TUpdateTransactionBody = z.infer<typeof ZUpdateTransactionBody>;

export const ZUpdateTransactionReply = z.object({
  success: z.literal(true),
  message: z.string(),
  requestId: z.number().int(),
  version: z.number().int(),
  currentState: z.string(),
  redirectTo: z.enum(['/requestimates', '/jobs']),
  requestTotal: z.number(),
  requestDiscount: z.number(),
  requestFee: z.number(),
  requestTaxes: z.number(),
  requestDuration: z.number(),
  serviceRequested: z.string(),
  dueDate: z.string().nullable(),
  /** Calendar days the job now occupies (0 when it has none). */
  calendarDays: z.number().int(),
  /** The history of the edit: what changed, in words. */
  changes: z.array(z.string()),
  services: z.array(ZRequestService),
});
export type TUpdateTransactionReply = z.infer<typeof ZUpdateTransactionReply>;

const tags = ['edit-job'] as const;

export const editJobCalls = {
  editContext: defineCall({
    operationId: 'getEditJobContext',
    method: 'GET',
    path: editJobPaths.editContext,
    params: ZEditJobParams,
    reply: ZEditJobContext,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'The job as the caller may edit it: request, lines, version, pricing (ours, for R22)',
    tags,
  }),
  updateTransaction: defineCall({
    operationId: 'updateJobTransaction',
    method: 'PUT',
    path: editJobPaths.updateTransaction,
    params: ZEditJobParams,
    body: ZUpdateTransactionBody,
    reply: ZUpdateTransactionReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
    access: { effect: 'write' },
    summary: 'Edit job (row 158): lines, totals, calendar days and calendar event in one transaction',
    description:
      'The whole list of lines; prices come from the catalog (existing lines keep theirs). 409 CONFLICT when the request changed since `version`; 409 INVALID_TRANSITION when its state no longer allows editing.',
    tags,
  }),
};
