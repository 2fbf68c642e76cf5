import { type Action, actionLabels, requestStates } from '@app/domain/service-requests/request-status';
import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZDayInput, ZInstantInput } from './wire-dates.contract';

// Date inputs (decision 2) live in wire-dates.contract.ts; re-exported for the callers of this contract.
export { parseWireDay, parseWireInstant, ZDayInput, ZInstantInput } from './wire-dates.contract';

/**
 * The job lifecycle calls (catalogue rows 22–29, 47, 53, 54; §9.3 for the actions whose call the spec does
 * not name). Every call that changes a request runs the transition table of
 * packages/domain/src/service-requests/request-status.ts on the server, in one transaction with a row lock
 * on the request, and answers:
 * - 200 with a `ZTransitionResult`;
 * - 400 VALIDATION_FAILED (bad payload, or a guard such as a start date outside the picker, an invalid VIN,
 *   a missing review score);
 * - 403 FORBIDDEN (ASSIST, the wrong role, another company's request);
 * - 404 NOT_FOUND (no such request);
 * - 409 INVALID_TRANSITION with a message naming the state and the action ('Cannot check in a request in
 *   state new'), or 409 CONFLICT for a claim lost to another specialist.
 *
 * Dates in bodies: a calendar day 'YYYY-MM-DD' (preferred), or 'YYYY/MM/DD HH:mm:ss' / 'YYYY-MM-DD HH:mm:ss'
 * (UTC) / ISO 8601, of which the UTC day is used (decision 2). Money on requests in dollars.
 */
export const lifecyclePaths = {
  /** Row 22: the generic update (whole request). */
  requestById: '/requestimates/requestbyID/',
  /** Row 23: the spec's {requestId}, named as GET /requestOffered/{id} (the same template; OpenAPI). */
  offer: '/requestOffered/:id',
  /** Row 24. */
  offerState: '/requestoffered/state/:id',
  /** Row 25. */
  serviceState: '/requestServiceState/:requestId',
  /** Row 26. */
  allServices: '/requestAllService/:requestId',
  /** Row 27. */
  requestState: '/requestState',
  /** Row 29. */
  bookingEmail: '/sendemailb/:requestId',
  /** Row 47. */
  claim: '/dashboard/claim/:requestId',
  /** Row 53. */
  transferInternal: '/transfer/internal',
  /** Row 54 (shape ours). */
  transfer: '/transfer',
  /** §9.3: one call for every action, validated per action. */
  action: '/requestimates/:requestId/actions/:action',
  /** The actions (buttons) the caller may use now. */
  actions: '/requestimates/:requestId/actions',
} as const;

export const CLAIM_CONFLICT_MESSAGE = 'This job has already been claimed by another specialist.';

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);

/** Every action the lifecycle calls run (the domain's actions except editJob, which has its own call). */
export const lifecycleActions = [
  'accept',
  'claim',
  'assign',
  'book',
  'completeEstimate',
  'checkIn',
  'reschedule',
  'startService',
  'finishService',
  'completeJob',
  'deliver',
  'review',
  'delete',
  'reject',
  'transfer',
  'setDeposit',
] as const satisfies readonly Action[];
export const ZLifecycleAction = z.enum(lifecycleActions);
export type TLifecycleAction = z.infer<typeof ZLifecycleAction>;

export const ZRequestState = z.enum(requestStates);

export const ZRequestIdParam = z.object({ requestId: ZDbId });
/** PUT /requestOffered/{id} and /requestoffered/state/{id}. */
export const ZOfferParam = z.object({ id: ZDbId.describe('The request id') });
export const ZRequestIdQuery = z.object({ Id: ZDbId });

const ZReviewScore = z.number().int().min(1).max(5);
const ZDollarsInput = z.union([z.number(), z.string()]).describe('dollars, step 0.01');
const ZOptionalText = z.string().max(2000).nullable().optional();

// ---------------------------------------------------------------------------------------------------
// POST /requestimates/{requestId}/actions/{action}

export const ZActionParams = z.object({
  requestId: ZDbId,
  /** Case-insensitive; the button labels of 000 §2 (e.g. 'CHECK IN', 'BOOK JOB') are accepted too. */
  action: z.string().min(1).max(40),
});

