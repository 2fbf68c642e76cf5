import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * Requests and estimates ("requestimates"), their lists and detail reads (catalogue rows 10–21, 57).
 *
 * Wire conventions (CONVENTIONS decisions 2 and 4):
 * - every field 000 §3 names in camelCase AND, where 002 §3 spells it differently, that spelling too
 *   (requestId + Request_id, currentState + current_state, …);
 * - money on requests, services and payments in dollars (a number with at most 2 decimals);
 * - durations in days (one decimal: the database keeps tenths of a day);
 * - request dates as 'YYYY/MM/DD HH:mm:ss' in UTC; calendar work dates as 'YYYY-MM-DD'.
 */
export const serviceRequestPaths = {
  requestById: '/requestimates/requestbyID/',
  dealerRequests: '/requestimates/getdealerrequests/',
  installerRequests: '/requestimates/getinstallerrequests/',
  installerEstimates: '/requestimates/getinstallerestimates/',
  list: '/requestimates/list/',
  fullRequest: '/requestimates/fullrequest/',
  // The spec's /requestOffered/{typeId}. PUT /requestOffered/{requestId} (lifecycle) has the same template: one
  // parameter name for both (OpenAPI), described per call.
  offersOfCompany: '/requestOffered/:id',
  offersOfRequest: '/requestoffered/request/:requestId',
  services: '/requestService/:requestId',
  servicesPlural: '/requestServices/:requestId',
  notes: '/requestnotes/:requestId',
  stateHistory: '/requeststate/:requestId',
  referral: '/requestreferral/:requestId',
  calendar: '/installerCalendarRequest/:requestId',
} as const;

/** Largest id a PostgreSQL integer column holds: larger ids are a 400, never a database error. */
export const MAX_DB_ID = 2_147_483_647;
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;
/** The list total rides in this header on the legacy list calls (their body stays the documented array). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const requestStates = [
  'new',
  'answered',
  'scheduled',
  'received',
  'started',
  'finished',
  'collected',
  'reviewed',
  'deleted',
] as const;
export type TRequestState = (typeof requestStates)[number];

/** The three modes of the list screen (000 §2). */
export const listModes = ['requests', 'jobs', 'pickups'] as const;
export const ZListMode = z.enum(listModes);
export type TListMode = z.infer<typeof ZListMode>;

const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);

const pagingFields = {
  /** Omitted: every list mode at once (all states that appear in some list of the caller's role). */
  mode: ZListMode.optional(),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(MAX_DB_ID).default(0),
};

/** `?Id=` of the legacy list calls: the caller's own company id. */
export const ZCompanyListQuery = z.object({ Id: ZDbId, ...pagingFields });
export type TCompanyListQuery = z.infer<typeof ZCompanyListQuery>;

/**
 * A keyset cursor: the last row's available date (microseconds since 1970) and request id, as
 * `next_cursor` gave it. The page then starts after that row, so deep pages cost what the first does.
 */
export const ZListCursor = z
  .string()
  .regex(/^\d{1,16}_\d{1,10}$/, 'after must be a cursor from next_cursor')
  .transform((value) => {
    const [us, id] = value.split('_');
    return { us: Number(us), id: Number(id) };
  })
  .refine((c) => Number.isSafeInteger(c.us) && c.id >= 1 && c.id <= MAX_DB_ID, 'after is not a valid cursor');
export type TListCursor = z.output<typeof ZListCursor>;

/** GET /requestimates/list/: the caller's list, merged and paged in one query (offset or keyset). */
export const ZListQuery = z.object({ ...pagingFields, after: ZListCursor.optional() });
export type TListQuery = z.infer<typeof ZListQuery>;

/** GET /requestOffered/{typeId}: paging only. */
export const ZPagingQuery = z.object({ limit: pagingFields.limit, offset: pagingFields.offset });

/** `?Id=` of requestbyID and fullrequest: a request id. */
export const ZRequestIdQuery = z.object({ Id: ZDbId });
export const ZRequestIdParam = z.object({ requestId: ZDbId });
/** GET /requestOffered/{id}: the spec's typeId. */
export const ZOffersOfCompanyParam = z.object({
  id: ZDbId.describe('The caller’s company: its dealership or installer id (the spec’s typeId)'),
});

const ZWireDate = z.string().describe("UTC, 'YYYY/MM/DD HH:mm:ss'");
const ZDollars = z.number().describe('dollars, 2 decimals');
const ZDays = z.number().describe('days');

