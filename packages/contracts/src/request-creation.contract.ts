import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZCreateVehicleBody } from './vehicles.contract';
import { ZInstantInput } from './wire-dates.contract';

/**
 * Creating requests, estimates and jobs (catalogue rows 71–77, 95, 28, 101; 001 §3, §4, §7, §8).
 *
 * Totals are the server's: requestTotal, requestDiscount, requestFee, requestTaxes and requestDuration are
 * computed from the service lines and the installer's catalog whenever lines change. A creation may carry
 * its lines (`services`, ours) and then its totals are checked against the computed ones (0.01 tolerance):
 * a mismatch is a 400 'Pricing validation failed: …' and nothing is stored. Without lines (the documented
 * sequence: create, then POST /requestService per line) the totals sent are not stored; each line posted
 * recomputes them. See apps/api/src/modules/request-creation/README.md.
 */
export const requestCreationPaths = {
  create: '/requestimates/',
  service: '/requestService',
  serviceAlias: '/requestServices',
  note: '/requestnotes/',
  offer: '/requestoffered',
  matchAll: '/matchAll/',
  matchOne: '/matchA/',
  requestEmail: '/sendemailreq/:requestId',
  push: '/messages/push',
  mailchimp: '/mailchimp/',
  duplicate: '/requests/check-duplicate',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
const ZIdOrZero = z.coerce.number().int().min(0).max(MAX_DB_ID);

/**
 * Money as the client sends it: a number or numeric text in dollars. Kept as given (a 'NaN' text stays NaN)
 * so the pricing check can name an invalid cost, discount, total or fee (M66, 4.12 #57).
 */
export const ZMoneyInput = z
  .union([z.number(), z.string().trim().max(40)])
  .nullish()
  .transform((v) =>
    v === null || v === undefined || v === '' ? null : typeof v === 'number' ? v : Number(v),
  );

/** Days as the client sends them. */
const ZDaysInput = z.coerce.number().min(0).max(365).nullish();

const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A service line (row 73), also one element of `services` on creation. */
export const ZServiceLineInput = z.object({
  /** The catalog price row (service_id of GET /services). */
  serviceId: ZDbId.nullish(),
  /** Alternative to serviceId: the master service (priced for the request's size and trim). */
  masterServiceId: ZDbId.nullish(),
  /** Price before discount; must be the catalog's (custom services: the installer's cost). */
  serviceAmount: ZMoneyInput,
  /** serviceAmount − serviceDiscount, checked when sent. */
  serviceValue: ZMoneyInput,
  /** Installers only. */
  serviceDiscount: ZMoneyInput,
  /** Installers only: a percentage (0–100, step 0.1) instead of an amount. */
  serviceDiscountPercent: ZMoneyInput,
  /** Days; used for custom services only (catalog services take the catalog's). */
  serviceDuration: ZDaysInput,
  /** 5 % of the value, checked when sent. */
  serviceFee: ZMoneyInput,
  serviceState: z.literal('new').default('new'),
  serviceDate: ZInstantInput.nullish(),
  /** Custom services: the description the installer gave. */
  customDescription: ZOptionalText(300),
  /** Dealers on dealer work: the retail price they charge their customer (≥ 0). */
  retailPrice: ZMoneyInput,
});
export type TServiceLineInput = z.infer<typeof ZServiceLineInput>;

export const ZAddServiceBody = ZServiceLineInput.extend({ requestId: ZDbId });
export type TAddServiceBody = z.infer<typeof ZAddServiceBody>;

/** POST /requestimates/ (row 71). */
export const ZCreateRequestBody = z.object({
  requestType: z.enum(['dealer', 'installer']),
  /** Dealer work: the dealership. Installer estimates: the customer (also accepted as customerId). */
  requestor: ZIdOrZero.nullish(),
  customerId: ZDbId.nullish(),
  dealerId: ZDbId.nullish(),
  serviceRequested: ZOptionalText(500),
  requestTotal: ZMoneyInput,
  requestDiscount: ZMoneyInput,
  requestFee: ZMoneyInput,
  requestDuration: ZDaysInput,
  requestTaxes: ZMoneyInput,
  /** The chosen specialist; 0 or absent = any specialist (K37). */
  assignedTo: ZIdOrZero.nullish(),
  /** Ignored: the signed-in user creates. */
  createdBy: z.union([z.number(), z.string()]).nullish(),
  availableDate: ZInstantInput,
  dueDate: ZInstantInput.nullish(),
  /** 'new', or 'scheduled' for an installer's dealer job or booked appointment (001 §4). */
  currentState: z.enum(['new', 'scheduled']).nullish(),
  /** Ignored: the server's clock. */
  createdDate: z.string().nullish(),
  vin: ZOptionalText(40),
  /** Ours: the vehicle record (POST /vehicles); otherwise the caller's latest vehicle with this VIN. */
  vehicleId: ZDbId.nullish(),
  /** Checked against the caller: 'dealer' for dealers, 'installer' for installers. */
  createdType: z.enum(['dealer', 'installer']).nullish(),
  /** Checked: WHOLE for dealer work, RETAIL for retail work. */
  installerCatalog: z.enum(['RETAIL', 'WHOLE']).nullish(),
  stock_number: ZOptionalText(50),
  deal_number: ZOptionalText(50),
  /** Ours: the service lines, priced and checked with the request in one transaction. */
  services: z.array(ZServiceLineInput).max(50).optional(),
  /** Ours: the note (POST /requestnotes/), skipped when empty. */
  noteText: ZOptionalText(5000),
  /**
   * Ours: the vehicle to record with the request (the body of POST /vehicles), instead of `vehicleId`. It is
   * written in the request's transaction: a refused request leaves no vehicle behind.
   */
  vehicle: ZCreateVehicleBody.nullish(),
  /**
   * Ours, dealers: in the same transaction, offer the request to the specialists (what GET /matchAll/ does, or
   * GET /matchA/ when `assignedTo` names one) and queue the new-request e-mails (GET /sendemailreq/{id}).
   * Needs `services`. Without it the documented calls do the same afterwards.
   */
  matchAndNotify: z.boolean().optional(),
  /** Ours, with `matchAndNotify`: a team contact to e-mail too (GET /sendemailreq/{id}?contactId=). */
  notifyContactId: ZDbId.nullish(),
  /**
   * Ours, installers: the referral this estimate converts (CONVERT TO ESTIMATE, 001 §4). A lead the caller
   * claimed and not yet converted becomes ESTIMATE_CREATED and names the new request, in the same transaction;
   * otherwise the estimate is created all the same ('failure is tolerated') and `referralLinked` is false.
   */
  referralId: ZDbId.nullish(),
});
export type TCreateRequestBody = z.infer<typeof ZCreateRequestBody>;

/** GET /matchAll/ and /matchA/ (rows 75–76, shape ours). */
export const ZMatchReply = z.object({
  success: z.literal(true),
  requestId: z.number().int(),
  /** Offers this call created. */
  matched: z.number().int(),
  /** Every live offer of the request after the call. */
  offers: z.array(
    z.object({
      installerId: z.number().int(),
      Installer_Name: z.string(),
      currentStatus: z.string(),
      created: z.boolean(),
    }),
  ),
});
export type TMatchReply = z.infer<typeof ZMatchReply>;

/** What an e-mail or SMS call queued in the outbox. */
export const ZQueuedReply = z.object({
  success: z.boolean(),
  queued: z.number().int(),
  recipients: z.array(z.string()),
  message: z.string().optional(),
});

/** Totals as the server computed them (dollars, days). */
export const ZRequestTotals = z.object({
  requestTotal: z.number(),
  requestDiscount: z.number(),
  requestFee: z.number(),
  requestTaxes: z.number(),
  requestDuration: z.number(),
  /** requestTotal − requestDiscount + requestTaxes (K24). */
  customerTotal: z.number(),
  serviceRequested: z.string(),
  /** Dealer work: Σ retail prices and the dealer's margin (retail − wholesale). */
  retailTotal: z.number().nullable(),
  margin: z.number().nullable(),
});
export type TRequestTotals = z.infer<typeof ZRequestTotals>;

export const ZCreatedLine = z.object({
  /** The service line's id (service_id of GET /requestService/{requestId}). */
  service_id: z.number().int(),
  lineId: z.number().int(),
  catalog_service_id: z.number().int().nullable(),
  master_service_id: z.number().int().nullable(),
  service_category: z.string(),
  description: z.string(),
  custom_description: z.string().nullable(),
  serviceAmount: z.number(),
  serviceDiscount: z.number(),
  serviceValue: z.number(),
  serviceFee: z.number(),
  retailPrice: z.number().nullable(),
  serviceDuration: z.number(),
});
export type TCreatedLine = z.infer<typeof ZCreatedLine>;

export const ZCreateRequestReply = z.object({
  success: z.literal(true),
  requestId: z.number().int(),
  Request_id: z.number().int(),
  id: z.number().int(),
  requestType: z.enum(['dealer', 'installer']),
  currentState: z.enum(['new', 'scheduled']),
  assignedTo: z.number().int(),
  dueDate: z.string().nullable(),
  /** True when the request was created without lines: totals come with the lines. */
  totalsPending: z.boolean(),
  totals: ZRequestTotals,
  services: z.array(ZCreatedLine),
  /** The request's vehicle record (the one created from `vehicle`, or `vehicleId`); null without one. */
  vehicleId: z.number().int().nullable().optional(),
  /** With `referralId`: whether the referral now names this estimate (001 §4 tolerates that it does not). */
  referralLinked: z.boolean().optional(),
  /** With `matchAndNotify`: the offers made (as GET /matchAll/ answers) and the e-mails queued. */
  match: ZMatchReply.omit({ success: true, requestId: true }).optional(),
  notification: ZQueuedReply.optional(),
});
export type TCreateRequestReply = z.infer<typeof ZCreateRequestReply>;

export const ZAddServiceReply = ZCreatedLine.extend({
  success: z.literal(true),
  requestId: z.number().int(),
  /** Lines of services this one includes, removed from the request (K73). */
  removedLineIds: z.array(z.number().int()),
  totals: ZRequestTotals,
});

/** POST /requestnotes/ (row 72). */
export const ZCreateNoteBody = z.object({
  requestId: ZDbId,
  noteDate: ZInstantInput.nullish(),
  noteText: z.string().max(5000),
  userType: z.string().nullish(),
  userId: z.union([z.number(), z.string()]).nullish(),
});
export const notesRequiredMessage = 'Notes must be non-empty to be saved';
export const ZCreateNoteReply = z.object({
  success: z.literal(true),
  noteId: z.number().int(),
  requestId: z.number().int(),
});

/** POST /requestoffered (row 74). */
export const ZCreateOfferBody = z.object({
  requestId: ZDbId,
  installerId: ZDbId,
  currentStatus: z.enum(['offered', 'scheduled']).default('offered'),
  dateUpdated: z.string().nullish(),
  startDate: ZInstantInput.nullish(),
  endDate: ZInstantInput.nullish(),
});
export const ZOfferReply = z.object({
  success: z.literal(true),
  offerId: z.number().int(),
  requestId: z.number().int(),
  installerId: z.number().int(),
  currentStatus: z.string(),
  /** False when the offer already existed (the call is idempotent). */
  created: z.boolean(),
});

export const ZRequestIdQuery = z.object({ Id: ZDbId });
export const ZRequestIdParams = z.object({ requestId: ZDbId });

export const ZRequestEmailQuery = z.object({
  /** A dealer team contact to notify too (wizard step 4). */
  contactId: ZDbId.optional(),
});

/** POST /messages/push (row 28): an SMS to the company or customer `id` of kind `userType`. */
export const ZPushBody = z.object({
  messageType: z.string().trim().max(60).default('notification'),
  messagePlatform: z.enum(['sms', 'SMS', 'text']).default('sms'),
  userType: z.enum(['dealer', 'installer', 'customer']),
  id: ZDbId,
  text: z.string().trim().min(1, 'Message text is required').max(1600),
  /** Ours: the request the message is about (shown on its outbox). */
  requestId: ZDbId.nullish(),
});

/** POST /mailchimp/ (row 101): the vehicle-protection marketing e-mail to a customer. */
export const ZMailchimpBody = z.object({
  customerId: ZDbId.nullish(),
  dealer: z.union([z.string().max(200), z.number()]).nullish(),
  year: z.coerce.number().int().min(1900).max(2200).nullish(),
  make: ZOptionalText(80),
  model: ZOptionalText(80),
  firstName: ZOptionalText(120),
  id: z.union([z.number(), z.string()]).nullish(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address'))
    .meta({ format: 'email' }),
});

/** POST /requests/check-duplicate (row 95). */
export const ZDuplicateCheckBody = z.object({
  year: z.coerce.number().int().min(1900).max(2200).nullish(),
  make: ZOptionalText(80),
  model: ZOptionalText(80),
  trim: ZOptionalText(80),
  vin: ZOptionalText(40),
  userType: z.string().nullish(),
  /** Installer wizard: 'customer' (retail) or 'dealer'; dealers leave it out. */
  customerType: z.string().nullish(),
  userId: z.union([z.number(), z.string()]).nullish(),
  /** Installer wizard: the chosen customer's or dealership's id. */
  dealerCustomerId: ZIdOrZero.nullish(),
});
export const ZDuplicateEntry = z.object({
  requestId: z.number().int(),
  Request_id: z.number().int(),
  current_state: z.string(),
  currentState: z.string(),
  available_date: z.string(),
  availableDate: z.string(),
  requestType: z.enum(['dealer', 'installer']),
  serviceRequested: z.string(),
  vin: z.string().nullable(),
  vehicleYear: z.number().int().nullable(),
  vehicleMake: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleTrim: z.string().nullable(),
  /** 'vin' when the VIN is the same, 'vehicle' when year, make and model are. */
  matchedBy: z.enum(['vin', 'vehicle']),
});
export type TDuplicateEntry = z.infer<typeof ZDuplicateEntry>;

/** M78: 'We found N existing estimate(s) and job(s) for this {year} {make} {model}: ... Do you want to continue creating a new request?' */
export function formatDuplicateConfirmation(
  vehicle: { year: number | string | null; make: string | null; model: string | null },
  entries: readonly Pick<TDuplicateEntry, 'requestId' | 'current_state' | 'available_date'>[],
): string {
  const list = entries
    .map((e) => `#${e.requestId} ${e.current_state} (available ${e.available_date})`)
    .join(', ');
  const name = [vehicle.year, vehicle.make, vehicle.model].filter((p) => p !== null && p !== '').join(' ');
  return `We found ${entries.length} existing estimate(s) and job(s) for this ${name}: ${list}. Do you want to continue creating a new request?`;
}

const tags = ['request-creation'] as const;
const write = { effect: 'write' } as const;

/** Creating requests, estimates and jobs, and the messages around them (apps/api/src/modules/request-creation; decision 008). */
export const requestCreationCalls = {
  createRequest: defineCall({
    operationId: 'createRequest',
    method: 'POST',
    path: requestCreationPaths.create,
    body: ZCreateRequestBody,
    reply: ZCreateRequestReply,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: write,
    summary: 'Create a request (dealer), estimate, booked appointment or dealer job (installer)',
    description:
      'Totals are computed by the server from the lines and the catalog. With `services`, submitted totals must agree within 0.01 (else 400 "Pricing validation failed: …", nothing stored). Without, totals come with each POST /requestService. Writes the state record (created, or scheduled), the note, and for installers their offer, calendar days and schedule.',
    tags,
  }),
  addService: defineCall({
    operationId: 'addRequestService',
    method: 'POST',
    path: requestCreationPaths.service,
    aliases: [requestCreationPaths.serviceAlias],
    body: ZAddServiceBody,
    reply: ZAddServiceReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'CONFLICT'],
    access: write,
    summary: 'Add a service line (priced from the catalog); recomputes the request’s totals',
    description:
      'serviceAmount, serviceValue and serviceFee, when sent, must be the catalog’s within 0.01. Discounts: installers only (dealers get 403). Custom services (priced 0): installers, with customDescription, serviceAmount and serviceDuration.',
    tags,
  }),
  addNote: defineCall({
    operationId: 'addRequestNote',
    method: 'POST',
    path: requestCreationPaths.note,
    body: ZCreateNoteBody,
    reply: ZCreateNoteReply,
    errors: ['NOT_FOUND'],
    access: write,
    summary: 'Add a note to a request (non-empty)',
    tags,
  }),
  addOffer: defineCall({
    operationId: 'addRequestOffer',
    method: 'POST',
    path: requestCreationPaths.offer,
    body: ZCreateOfferBody,
    reply: ZOfferReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
    access: write,
    summary: 'Record an offer (idempotent per request and installer)',
    tags,
  }),
  sendRequestEmail: defineCall({
    operationId: 'sendRequestEmail',
    method: 'GET',
    path: requestCreationPaths.requestEmail,
    params: ZRequestIdParams,
    query: ZRequestEmailQuery,
    reply: ZQueuedReply,
    errors: ['NOT_FOUND'],
    /** Only dealers send request e-mails (the service checks it again). */
    access: { effect: 'write', roles: ['dealer'] },
    summary: 'E-mail the new request to the specialists holding an offer (and ?contactId= a team contact)',
    tags,
  }),
  pushMessage: defineCall({
    operationId: 'pushMessage',
    method: 'POST',
    path: requestCreationPaths.push,
    body: ZPushBody,
    reply: ZQueuedReply,
    errors: ['NOT_FOUND'],
    access: write,
    summary: 'Send an SMS to a company or customer the caller works with (through the outbox)',
    tags,
  }),
  sendMarketingEmail: defineCall({
    operationId: 'sendMarketingEmail',
    method: 'POST',
    path: requestCreationPaths.mailchimp,
    body: ZMailchimpBody,
    reply: ZQueuedReply,
    errors: ['NOT_FOUND'],
    access: write,
    summary:
      'The vehicle-protection marketing e-mail to a customer (outbox kind mailchimp-vehicle-protection)',
    tags,
  }),
  checkDuplicates: defineCall({
    operationId: 'checkDuplicateRequests',
    method: 'POST',
    path: requestCreationPaths.duplicate,
    body: ZDuplicateCheckBody,
    reply: z.array(ZDuplicateEntry),
    errors: [],
    access: { effect: 'read' },
    summary: 'Existing estimates and jobs for the same vehicle (same VIN, or year + make + model)',
    tags,
  }),
};