/** Per action, the fields its body takes (the OpenAPI body below lists them all, every one optional). */
export const actionBodySchemas = {
  accept: z.strictObject({ startDate: ZDayInput }),
  claim: z.strictObject({
    startDate: ZDayInput,
    installerId: ZDbId.optional(),
    endDate: z.string().optional(),
  }),
  assign: z.strictObject({ installerId: ZDbId }),
  book: z.strictObject({ startDate: ZDayInput }),
  completeEstimate: z.strictObject({}),
  checkIn: z.strictObject({ vin: z.string().max(40) }),
  reschedule: z.strictObject({}),
  startService: z.strictObject({
    serviceId: ZDbId,
    serviceDate: ZInstantInput.optional(),
    materials: ZOptionalText,
    template: ZOptionalText,
  }),
  finishService: z.strictObject({
    serviceId: ZDbId,
    serviceDate: ZInstantInput.optional(),
    materials: ZOptionalText,
    template: ZOptionalText,
  }),
  completeJob: z.strictObject({}),
  deliver: z.strictObject({}),
  review: z.strictObject({ reviewScore: ZReviewScore }),
  delete: z.strictObject({}),
  reject: z.strictObject({}),
  transfer: z.strictObject({ toInstaller: ZDbId }),
  setDeposit: z.strictObject({ depositAmount: ZDollarsInput }),
} as const satisfies Record<TLifecycleAction, z.ZodType>;

export const ZActionBody = z
  .object({
    startDate: z.string().optional().describe('accept, claim, book: the chosen start day'),
    installerId: z.number().int().optional().describe('assign: the installer chosen; claim: the caller'),
    vin: z.string().optional().describe('checkIn: the VIN entered (17 characters, no I, O, Q)'),
    serviceId: z.number().int().optional().describe('startService, finishService: the service line'),
    serviceDate: z.string().optional(),
    materials: z.string().nullable().optional(),
    template: z.string().nullable().optional(),
    reviewScore: z.number().int().optional().describe('review: 1 to 5 stars'),
    toInstaller: z.number().int().optional().describe('transfer: the location of the installer group'),
    depositAmount: z.union([z.number(), z.string()]).optional().describe('setDeposit: dollars, 0 removes it'),
  })
  .nullish();

/** Body of an action after per-action validation (what the service receives). */
export type TActionInput = {
  startDate?: string;
  installerId?: number;
  toInstaller?: number;
  vin?: string;
  serviceId?: number;
  serviceDate?: Date;
  materials?: string | null;
  template?: string | null;
  reviewScore?: number;
  depositAmount?: number | string;
};

const labelToAction = new Map<string, TLifecycleAction>();
for (const action of lifecycleActions) {
  labelToAction.set(action.toLowerCase(), action);
  labelToAction.set(actionLabels[action].toLowerCase().replace(/[\s_-]+/g, ''), action);
}

/** 'checkIn', 'checkin', 'CHECK IN', 'check-in' → 'checkIn'; null for anything else. */
export function resolveActionName(value: string): TLifecycleAction | null {
  return labelToAction.get(value.toLowerCase().replace(/[\s_-]+/g, '')) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Replies

export const ZCreatedInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  invoiceType: z.enum(['deposit', 'final']),
  status: z.enum(['draft', 'open', 'paid', 'void']),
  /** Cents. */
  amount_due: z.number().int(),
});

export const ZJobSchedule = z.object({
  startDate: z.string().describe('YYYY-MM-DD'),
  endDate: z.string().describe('YYYY-MM-DD: start + duration − 1 day'),
  dueDate: z.string().nullable().describe('YYYY-MM-DD'),
});

/** What a lifecycle call changed. */
export const ZTransitionResult = z.object({
  success: z.literal(true),
  message: z.string(),
  requestId: z.number().int(),
  action: z.string(),
  /** The transition table row applied (T4, T7-estimate, S1…). */
  ruleId: z.string(),
  from: ZRequestState,
  currentState: ZRequestState,
  current_state: ZRequestState,
  offerState: z.string().nullable(),
  /** The assigned installer; 0 for an open request. */
  assignedTo: z.number().int(),
  version: z.number().int(),
  schedule: ZJobSchedule.nullable(),
  invoices: z.array(ZCreatedInvoice),
  /** The side effects run (domain effect names), in this transaction or queued in the outbox. */
  effects: z.array(z.string()),
  /** Where the client goes next ('/pickups' after JOB COMPLETED). */
  redirectTo: z.string().nullable(),
});
export type TTransitionResult = z.infer<typeof ZTransitionResult>;