/** The request entity (000 §3 + the 002 §3 spellings). */
export const ZRequestimate = z.object({
  requestId: z.number().int(),
  Request_id: z.number().int(),
  requestType: z.enum(['dealer', 'installer']),
  Request_type: z.enum(['dealer', 'installer']),
  currentState: z.enum(requestStates),
  current_state: z.enum(requestStates),
  /** Installers: the caller's own offer status on this request; dealers: the request's offer state. */
  offerState: z.string().nullable(),
  createdDate: ZWireDate,
  created_date: ZWireDate,
  availableDate: ZWireDate,
  available_date: ZWireDate,
  dueDate: ZWireDate.nullable(),
  due_date: ZWireDate.nullable(),
  requestDuration: ZDays,
  request_duration: ZDays,
  requestTotal: ZDollars,
  Request_Total: ZDollars,
  requestDiscount: ZDollars,
  Request_Discount: ZDollars,
  requestTaxes: ZDollars,
  Request_taxes: ZDollars,
  requestFee: ZDollars,
  Request_Fee: ZDollars,
  vehicleYear: z.number().int().nullable(),
  vehicleMake: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleTrim: z.string().nullable(),
  vin: z.string().nullable(),
  serviceRequested: z.string(),
  Service_Requested: z.string(),
  /** Installers see the dealership (or, for a retail estimate, the customer); dealers their own name. */
  dealerName: z.string().nullable(),
  /** Dealers see the assigned installer; an installer sees its own name on work assigned to it. */
  installerName: z.string().nullable(),
  /** Contact of the counterpart: the dealership's for installers (the customer's for retail estimates), the assigned installer's for dealers. */
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The assigned installer; 0 for an open "discovery" request. */
  assignedTo: z.number().int(),
  /** The requesting company: a dealer id for dealer requests, an installer id for estimates. */
  requestor: z.number().int(),
  Requestor: z.number().int(),
  dealerId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  /** Number of the job's final invoice. */
  invoiceId: z.string().nullable(),
  customer_facing_invoice: z.string().nullable(),
  contract_url: z.string().nullable(),
  /** A dealer request of a dealership with customer_contract 'Y': work cannot start until it is signed (000 §9). */
  contractRequired: z.boolean(),
  /** A signed customer contract exists for this request. */
  contractSigned: z.boolean(),
  /** The booked schedule of the performing installer (BOOK JOB / claim / assign), or null before booking. */
  scheduleStart: ZWireDate.nullable(),
  scheduleEnd: ZWireDate.nullable(),
  depositAmount: ZDollars,
  deposit_amount: ZDollars,
  depositIsPaid: z.boolean(),
  depositPaidAmount: ZDollars,
  referral_id: z.number().int().nullable(),
  referral_status: z.string().nullable(),
  reviewScore: z.number().int().nullable(),
});
export type TRequestimate = z.infer<typeof ZRequestimate>;

/** GET /requestimates/list/ */
export const ZRequestList = z.object({
  items: z.array(ZRequestimate),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** The cursor of the page after this one (`?after=`), or null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TRequestList = z.infer<typeof ZRequestList>;

/** A service line (000 §3 and 002 §3 spellings). */
export const ZRequestService = z.object({
  /** The service line's id (the serviceId of PUT /requestServiceState and of calendar days). */
  service_id: z.number().int(),
  requestId: z.number().int(),
  /** The catalog price row the line was priced from; null for a custom line. */
  catalog_service_id: z.number().int().nullable(),
  master_service_id: z.number().int().nullable(),
  position: z.number().int(),
  service_category: z.string(),
  description: z.string(),
  custom_description: z.string().nullable(),
  /** The line's price before discount; service_cost is its 002 spelling. */
  service_amount: ZDollars,
  service_cost: ZDollars,
  service_discount: ZDollars,
  service_fee: ZDollars,
  retail_price: ZDollars.nullable(),
  service_duration: ZDays,
  duration_days: ZDays,
  service_state: z.enum(['new', 'started', 'finished']),
  service_date: ZWireDate.nullable(),
  materials: z.string().nullable(),
  template: z.string().nullable(),
});
export type TRequestService = z.infer<typeof ZRequestService>;

export const ZRequestNote = z.object({
  noteId: z.number().int(),
  requestId: z.number().int(),
  note_text: z.string(),
  noteDate: ZWireDate,
  userId: z.number().int().nullable(),
  userType: z.enum(['dealer', 'installer']).nullable(),
});
export type TRequestNote = z.infer<typeof ZRequestNote>;

/** Offer (requestoffered). Dealers only ever receive accepted offers; installers only their own. */
export const ZRequestOffer = z.object({
  offerId: z.number().int(),
  requestId: z.number().int(),
  installerId: z.number().int(),
  installerName: z.string(),
  startDate: ZWireDate.nullable(),
  endDate: ZWireDate.nullable(),
  currentStatus: z.string(),
  dateUpdated: ZWireDate,
});
export type TRequestOffer = z.infer<typeof ZRequestOffer>;

/** Request state record (row 19; written by POST /requestState). */
export const ZRequestStateRecord = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  stateDate: ZWireDate,
  requestStatus: z.string(),
  /** The service line concerned, if any. */
  serviceId: z.number().int().nullable(),
  changedByUserId: z.number().int().nullable(),
  changedByUserType: z.string().nullable(),
});
export type TRequestStateRecord = z.infer<typeof ZRequestStateRecord>;

