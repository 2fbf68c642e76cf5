/** Test data for the list and detail screen (used by the tests beside this file only). */
import type {
  TCalendarDay,
  TRequestimate,
  TRequestNote,
  TRequestOffer,
  TRequestService,
} from '@app/contracts/service-requests.contract';
import type { FakeAnswer, FakeHandler } from '../../test/fake-fetch';

type RequestFields = Omit<
  TRequestimate,
  | 'Request_id'
  | 'Request_type'
  | 'current_state'
  | 'created_date'
  | 'available_date'
  | 'due_date'
  | 'request_duration'
  | 'Request_Total'
  | 'Request_Discount'
  | 'Request_taxes'
  | 'Request_Fee'
  | 'Service_Requested'
  | 'Requestor'
  | 'deposit_amount'
>;

/** A dealer request of Sunrise Motors (dealer 5), new, with every wire spelling kept in step. */
export function buildRequest(overrides: Partial<RequestFields> = {}): TRequestimate {
  const fields: RequestFields = {
    requestId: 7,
    requestType: 'dealer',
    currentState: 'new',
    offerState: 'offered',
    createdDate: '2026/01/02 15:00:00',
    availableDate: '2026/01/05 14:00:00',
    dueDate: '2026/01/09 14:00:00',
    requestDuration: 1,
    requestTotal: 500,
    requestDiscount: 50,
    requestTaxes: 0,
    requestFee: 22.5,
    vehicleYear: 2022,
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vehicleTrim: 'SE',
    vin: '1HGCM82633A004352',
    serviceRequested: 'Glass/Tint - Windshield Tint',
    dealerName: 'Sunrise Motors',
    installerName: null,
    email: 'office@elite.test',
    phone_number: '8135550110',
    latitude: 27.9447,
    longitude: -82.5152,
    assignedTo: 0,
    requestor: 5,
    dealerId: 5,
    customerId: null,
    customerName: null,
    invoiceId: null,
    customer_facing_invoice: null,
    contract_url: null,
    depositAmount: 0,
    depositIsPaid: false,
    depositPaidAmount: 0,
    referral_id: null,
    referral_status: null,
    contractRequired: false,
    contractSigned: false,
    scheduleStart: null,
    scheduleEnd: null,
    reviewScore: null,
    ...overrides,
  };
  return {
    ...fields,
    Request_id: fields.requestId,
    Request_type: fields.requestType,
    current_state: fields.currentState,
    created_date: fields.createdDate,
    available_date: fields.availableDate,
    due_date: fields.dueDate,
    request_duration: fields.requestDuration,
    Request_Total: fields.requestTotal,
    Request_Discount: fields.requestDiscount,
    Request_taxes: fields.requestTaxes,
    Request_Fee: fields.requestFee,
    Service_Requested: fields.serviceRequested,
    Requestor: fields.requestor,
    deposit_amount: fields.depositAmount,
  };
}

/** An installer's own retail estimate (installer 7, Elite Auto Film) for a customer. */
export function buildEstimate(overrides: Partial<RequestFields> = {}): TRequestimate {
  return buildRequest({
    requestId: 21,
    requestType: 'installer',
    offerState: null,
    requestTotal: 1000,
    requestDiscount: 100,
    requestTaxes: 63,
    dealerName: 'Marcus Bennett',
    customerName: 'Marcus Bennett',
    installerName: 'Elite Auto Film',
    assignedTo: 7,
    requestor: 7,
    dealerId: null,
    customerId: 3,
    ...overrides,
  });
}

export function buildService(overrides: Partial<TRequestService> = {}): TRequestService {
  const amount = overrides.service_amount ?? 250;
  const duration = overrides.service_duration ?? 1;
  return {
    service_id: 101,
    requestId: 7,
    catalog_service_id: 12,
    master_service_id: 3,
    position: 1,
    service_category: 'Glass/Tint',
    description: 'Windshield Tint',
    custom_description: null,
    service_amount: amount,
    service_cost: amount,
    service_discount: 0,
    service_fee: 12.5,
    retail_price: null,
    service_duration: duration,
    duration_days: duration,
    service_state: 'new',
    service_date: null,
    materials: null,
    template: null,
    ...overrides,
  };
}

export function buildNote(overrides: Partial<TRequestNote> = {}): TRequestNote {
  return {
    noteId: 1,
    requestId: 7,
    note_text: 'Customer wants 35% on the sides.',
    noteDate: '2026/01/02 15:00:00',
    userId: 11,
    userType: 'dealer',
    ...overrides,
  };
}

export function buildOffer(overrides: Partial<TRequestOffer> = {}): TRequestOffer {
  return {
    offerId: 1,
    requestId: 7,
    installerId: 7,
    installerName: 'Elite Auto Film',
    startDate: null,
    endDate: null,
    currentStatus: 'offered',
    dateUpdated: '2026/01/02 15:00:00',
    ...overrides,
  };
}

export function buildCalendarDay(overrides: Partial<TCalendarDay> = {}): TCalendarDay {
  const workDate = overrides.workDate ?? '2026-01-06';
  const workStatus = overrides.workStatus ?? 'booked';
  return {
    id: 1,
    requestId: 7,
    serviceId: null,
    workDate,
    work_date: workDate,
    workStatus,
    work_status: workStatus,
    daily_work: 1,
    capacity: 8,
    installerId: 7,
    locationId: null,
    event_id: null,
    eventId: null,
    ...overrides,
  };
}

export type DetailAnswers = {
  request?: FakeAnswer;
  services?: FakeAnswer;
  notes?: FakeAnswer;
  offers?: FakeAnswer;
  history?: FakeAnswer;
  referral?: FakeAnswer;
  calendar?: FakeAnswer;
};

/** Fake answers of every detail call of one request (empty parts unless given). */
export function detailFakes(request: TRequestimate, answers: DetailAnswers = {}) {
  const id = request.requestId;
  const handlers: Record<string, FakeAnswer | FakeHandler> = {
    'GET /api/requestimates/requestbyID/': (call) =>
      call.url.searchParams.get('Id') === String(id)
        ? (answers.request ?? { body: request })
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Request not found' } },
    [`GET /api/requestService/${id}`]: answers.services ?? { body: [] },
    [`GET /api/requestnotes/${id}`]: answers.notes ?? { body: [] },
    [`GET /api/requestoffered/request/${id}`]: answers.offers ?? { body: [] },
    [`GET /api/requeststate/${id}`]: answers.history ?? { body: [] },
    [`GET /api/requestreferral/${id}`]: answers.referral ?? { body: [] },
    [`GET /api/installerCalendarRequest/${id}`]: answers.calendar ?? { body: [] },
  };
  return handlers;
}

export function listAnswer(items: TRequestimate[], total = items.length): FakeAnswer {
  return { body: { items, total, limit: 25, offset: 0, next_cursor: null } };
}

export const serverError: FakeAnswer = { status: 500, body: { code: 'INTERNAL', message: 'Internal error' } };