// ---------------------------------------------------------------------------------------------------
// PUT /requestOffered/{requestId} and PUT /requestoffered/state/{requestId}

export const offerStatusActions = {
  accepted: 'accept',
  rejected: 'reject',
  offered: 'reschedule',
  scheduled: 'book',
} as const;

export const ZOfferUpdateBody = z.strictObject({
  /**
   * accepted → accept (startDate required); rejected → reject; offered → RESCHEDULE; scheduled → BOOK JOB by
   * the installer (startDate required), claim when the request is open, or ASSIGN by the dealer (installerId).
   */
  currentStatus: z.enum(['accepted', 'rejected', 'offered', 'scheduled']).optional(),
  /** Alias of currentStatus (PUT /requestoffered/state). */
  offerState: z.enum(['accepted', 'rejected', 'offered', 'scheduled']).optional(),
  startDate: ZDayInput.optional(),
  /** Ignored: the server computes the end date (start + duration − 1 day). */
  endDate: z.string().optional(),
  installerId: ZDbId.optional(),
  requestId: ZDbId.optional(),
  dateUpdated: z.string().optional(),
});
export type TOfferUpdateBody = z.infer<typeof ZOfferUpdateBody>;

// ---------------------------------------------------------------------------------------------------
// PUT /requestServiceState/{requestId} and PUT /requestAllService/{requestId}

export const ZServiceStateBody = z.strictObject({
  serviceId: ZDbId,
  /** started = START SERVICE (new → started); finished = FINISH SERVICE (started → finished). */
  serviceState: z.enum(['started', 'finished']),
  serviceDate: ZInstantInput.optional(),
  materials: ZOptionalText,
  template: ZOptionalText,
  requestId: ZDbId.optional(),
});
export type TServiceStateBody = z.infer<typeof ZServiceStateBody>;

/** COMPLETE JOB (all services finished); on an estimate still new, JOB COMPLETED. */
export const ZAllServiceBody = z
  .strictObject({ serviceState: z.literal('finished').optional(), requestId: ZDbId.optional() })
  .nullish();

// ---------------------------------------------------------------------------------------------------
// POST /requestState

/** Statuses a client may record (the request states and the other values catalogue row 27 lists). */
export const clientHistoryStatuses = [
  ...requestStates,
  'created',
  'rescheduled',
  'rejected',
  'transferred',
  'CONTRACT_SIGNED_ELECTRONIC',
  'CONTRACT_DOWNLOADED',
  'CONTRACT_SIGNED_MANUAL',
] as const;

export const ZRequestStateBody = z.object({
  requestId: ZDbId,
  stateDate: ZInstantInput,
  requestStatus: z.enum(clientHistoryStatuses),
  serviceId: ZDbId.nullable().optional(),
  /** Ignored: the server records the signed-in caller. */
  changedByUserId: z.union([z.number(), z.string()]).nullable().optional(),
  /** Ignored: the server records the signed-in caller. */
  changedByUserType: z.string().nullable().optional(),
});
export type TRequestStateBody = z.infer<typeof ZRequestStateBody>;

export const ZRequestStateReply = z.object({
  success: z.literal(true),
  /** True when an identical record (the server's own, or an earlier post) already existed. */
  duplicate: z.boolean(),
  id: z.number().int(),
});
export type TRequestStateReply = z.infer<typeof ZRequestStateReply>;

// ---------------------------------------------------------------------------------------------------
// POST /dashboard/claim/{requestId}

export const ZClaimBody = z.strictObject({
  /** The caller's own installer id. */
  installerId: ZDbId,
  startDate: ZDayInput,
  /** Ignored: the server computes it (start + duration − 1 day) and returns it. */
  endDate: z.string().optional(),
});
export type TClaimBody = z.infer<typeof ZClaimBody>;

// ---------------------------------------------------------------------------------------------------
// Transfer

export const ZTransferInternalBody = z.strictObject({
  requestId: ZDbId,
  /** The caller's own installer id. */
  fromInstaller: ZDbId,
  toInstaller: ZDbId,
});
export type TTransferInternalBody = z.infer<typeof ZTransferInternalBody>;