/** Referral linked to a request (row 20): referral_id (also referralId, decision 4) and status. */
export const ZRequestReferral = z.object({
  referral_id: z.number().int(),
  referralId: z.number().int(),
  requestId: z.number().int(),
  status: z.string(),
  dealerId: z.number().int(),
});
export type TRequestReferral = z.infer<typeof ZRequestReferral>;

/** Calendar day of a request (row 57). Installers see only their own days; dealers the days of installers they accepted or assigned. */
export const ZCalendarDay = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  serviceId: z.number().int().nullable(),
  workDate: z.string().describe('YYYY-MM-DD'),
  work_date: z.string().describe('YYYY-MM-DD'),
  workStatus: z.enum(['draft', 'pending', 'booked', 'started', 'finished']),
  work_status: z.enum(['draft', 'pending', 'booked', 'started', 'finished']),
  daily_work: ZDays,
  /** Job-days per day of the location (or of the installer when the location has none). */
  capacity: z.number().int(),
  installerId: z.number().int(),
  locationId: z.number().int().nullable(),
  event_id: z.string().nullable(),
  eventId: z.string().nullable(),
});
export type TCalendarDay = z.infer<typeof ZCalendarDay>;

/** A payment of the job (000 §3), amounts in dollars. */
export const ZPaymentSummaryRow = z.object({
  payment_id: z.number().int(),
  payment_type: z.enum(['deposit', 'final']),
  payment_state: z.enum(['invoiced', 'pending', 'paid', 'settled', 'covered']),
  payment_amount: ZDollars,
  payment_date: ZWireDate.nullable(),
  invoice_id: z.number().int().nullable(),
});
export type TPaymentSummaryRow = z.infer<typeof ZPaymentSummaryRow>;

export const ZPaymentsSummary = z.object({
  depositAmount: ZDollars,
  depositIsPaid: z.boolean(),
  depositPaidAmount: ZDollars,
  /** The deposit display state (catalogue §3.9) as far as the server knows it. */
  depositStatus: z.enum(['none', 'invoiced', 'paid']),
  /** Sum of paid and settled payments of any type. */
  totalPaid: ZDollars,
  payments: z.array(ZPaymentSummaryRow),
});
export type TPaymentsSummary = z.infer<typeof ZPaymentsSummary>;

/**
 * GET /requestimates/fullrequest/?Id= (row 21, shape ours): the request's own fields at the top level (so a
 * client that reads it as a request keeps working) plus its parts, each filtered as its own call would be.
 */
export const ZFullRequest = ZRequestimate.extend({
  services: z.array(ZRequestService),
  notes: z.array(ZRequestNote),
  offers: z.array(ZRequestOffer),
  calendarDays: z.array(ZCalendarDay),
  payments: ZPaymentsSummary,
});
export type TFullRequest = z.infer<typeof ZFullRequest>;

const tags = ['service-requests'] as const;
const access = { effect: 'read' } as const;
const pagingNote =
  'Optional mode=requests|jobs|pickups (omitted: all three), limit (default 50, max 200) and offset; ordered by availableDate, then requestId. The total is in the X-Total-Count header.';
const ZRequestimatePage = z.array(ZRequestimate).describe('headers: X-Total-Count');

/** One part of a request read by its id in the path: 404 when the caller may not see the request. */
function requestPartCall<const Id extends string, const P extends string, const R extends z.ZodType>(
  operationId: Id,
  path: P,
  item: R,
  summary: string,
) {
  return defineCall({
    operationId,
    method: 'GET',
    path,
    params: ZRequestIdParam,
    reply: z.array(item),
    errors: ['NOT_FOUND'],
    access,
    summary,
    tags,
  });
}