/** POST /transfer (row 54, shape ours): the same transfer, from the caller's company. */
export const ZTransferBody = z.strictObject({ requestId: ZDbId, toInstaller: ZDbId });
export type TTransferBody = z.infer<typeof ZTransferBody>;

export const ZTransferReply = z.object({
  success: z.boolean(),
  message: z.string(),
  requestId: z.number().int(),
  assignedTo: z.number().int(),
});
export type TTransferReply = z.infer<typeof ZTransferReply>;

// ---------------------------------------------------------------------------------------------------
// GET /requestimates/{requestId}/actions

export const ZActionsQuery = z.object({
  /** The selected service row: START/FINISH SERVICE are judged on it. */
  serviceId: ZDbId.optional(),
  /** The VIN typed so far: CHECK IN is enabled only for a valid one. */
  vin: z.string().max(40).optional(),
  reviewScore: z.coerce.number().int().optional(),
  toInstaller: ZDbId.optional(),
});
export type TActionsQuery = z.infer<typeof ZActionsQuery>;

export const ZActionButton = z.object({
  action: z.string(),
  label: z.string(),
  isEnabled: z.boolean(),
  disabledReason: z.string().optional(),
});

export const ZActionsReply = z.object({
  requestId: z.number().int(),
  currentState: ZRequestState,
  version: z.number().int(),
  /** The actions whose buttons to show (enabled or not); none for ASSIST. */
  actions: z.array(z.string()),
  buttons: z.array(ZActionButton),
  /** Delete needs the extra warning: a finished job with an invoice. */
  needsInvoiceWarningOnDelete: z.boolean(),
});
export type TActionsReply = z.infer<typeof ZActionsReply>;

// ---------------------------------------------------------------------------------------------------
// PUT /requestimates/requestbyID/?Id=

/**
 * The whole request as GET returns it. Changeable: currentState/current_state (a transition through the
 * table: answered = accept, scheduled = claim/book/ASSIGN, received = CHECK IN with `vin`, finished = COMPLETE
 * JOB or JOB COMPLETED, collected = DELIVER, reviewed = REVIEW with `reviewScore`, deleted = delete, new =
 * RESCHEDULE), reviewScore (REVIEW), depositAmount/deposit_amount (the deposit rules), startDate (move the
 * schedule inside the start-date picker), notes (adds a note). Stored fields (type, requestor, assignedTo,
 * vehicle, VIN, money, duration, dates, invoice and contract) may be echoed but not changed (400). Derived
 * fields that depend on the reader (names, contact, offerState, deposit paid, referral) are ignored.
 */
export const ZRequestUpdateBody = z.strictObject({
  // changeable
  currentState: ZRequestState.optional(),
  current_state: ZRequestState.optional(),
  reviewScore: ZReviewScore.nullable().optional(),
  depositAmount: ZDollarsInput.optional(),
  deposit_amount: ZDollarsInput.optional(),
  startDate: ZDayInput.optional(),
  notes: z.string().max(5000).optional(),
  note_text: z.string().max(5000).optional(),
  installerId: ZDbId.optional(),
  vin: z.string().max(40).nullable().optional(),
  assignedTo: z.number().int().optional(),
  // echoed, must not change
  requestId: z.number().int().optional(),
  Request_id: z.number().int().optional(),
  requestType: z.enum(['dealer', 'installer']).optional(),
  Request_type: z.enum(['dealer', 'installer']).optional(),
  requestor: z.number().int().optional(),
  Requestor: z.number().int().optional(),
  dealerId: z.number().int().nullable().optional(),
  customerId: z.number().int().nullable().optional(),
  vehicleYear: z.number().int().nullable().optional(),
  vehicleMake: z.string().nullable().optional(),
  vehicleModel: z.string().nullable().optional(),
  vehicleTrim: z.string().nullable().optional(),
  serviceRequested: z.string().optional(),
  Service_Requested: z.string().optional(),
  requestTotal: z.number().optional(),
  Request_Total: z.number().optional(),
  requestDiscount: z.number().optional(),
  Request_Discount: z.number().optional(),
  requestTaxes: z.number().optional(),
  Request_taxes: z.number().optional(),
  requestFee: z.number().optional(),
  Request_Fee: z.number().optional(),
  requestDuration: z.number().optional(),
  request_duration: z.number().optional(),
  availableDate: z.string().optional(),
  available_date: z.string().optional(),
  dueDate: z.string().nullable().optional(),
  due_date: z.string().nullable().optional(),
  invoiceId: z.string().nullable().optional(),
  customer_facing_invoice: z.string().nullable().optional(),
  contract_url: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  // derived, ignored
  offerState: z.string().nullable().optional(),
  createdDate: z.string().optional(),
  created_date: z.string().optional(),
  dealerName: z.string().nullable().optional(),
  installerName: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone_number: z.string().nullable().optional(),
  customerName: z.string().nullable().optional(),
  depositIsPaid: z.boolean().optional(),
  depositPaidAmount: z.number().optional(),
  referral_id: z.number().int().nullable().optional(),
  referral_status: z.string().nullable().optional(),
});
export type TRequestUpdateBody = z.infer<typeof ZRequestUpdateBody>;

export const ZRequestUpdateReply = z.object({
  success: z.literal(true),
  message: z.string(),
  requestId: z.number().int(),
  currentState: ZRequestState,
  current_state: ZRequestState,
  version: z.number().int(),
  /** What the update did: a transition (its result), a schedule move, a note. */
  transition: ZTransitionResult.nullable(),
  scheduleMoved: z.boolean(),
  noteAdded: z.boolean(),
});
export type TRequestUpdateReply = z.infer<typeof ZRequestUpdateReply>;

export const ZBookingEmailReply = z.object({ success: z.boolean(), message: z.string() });
export type TBookingEmailReply = z.infer<typeof ZBookingEmailReply>;

// ---------------------------------------------------------------------------------------------------
// The calls (decision 008)

const tags = ['lifecycle'] as const;
const write = { effect: 'write' } as const;
/** What a call that runs the transition table can answer besides validation and sign-in. */
const transitionErrors = ['NOT_FOUND', 'INVALID_TRANSITION', 'CONFLICT'] as const;
const refusals =
  '400 VALIDATION_FAILED (payload or a guard: start date outside the picker, invalid VIN, no score…), 403 FORBIDDEN (ASSIST, wrong role, another company), 404 NOT_FOUND, 409 INVALID_TRANSITION naming the state and the action.';

/** What the two transfer calls share (the service refuses dealers: only specialists transfer jobs). */
const transferCall = {
  method: 'POST',
  reply: ZTransferReply,
  errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  access: { ...write, roles: ['installer'] },
  tags,
} as const;