/** The request lists and detail reads (catalogue rows 10–21, 57); decision 008. */
export const serviceRequestCalls = {
  list: defineCall({
    operationId: 'listMyRequests',
    method: 'GET',
    path: serviceRequestPaths.list,
    query: ZListQuery,
    reply: ZRequestList,
    errors: [],
    access,
    summary:
      'The caller’s list (dealer requests, or installer estimates merged with offered dealer requests)',
    description: `${pagingNote} Merging and paging happen in one SQL query. Keyset paging: pass the reply's next_cursor as ?after= for the page after it (offset then counts from the cursor); a deep page costs what the first does (decision 016).`,
    tags,
  }),
  dealerRequests: defineCall({
    operationId: 'listDealerRequests',
    method: 'GET',
    path: serviceRequestPaths.dealerRequests,
    query: ZCompanyListQuery,
    reply: ZRequestimatePage,
    errors: [],
    access: { ...access, roles: ['dealer'] },
    summary: 'A dealership’s requests (?Id= its dealer id)',
    description: pagingNote,
    tags,
  }),
  installerRequests: defineCall({
    operationId: 'listInstallerRequests',
    method: 'GET',
    path: serviceRequestPaths.installerRequests,
    query: ZCompanyListQuery,
    reply: ZRequestimatePage,
    errors: [],
    access: { ...access, roles: ['installer'] },
    summary: 'Dealer requests offered or assigned to an installer (?Id= its installer id)',
    description: pagingNote,
    tags,
  }),
  installerEstimates: defineCall({
    operationId: 'listInstallerEstimates',
    method: 'GET',
    path: serviceRequestPaths.installerEstimates,
    query: ZCompanyListQuery,
    reply: ZRequestimatePage,
    errors: [],
    access: { ...access, roles: ['installer'] },
    summary: 'An installer’s own estimates (?Id= its installer id)',
    description: pagingNote,
    tags,
  }),
  requestById: defineCall({
    operationId: 'getRequest',
    method: 'GET',
    path: serviceRequestPaths.requestById,
    query: ZRequestIdQuery,
    reply: ZRequestimate,
    errors: ['NOT_FOUND'],
    access,
    summary: 'One request (?Id= the request id)',
    tags,
  }),
  fullRequest: defineCall({
    operationId: 'getFullRequest',
    method: 'GET',
    path: serviceRequestPaths.fullRequest,
    query: ZRequestIdQuery,
    reply: ZFullRequest,
    errors: ['NOT_FOUND'],
    access,
    summary: 'A request with its services, notes, offers, calendar days and payments, in one reply',
    tags,
  }),
  offersOfCompany: defineCall({
    operationId: 'listOffersOfCompany',
    method: 'GET',
    path: serviceRequestPaths.offersOfCompany,
    params: ZOffersOfCompanyParam,
    query: ZPagingQuery,
    reply: z.array(ZRequestOffer),
    errors: [],
    access,
    summary: 'Offers of the caller’s company: a dealer’s accepted offers, an installer’s own offers',
    description:
      'An installer’s offers by offer id; a dealership’s accepted offers (the quotes on its requests still awaiting its choice, state answered) in list order: available date, then request id. limit (default 50, max 200) and offset; the exact total is in the X-Total-Count header, read from counts the writing transactions keep, so a page costs the same however long the history (decision 016).',
    tags,
  }),
  offersOfRequest: requestPartCall(
    'listOffersOfRequest',
    serviceRequestPaths.offersOfRequest,
    ZRequestOffer,
    'Offers of a request: dealers see accepted offers, an installer its own',
  ),
  // Decision 3: both spellings answer.
  services: defineCall({
    ...requestPartCall(
      'listRequestServices',
      serviceRequestPaths.services,
      ZRequestService,
      'Service lines of a request',
    ),
    aliases: [serviceRequestPaths.servicesPlural],
  }),
  notes: requestPartCall('listRequestNotes', serviceRequestPaths.notes, ZRequestNote, 'Notes of a request'),
  stateHistory: requestPartCall(
    'listRequestStateHistory',
    serviceRequestPaths.stateHistory,
    ZRequestStateRecord,
    'State history of a request, oldest first',
  ),
  referral: requestPartCall(
    'listRequestReferrals',
    serviceRequestPaths.referral,
    ZRequestReferral,
    'Referral linked to a request (empty when none)',
  ),
  calendar: requestPartCall(
    'listRequestCalendarDays',
    serviceRequestPaths.calendar,
    ZCalendarDay,
    'Calendar days of a request',
  ),
};