export const lifecycleCalls = {
  action: defineCall({
    operationId: 'performLifecycleAction',
    method: 'POST',
    path: lifecyclePaths.action,
    params: ZActionParams,
    body: ZActionBody,
    reply: ZTransitionResult,
    errors: transitionErrors,
    access: write,
    summary: 'Run one lifecycle action on a request (the actions whose call the spec does not name)',
    description: [
      'action (case-insensitive; button labels such as "CHECK IN" also work) and its body:',
      'accept {startDate} · claim {startDate} · assign {installerId} · book {startDate} (BOOK JOB) ·',
      'completeEstimate {} (JOB COMPLETED) · checkIn {vin} · reschedule {} · startService {serviceId} ·',
      'finishService {serviceId} · completeJob {} · deliver {} · review {reviewScore 1–5} · delete {} ·',
      'reject {} · transfer {toInstaller} · setDeposit {depositAmount (dollars, 0 removes)}.',
      `Fields not listed for the action are refused. ${refusals}`,
    ].join(' '),
    tags,
  }),
  actions: defineCall({
    operationId: 'listLifecycleActions',
    method: 'GET',
    path: lifecyclePaths.actions,
    params: ZRequestIdParam,
    query: ZActionsQuery,
    reply: ZActionsReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'The actions (buttons) the caller may use on a request now, from the transition table',
    description:
      'Optional serviceId (the selected service row), vin (typed so far), reviewScore and toInstaller make the enabling rules of 000 §5 apply. ASSIST gets no actions.',
    tags,
  }),
  updateRequest: defineCall({
    operationId: 'updateRequest',
    method: 'PUT',
    path: lifecyclePaths.requestById,
    query: ZRequestIdQuery,
    body: ZRequestUpdateBody,
    reply: ZRequestUpdateReply,
    errors: transitionErrors,
    access: write,
    summary:
      'Update a request (?Id=): state change through the transition table, review, deposit, start date, note',
    description: `The whole request may be sent; only currentState, reviewScore, depositAmount, startDate and notes change anything (one change per call, plus a note). Stored fields echoed with another value, and unknown fields, are refused. ${refusals}`,
    tags,
  }),
  changeOffer: defineCall({
    operationId: 'changeOffer',
    method: 'PUT',
    path: lifecyclePaths.offer,
    aliases: [lifecyclePaths.offerState],
    params: ZOfferParam,
    body: ZOfferUpdateBody,
    reply: ZTransitionResult,
    errors: transitionErrors,
    access: write,
    summary:
      'Change the caller’s offer: accepted (accept with startDate), rejected, offered (RESCHEDULE), scheduled (BOOK JOB / claim / ASSIGN)',
    description: `PUT /requestoffered/state/{id} is the same call (offerState is an alias of currentStatus). scheduled: a dealer ASSIGNs installerId; an installer claims an open request or books its job (startDate). ${refusals}`,
    tags,
  }),
  serviceState: defineCall({
    operationId: 'changeServiceState',
    method: 'PUT',
    path: lifecyclePaths.serviceState,
    params: ZRequestIdParam,
    body: ZServiceStateBody,
    reply: ZTransitionResult,
    errors: transitionErrors,
    access: write,
    summary: 'START SERVICE (serviceState started) or FINISH SERVICE (finished) on one service line',
    description: `The first service started moves the job received → started, the calendar to started, and texts the dealer and customer. ${refusals}`,
    tags,
  }),
  allServices: defineCall({
    operationId: 'completeAllServices',
    method: 'PUT',
    path: lifecyclePaths.allServices,
    params: ZRequestIdParam,
    body: ZAllServiceBody,
    reply: ZTransitionResult,
    errors: transitionErrors,
    access: write,
    summary: 'COMPLETE JOB: every service finished, final invoice, dealer or customer texted',
    description: `On an estimate still new this is JOB COMPLETED (redirectTo /pickups). Body optional. ${refusals}`,
    tags,
  }),
  requestState: defineCall({
    operationId: 'recordRequestState',
    method: 'POST',
    path: lifecyclePaths.requestState,
    body: ZRequestStateBody,
    reply: ZRequestStateReply,
    errors: ['NOT_FOUND'],
    access: write,
    summary: 'Record a state-history entry (the server already writes one for every transition)',
    description:
      'Deduplicated by (requestId, requestStatus, stateDate, serviceId): a record identical to one already written (the server’s own record of the transition within 5 minutes of stateDate, or an earlier post with the same stateDate to the second) is not written again (duplicate: true). The caller is recorded as changedBy; the body’s changedBy fields are ignored.',
    tags,
  }),
  claim: defineCall({
    operationId: 'claimRequest',
    method: 'POST',
    path: lifecyclePaths.claim,
    params: ZRequestIdParam,
    body: ZClaimBody,
    reply: ZTransitionResult,
    errors: transitionErrors,
    access: { ...write, roles: ['installer'] },
    summary: 'Claim and book an open dealer request (assignedTo 0) in one step',
    description: `installerId is the caller. The request row is locked for the claim, so of many simultaneous claims (from any API process) exactly one wins; the others get 409 CONFLICT "${CLAIM_CONFLICT_MESSAGE}". The winner gets the job scheduled: offer scheduled, calendar booked over start … start + duration − 1, schedule saved, booking e-mail and calendar appointment queued.`,
    tags,
  }),
  transferInternal: defineCall({
    ...transferCall,
    operationId: 'transferRequestInternal',
    path: lifecyclePaths.transferInternal,
    body: ZTransferInternalBody,
    summary: 'Transfer a new job assigned to the caller to another location of its installer group',
    description: `fromInstaller must be the caller. The job stays new, now assigned to toInstaller, with the offer and calendar days. ${refusals}`,
  }),
  transfer: defineCall({
    ...transferCall,
    operationId: 'transferRequest',
    path: lifecyclePaths.transfer,
    body: ZTransferBody,
    summary: 'Transfer a job (row 54, shape ours): POST /transfer/internal from the caller’s own company',
  }),
  bookingEmail: defineCall({
    operationId: 'sendBookingEmail',
    method: 'GET',
    path: lifecyclePaths.bookingEmail,
    params: ZRequestIdParam,
    reply: ZBookingEmailReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
    access: write,
    summary: 'Send the booking e-mail of a booked job (BOOK JOB already queues it: at most once per change)',
    tags,
  }),
};
