/**
 * The job lifecycle as a transition table (000 §4, §5, §6; catalogue §3.1–3.4, 4.2, 4.6, 4.7, §7 A17–A36;
 * decisions 8, 10, 19, 20, 28, 32).
 *
 * The server calls `decideTransition` before every state-changing call and applies `to` and the
 * `effects` in one transaction; the SPA calls `listAvailableActions` / `listActionButtons` with the same
 * context to decide which buttons to show and enable. Nothing here does I/O.
 *
 * Checks run in a fixed order, and the first failure decides the answer:
 *   1. ASSIST access                         → FORBIDDEN (read-only everywhere, A17)
 *   2. the actor has no part in the request  → FORBIDDEN
 *   3. no rule for this request type         → INVALID_TRANSITION
 *   4. the actor's relationship is not one the rule allows → FORBIDDEN
 *   5. the request state is not a `from` state, or the caller's offer is in the wrong status
 *                                            → INVALID_TRANSITION
 *   6. the rule's guards (input, selected service, contract, payment setup, installer group)
 *                                            → per guard
 */
import { type AccessLevel, isReadOnlyAccess, type UserType } from '../identity/access';
import { type IsoDate, isIsoDate } from '../scheduling/dates';
import { computeBookingDates, type JobDates } from '../scheduling/job-dates';
import { checkStartDate, computeStartDateBounds } from '../scheduling/start-date-picker';
import type { WorkStatus } from './calendar-status';
import { isLiveOfferStatus, type OfferStatus } from './offer-status';
import type { ServiceState } from './service-status';

// ---------------------------------------------------------------------------------------------------
// States

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
export type RequestState = (typeof requestStates)[number];

/** Nothing moves a reviewed or deleted request; both appear in no list (decision 32). */
export const terminalRequestStates = ['reviewed', 'deleted'] as const satisfies readonly RequestState[];

export const requestTypes = ['dealer', 'installer'] as const;
export type RequestType = (typeof requestTypes)[number];

export function isRequestState(value: unknown): value is RequestState {
  return typeof value === 'string' && (requestStates as readonly string[]).includes(value);
}

export function isTerminalRequestState(state: RequestState): boolean {
  return state === 'reviewed' || state === 'deleted';
}

/** Referral status follows the request (000 §4; catalogue §3.7; decision 14). */
export const referralFollowStatuses = ['SCHEDULED', 'RECEIVED', 'STARTED', 'FINISHED', 'COMPLETE'] as const;
export type ReferralFollowStatus = (typeof referralFollowStatuses)[number];

const referralStatusByState: Partial<Record<RequestState, ReferralFollowStatus>> = {
  scheduled: 'SCHEDULED',
  received: 'RECEIVED',
  started: 'STARTED',
  finished: 'FINISHED',
  collected: 'COMPLETE',
};

export function findReferralStatusForState(state: RequestState): ReferralFollowStatus | null {
  return referralStatusByState[state] ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Actions, relationships, guards, effects

export const actions = [
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
  'editJob',
] as const;
export type Action = (typeof actions)[number];

/** Button labels of 000 §2 (accept, claim and reject live on the installer requests screen). */
export const actionLabels: Record<Action, string> = {
  accept: 'ACCEPT',
  claim: 'CLAIM',
  assign: 'ASSIGN',
  book: 'BOOK JOB',
  completeEstimate: 'JOB COMPLETED',
  checkIn: 'CHECK IN',
  reschedule: 'RESCHEDULE',
  startService: 'START SERVICE',
  finishService: 'FINISH SERVICE',
  completeJob: 'COMPLETE JOB',
  deliver: 'DELIVER',
  review: 'REVIEW',
  delete: 'delete',
  reject: 'REJECT',
  transfer: 'TRANSFER',
  setDeposit: 'Set deposit amount',
  editJob: 'EDIT JOB',
};

/** What the action does to what, for messages: `Cannot ${phrase} in state ${state}`. */
const actionPhrases: Record<Action, string> = {
  accept: 'accept a request',
  claim: 'claim a request',
  assign: 'assign a request',
  book: 'book a request',
  completeEstimate: 'complete an estimate',
  checkIn: 'check in a request',
  reschedule: 'reschedule a request',
  startService: 'start a service of a request',
  finishService: 'finish a service of a request',
  completeJob: 'complete a job',
  deliver: 'deliver a request',
  review: 'review a request',
  delete: 'delete a request',
  reject: 'reject a request',
  transfer: 'transfer a request',
  setDeposit: 'set a deposit on a request',
  editJob: 'edit a request',
};

/**
 * How the actor's company relates to the request.
 * - requestingDealer: the dealership that sent a dealer-type request.
 * - requestingInstaller: the installer owning an installer-type estimate/job: the one it is assigned to
 *   (it moves with a transfer), else the one that created it.
 * - assignedInstaller: the installer the request is assigned to (assignedTo; null = open job).
 * - offeredInstaller: an installer holding a live (not rejected, not deleted) offer. The dealer wizard's
 *   matching step creates one offer per matched installer, so on an open job these are the matched
 *   installers who may claim it.
 */
export const relationships = [
  'requestingDealer',
  'requestingInstaller',
  'assignedInstaller',
  'offeredInstaller',
] as const;
export type Relationship = (typeof relationships)[number];

/**
 * Named checks a rule runs after role and state. Each fails with its own reason; `hidesButton` guards
 * remove the button, the others leave it visible but disabled (000 §5).
 */
export const guards = {
  /** input.startDate is YYYY-MM-DD and, when `today` is given, inside the picker bounds (000 §5). */
  startDate: { hidesButton: false },
  /** Claim needs an open job (assignedTo 0): otherwise someone claimed it first (409). */
  openRequest: { hidesButton: true },
  /** ASSIGN needs input.installerId holding an accepted offer. */
  chosenInstaller: { hidesButton: false },
  /** Decision 10: a dealer-type job of a company with customer_contract 'Y' starts only when signed. */
  contractSigned: { hidesButton: false },
  /** CHECK IN stays disabled until the entered VIN is valid (input.isVinValid). */
  validVin: { hidesButton: false },
  /** START SERVICE: a selected service in state new. */
  selectedServiceNew: { hidesButton: false },
  /** FINISH SERVICE: a selected service in state started. */
  selectedServiceStarted: { hidesButton: false },
  /** Catalogue 4.2 item 7: trial specialists finish payment setup before completing jobs. */
  paymentSetup: { hidesButton: false },
  /** REVIEW: a whole score 1..5. */
  reviewScore: { hidesButton: false },
  /** Transfer exists only for companies with installer_group enabled (000 §6). */
  installerGroup: { hidesButton: true },
  /** Transfer needs a chosen specialist of the caller's group, not the caller. */
  transferTarget: { hidesButton: false },
  /** The deposit field is disabled once deposit invoices exist (000 §5). */
  noDepositInvoice: { hidesButton: false },
  /** Deposit: whole cents, 0..job total. */
  depositAmount: { hidesButton: false },
} as const satisfies Record<string, { hidesButton: boolean }>;
export type Guard = keyof typeof guards;

/** Request-state history values (POST /requestState requestStatus). */
export type HistoryStatus = RequestState | 'rescheduled' | 'rejected' | 'transferred';

/**
 * Side effects beyond the row changes described by `to` (state, offer, assignment, calendar status,
 * service states, stored fields). The service runs them inside the transaction or through the outbox.
 */
export type Effect =
  | `writeHistory:${HistoryStatus}`
  | `writeServiceHistory:${'started' | 'finished'}`
  | `referralStatus:${ReferralFollowStatus}`
  /** request_schedules row with `to.schedule` (PUT /schedule/). */
  | 'saveSchedule'
  /** Calendar days of the working installer for `to.schedule`, in status `to.workStatus`. */
  | 'scheduleCalendarEntries'
  /** ASSIGN: remove the pending calendar days of the installers that were not chosen. */
  | 'removeOtherInstallersCalendarEntries'
  /** Reject: remove the caller's calendar days of this request. */
  | 'removeCallerCalendarEntries'
  /** Delete: remove every calendar day of the request. */
  | 'removeCalendarEntries'
  /** Transfer: the caller's offer and calendar days move to the target installer. */
  | 'reassignOffer'
  | 'reassignCalendarEntries'
  | 'createDepositInvoice'
  | 'createFinalInvoice'
  /** Void open invoices and delete drafts (000 §4 delete). */
  | 'voidInvoices'
  | 'deletePayments'
  | 'addCalendarAppointment'
  | 'removeCalendarAppointments'
  | 'sendBookingEmail'
  /** Text the dealer and the customer that work started (first START SERVICE). */
  | 'notifyWorkStartedSms'
  /** Text the dealer or customer that the job is finished (COMPLETE JOB). */
  | 'notifyJobFinishedSms'
  /** CHECK IN: save the entered VIN through the vehicle VIN call, replacing an 'NV' placeholder. */
  | 'saveVin';

/** Effects that run only when the context says so; the others always run. */
export const effectConditions = {
  createDepositInvoice: 'hasDepositWithoutInvoice',
  createFinalInvoice: 'hasNoFinalInvoice',
  addCalendarAppointment: 'isCalendarLinked',
  'referralStatus:SCHEDULED': 'hasReferral',
  'referralStatus:RECEIVED': 'hasReferral',
  'referralStatus:STARTED': 'hasReferral',
  'referralStatus:FINISHED': 'hasReferral',
  'referralStatus:COMPLETE': 'hasReferral',
} as const satisfies Partial<Record<Effect, string>>;
export type EffectCondition = (typeof effectConditions)[keyof typeof effectConditions];

/** Whose offer a rule changes. `performer` = the installer doing the work (assigned, else the estimate's owner). */
export type OfferOwner = 'caller' | 'chosenInstaller' | 'performer' | 'all';

export type TransitionRule = {
  /** Catalogue §3.1 row (T4…) plus a suffix where one row needs several rules. */
  id: string;
  action: Action;
  requestTypes: readonly RequestType[];
  from: readonly RequestState[];
  /** Any one of these relationships allows the action. */
  who: readonly Relationship[];
  /** The caller's own offer must be in one of these statuses. */
  callerOfferFrom?: readonly OfferStatus[];
  guards: readonly Guard[];
  to: {
    state: RequestState | 'unchanged';
    offer?: { owner: OfferOwner; status: OfferStatus };
    /** The working installer's calendar days take this status. */
    workStatus?: WorkStatus;
    service?: { scope: 'selected' | 'all'; state: ServiceState };
    /** Who becomes assignedTo. */
    assign?: 'caller' | 'chosenInstaller' | 'transferTarget';
    /** Start/end/due dates are computed from input.startDate (accept, claim, book) or the chosen offer (assign). */
    schedule?: 'fromInput' | 'fromChosenOffer';
    /** Where the SPA goes afterwards. */
    redirectTo?: '/pickups';
  };
  effects: readonly Effect[];
  doc: string;
};

const anyInstaller: readonly Relationship[] = ['assignedInstaller', 'requestingInstaller'];
const bothTypes: readonly RequestType[] = ['dealer', 'installer'];
const deleteEffects: readonly Effect[] = [
  'voidInvoices',
  'deletePayments',
  'removeCalendarEntries',
  'removeCalendarAppointments',
  'writeHistory:deleted',
];
const bookingEffects: readonly Effect[] = [
  'saveSchedule',
  'scheduleCalendarEntries',
  'createDepositInvoice',
  'addCalendarAppointment',
  'sendBookingEmail',
  'referralStatus:SCHEDULED',
  'writeHistory:scheduled',
];

/** The whole lifecycle. Order matters only among rules of one action (the first that applies wins). */
export const transitionTable: readonly TransitionRule[] = [
  {
    id: 'T4',
    action: 'accept',
    requestTypes: ['dealer'],
    from: ['new', 'answered'],
    who: ['offeredInstaller'],
    callerOfferFrom: ['offered'],
    guards: ['startDate'],
    to: {
      state: 'answered',
      offer: { owner: 'caller', status: 'accepted' },
      workStatus: 'pending',
      schedule: 'fromInput',
    },
    effects: ['scheduleCalendarEntries', 'writeHistory:answered'],
    doc: 'An installer accepts a dealer request with a chosen date: offer accepted, calendar pending. Other installers may still accept while the request is answered.',
  },
  {
    id: 'T5',
    action: 'claim',
    requestTypes: ['dealer'],
    from: ['new'],
    who: ['offeredInstaller'],
    callerOfferFrom: ['offered'],
    guards: ['openRequest', 'startDate'],
    to: {
      state: 'scheduled',
      assign: 'caller',
      offer: { owner: 'caller', status: 'scheduled' },
      workStatus: 'booked',
      schedule: 'fromInput',
    },
    effects: [
      'saveSchedule',
      'scheduleCalendarEntries',
      'addCalendarAppointment',
      'sendBookingEmail',
      'referralStatus:SCHEDULED',
      'writeHistory:scheduled',
    ],
    doc: 'A matched installer claims and books an open dealer request (assignedTo 0) in one step; an assigned request answers 409.',
  },
  {
    id: 'T6',
    action: 'assign',
    requestTypes: ['dealer'],
    from: ['answered'],
    who: ['requestingDealer'],
    guards: ['chosenInstaller'],
    to: {
      state: 'scheduled',
      assign: 'chosenInstaller',
      offer: { owner: 'chosenInstaller', status: 'scheduled' },
      workStatus: 'booked',
      schedule: 'fromChosenOffer',
    },
    effects: [
      'saveSchedule',
      'removeOtherInstallersCalendarEntries',
      'referralStatus:SCHEDULED',
      'writeHistory:scheduled',
    ],
    doc: 'ASSIGN: the dealer picks an installer whose offer is accepted; assignedTo set, calendar booked.',
  },
  {
    id: 'T7-estimate',
    action: 'book',
    requestTypes: ['installer'],
    from: ['new'],
    who: ['requestingInstaller'],
    guards: ['startDate'],
    to: {
      state: 'scheduled',
      offer: { owner: 'performer', status: 'scheduled' },
      workStatus: 'booked',
      schedule: 'fromInput',
    },
    effects: bookingEffects,
    doc: 'BOOK JOB on an estimate: end = start + duration − 1 day, due date = end date; deposit invoice when a deposit is set; calendar appointment when linked; booking e-mail.',
  },
  {
    id: 'T7-dealer',
    action: 'book',
    requestTypes: ['dealer'],
    from: ['new'],
    who: ['assignedInstaller'],
    guards: ['startDate'],
    to: {
      state: 'scheduled',
      offer: { owner: 'performer', status: 'scheduled' },
      workStatus: 'booked',
      schedule: 'fromInput',
    },
    effects: bookingEffects,
    doc: 'BOOK JOB on a dealer request assigned to the caller: end = start + duration − 1 day; the dealer due date stays.',
  },
  {
    id: 'T8',
    action: 'completeEstimate',
    requestTypes: ['installer'],
    from: ['new'],
    who: ['requestingInstaller'],
    guards: ['paymentSetup'],
    to: {
      state: 'finished',
      offer: { owner: 'performer', status: 'finished' },
      service: { scope: 'all', state: 'finished' },
      workStatus: 'finished',
      redirectTo: '/pickups',
    },
    effects: ['createFinalInvoice', 'referralStatus:FINISHED', 'writeHistory:finished'],
    doc: 'JOB COMPLETED on an estimate: finished, invoice created, go to /pickups.',
  },
  {
    id: 'T9',
    action: 'checkIn',
    requestTypes: bothTypes,
    from: ['scheduled'],
    who: anyInstaller,
    guards: ['validVin', 'contractSigned'],
    to: { state: 'received', offer: { owner: 'performer', status: 'received' } },
    effects: ['saveVin', 'referralStatus:RECEIVED', 'writeHistory:received'],
    doc: 'CHECK IN with a valid VIN (replaces an NV placeholder). Refused before a required contract is signed (decision 10).',
  },
  {
    id: 'T10',
    action: 'reschedule',
    requestTypes: bothTypes,
    from: ['scheduled'],
    who: anyInstaller,
    guards: [],
    to: { state: 'new', offer: { owner: 'performer', status: 'offered' }, workStatus: 'draft' },
    effects: ['removeCalendarAppointments', 'writeHistory:rescheduled'],
    doc: "RESCHEDULE: back to new (still assigned, so BOOK JOB applies again); offer offered, calendar draft, history 'rescheduled'.",
  },
  {
    id: 'T11',
    action: 'startService',
    requestTypes: bothTypes,
    from: ['received'],
    who: anyInstaller,
    guards: ['selectedServiceNew', 'contractSigned'],
    to: {
      state: 'started',
      offer: { owner: 'performer', status: 'started' },
      service: { scope: 'selected', state: 'started' },
      workStatus: 'started',
    },
    effects: [
      'writeServiceHistory:started',
      'notifyWorkStartedSms',
      'referralStatus:STARTED',
      'writeHistory:started',
    ],
    doc: 'The first START SERVICE moves the job received → started, the calendar booked → started (decision 20) and texts the dealer and customer. Refused before a required contract is signed (decision 10).',
  },
  {
    id: 'S1',
    action: 'startService',
    requestTypes: bothTypes,
    from: ['started'],
    who: anyInstaller,
    guards: ['selectedServiceNew', 'contractSigned'],
    to: { state: 'unchanged', service: { scope: 'selected', state: 'started' } },
    effects: ['writeServiceHistory:started'],
    doc: 'START SERVICE on a further service of a started job (service new → started).',
  },
  {
    id: 'S2',
    action: 'finishService',
    requestTypes: bothTypes,
    from: ['started'],
    who: anyInstaller,
    guards: ['selectedServiceStarted'],
    to: { state: 'unchanged', service: { scope: 'selected', state: 'finished' } },
    effects: ['writeServiceHistory:finished'],
    doc: 'FINISH SERVICE on the selected service (started → finished).',
  },
  {
    id: 'T12',
    action: 'completeJob',
    requestTypes: bothTypes,
    from: ['started'],
    who: anyInstaller,
    guards: ['paymentSetup'],
    to: {
      state: 'finished',
      offer: { owner: 'performer', status: 'finished' },
      service: { scope: 'all', state: 'finished' },
      workStatus: 'finished',
    },
    effects: [
      'createFinalInvoice',
      'notifyJobFinishedSms',
      'referralStatus:FINISHED',
      'writeHistory:finished',
    ],
    doc: 'COMPLETE JOB: all services finished, calendar finished (decision 20), final invoice, dealer or customer notified.',
  },
  {
    id: 'T13',
    action: 'deliver',
    requestTypes: bothTypes,
    from: ['finished'],
    who: ['requestingDealer', 'assignedInstaller', 'requestingInstaller'],
    guards: [],
    to: { state: 'collected', offer: { owner: 'performer', status: 'collected' } },
    effects: ['referralStatus:COMPLETE', 'writeHistory:collected'],
    doc: 'DELIVER: by the dealer on its finished jobs or by the installer (deliver vehicles).',
  },
  {
    id: 'T14',
    action: 'review',
    requestTypes: ['dealer'],
    from: ['collected'],
    who: ['requestingDealer'],
    guards: ['reviewScore'],
    to: { state: 'reviewed', offer: { owner: 'performer', status: 'reviewed' } },
    effects: ['writeHistory:reviewed'],
    doc: "The dealer's 1–5 star review; reviewed is terminal (decision 32).",
  },
  {
    id: 'T15-dealer',
    action: 'delete',
    requestTypes: ['dealer'],
    from: ['new', 'answered', 'finished'],
    who: ['requestingDealer'],
    guards: [],
    to: { state: 'deleted', offer: { owner: 'all', status: 'deleted' } },
    effects: deleteEffects,
    doc: 'Dealer deletes its request (new, answered) or the whole finished job; soft delete (decision 32).',
  },
  {
    id: 'T15-installer',
    action: 'delete',
    requestTypes: ['installer'],
    from: ['new', 'scheduled', 'received', 'started', 'finished', 'collected'],
    who: ['requestingInstaller'],
    guards: [],
    to: { state: 'deleted', offer: { owner: 'all', status: 'deleted' } },
    effects: deleteEffects,
    doc: 'Installer deletes its own estimate/job in any live state; invoices voided, calendar, payments, appointments removed.',
  },
  {
    id: 'T16',
    action: 'reject',
    requestTypes: ['dealer'],
    from: ['new', 'answered'],
    who: ['offeredInstaller'],
    callerOfferFrom: ['offered', 'accepted'],
    guards: [],
    to: { state: 'unchanged', offer: { owner: 'caller', status: 'rejected' } },
    effects: ['removeCallerCalendarEntries', 'writeHistory:rejected'],
    doc: "Reject: the caller's offer becomes rejected and its calendar days go; the request state does not change (decision 19).",
  },
  {
    id: 'T17',
    action: 'transfer',
    requestTypes: bothTypes,
    from: ['new'],
    who: anyInstaller,
    guards: ['installerGroup', 'transferTarget'],
    to: { state: 'unchanged', assign: 'transferTarget' },
    effects: ['reassignOffer', 'reassignCalendarEntries', 'writeHistory:transferred'],
    doc: 'Transfer a new job assigned to the caller to another location of its installer group; it stays new, now assigned to the target.',
  },
  {
    id: 'A26',
    action: 'setDeposit',
    requestTypes: ['installer'],
    from: ['new'],
    who: ['requestingInstaller'],
    guards: ['noDepositInvoice', 'depositAmount'],
    to: { state: 'unchanged' },
    effects: [],
    doc: 'Set or remove the deposit of an estimate before booking (the deposit invoice is created by BOOK JOB).',
  },
  {
    id: 'T20',
    action: 'editJob',
    requestTypes: bothTypes,
    from: ['new', 'answered', 'scheduled', 'received', 'started'],
    who: ['requestingDealer', 'requestingInstaller', 'assignedInstaller'],
    guards: [],
    to: { state: 'unchanged' },
    effects: [],
    doc: 'Edit job: the requesting dealer, the estimate owner or the assigned installer, before the work is finished.',
  },
];

// ---------------------------------------------------------------------------------------------------
// Context and decision

export type OfferRef = {
  installerId: number;
  currentStatus: OfferStatus;
  /** The start date the installer offered ('YYYY-MM-DD'), used by ASSIGN. */
  startDate?: IsoDate | null;
};

export type ActorContext = {
  userType: UserType;
  access: AccessLevel;
  /** Dealer or installer company id of the signed-in user. */
  companyId: number;
  /** Trial specialist (installers.is_trial). */
  isTrial?: boolean;
  /** Payment account onboarding complete (installers.onboarding_complete). */
  isPaymentSetupComplete?: boolean;
  /** The company belongs to an installer group with transfers enabled. */
  isInstallerGroupEnabled?: boolean;
  /** Other locations of the caller's group (transfer candidates, GET /installerGroup/{id}). */
  groupInstallerIds?: readonly number[];
  /** The installer linked an external calendar (appointments are added). */
  isCalendarLinked?: boolean;
};

/**
 * Decision 10 (000 §9): a dealer request of a dealership whose customer_contract flag is 'Y' needs a
 * signed customer contract before work starts; the detail screen shows a contract-required banner.
 */
export function isContractRequired(request: {
  requestType: RequestType;
  customerContract: string | null | undefined;
}): boolean {
  return request.requestType === 'dealer' && request.customerContract === 'Y';
}

export type RequestContext = {
  requestType: RequestType;
  currentState: RequestState;
  requestorDealerId: number | null;
  requestorInstallerId: number | null;
  /** null = open 'discovery' job (assignedTo 0 on the wire). */
  assignedInstallerId: number | null;
  offers: readonly OfferRef[];
  /** The requesting dealership's customer_contract flag (decision 10). */
  customerContract: 'Y' | 'N';
  isContractSigned: boolean;
  hasFinalInvoice: boolean;
  hasDepositInvoice?: boolean;
  depositAmountCents?: number;
  totalCents?: number;
  /** Job duration in days (may be fractional; whole days are counted rounded up). */
  durationDays?: number;
  dueDate?: IsoDate | null;
  hasReferral?: boolean;
};

export type ServiceContext = { serviceId?: number; serviceState: ServiceState };

export type ActionInput = {
  /** accept, claim, book: the chosen start date 'YYYY-MM-DD'. */
  startDate?: string;
  /** assign: the installer the dealer picks. */
  installerId?: number;
  /** transfer: the target location. */
  toInstallerId?: number;
  /** checkIn: the entered VIN passed the VIN rule (vehicles/vin.ts), and the VIN itself. */
  isVinValid?: boolean;
  vin?: string;
  /** review: 1..5 stars. */
  reviewScore?: number;
  /** setDeposit: the new deposit in cents (0 removes it). */
  depositAmountCents?: number;
};

export type ActionContext = {
  actor: ActorContext;
  request: RequestContext;
  /** The selected service row (START / FINISH SERVICE). */
  service?: ServiceContext;
  input?: ActionInput;
  /** Today's date; when given, start dates are checked against the picker bounds. */
  today?: IsoDate;
};

export type TransitionTarget = {
  state: RequestState;
  /** An offer status change; `installerId: 'all'` changes every offer of the request. */
  offer?: { installerId: number | 'all'; status: OfferStatus };
  /** Set when the assignment changes (claim, assign, transfer). */
  assignedInstallerId?: number;
  workStatus?: WorkStatus;
  service?:
    | { scope: 'selected'; serviceId: number | null; state: ServiceState }
    | { scope: 'all'; state: ServiceState };
  schedule?: JobDates;
  reviewScore?: number;
  depositAmountCents?: number;
  vin?: string;
  redirectTo?: '/pickups';
};

export type RefusalReason = 'INVALID_TRANSITION' | 'FORBIDDEN' | 'VALIDATION_FAILED';

export type TransitionRefusal = { ok: false; reason: RefusalReason; message: string };

export type TransitionOutcome = {
  ok: true;
  action: Action;
  ruleId: string;
  from: RequestState;
  to: TransitionTarget;
  effects: Effect[];
};

export type TransitionDecision = TransitionOutcome | TransitionRefusal;

function refuse(reason: RefusalReason, message: string): TransitionRefusal {
  return { ok: false, reason, message };
}

/** The installer doing the work: the assigned one, else the owner of an installer-type estimate. */
export function findPerformerId(request: RequestContext): number | null {
  if (request.assignedInstallerId !== null) return request.assignedInstallerId;
  return request.requestType === 'installer' ? request.requestorInstallerId : null;
}

function findOffer(request: RequestContext, installerId: number): OfferRef | undefined {
  return request.offers.find((offer) => offer.installerId === installerId);
}

/** Every relationship the actor's company has with the request. */
export function listRelationships(actor: ActorContext, request: RequestContext): Relationship[] {
  const found: Relationship[] = [];
  const id = actor.companyId;
  if (actor.userType === 'dealer') {
    if (request.requestType === 'dealer' && request.requestorDealerId === id) found.push('requestingDealer');
    return found;
  }
  if (request.requestType === 'installer' && findPerformerId(request) === id)
    found.push('requestingInstaller');
  if (request.assignedInstallerId !== null && request.assignedInstallerId === id)
    found.push('assignedInstaller');
  const offer = findOffer(request, id);
  if (offer && isLiveOfferStatus(offer.currentStatus)) found.push('offeredInstaller');
  return found;
}

type Failure = TransitionRefusal & { isButtonShown: boolean };

function fail(reason: RefusalReason, message: string, isButtonShown: boolean): Failure {
  return { ok: false, reason, message, isButtonShown };
}

function describeActor(actor: ActorContext): string {
  return `${actor.userType === 'dealer' ? 'Dealer' : 'Installer'} ${actor.companyId}`;
}

function checkGuard(guard: Guard, ctx: ActionContext, rule: TransitionRule): Failure | null {
  const { actor, request, input = {}, service } = ctx;
  const state = request.currentState;
  const shown = !guards[guard].hidesButton;
  switch (guard) {
    case 'startDate': {
      if (input.startDate === undefined) {
        return fail('VALIDATION_FAILED', 'Choose a start date', shown);
      }
      const bounds = ctx.today
        ? computeStartDateBounds({
            requestType: request.requestType,
            today: ctx.today,
            dueDate: request.dueDate ?? null,
            durationDays: request.durationDays ?? null,
          })
        : { earliest: '0000-01-01', latest: null, isDueDateMissed: false };
      const check = checkStartDate(input.startDate, bounds);
      return check.ok ? null : fail(check.reason, check.message, shown);
    }
    case 'openRequest':
      return request.assignedInstallerId === null
        ? null
        : fail(
            'INVALID_TRANSITION',
            `Cannot claim a request in state ${state}: it is already assigned`,
            shown,
          );
    case 'chosenInstaller': {
      if (input.installerId === undefined) return fail('VALIDATION_FAILED', 'Choose an installer', shown);
      const offer = findOffer(request, input.installerId);
      return offer?.currentStatus === 'accepted'
        ? null
        : fail(
            'VALIDATION_FAILED',
            `Installer ${input.installerId} has no accepted offer on this request`,
            shown,
          );
    }
    case 'contractSigned':
      return isContractRequired(request) && !request.isContractSigned
        ? fail(
            'INVALID_TRANSITION',
            `Cannot ${actionPhrases[rule.action]} in state ${state} before the customer contract is signed`,
            shown,
          )
        : null;
    case 'validVin':
      return input.isVinValid === true
        ? null
        : fail('VALIDATION_FAILED', 'Enter a valid VIN to check in', shown);
    case 'selectedServiceNew':
    case 'selectedServiceStarted': {
      if (!service) return fail('VALIDATION_FAILED', 'Select a service first', shown);
      const needed: ServiceState = guard === 'selectedServiceNew' ? 'new' : 'started';
      const verb = guard === 'selectedServiceNew' ? 'start' : 'finish';
      return service.serviceState === needed
        ? null
        : fail('INVALID_TRANSITION', `Cannot ${verb} a service in state ${service.serviceState}`, shown);
    }
    case 'paymentSetup':
      return actor.isTrial === true && actor.isPaymentSetupComplete !== true
        ? fail('FORBIDDEN', 'Finish payment setup before completing jobs', shown)
        : null;
    case 'reviewScore': {
      const score = input.reviewScore;
      return typeof score === 'number' && Number.isInteger(score) && score >= 1 && score <= 5
        ? null
        : fail('VALIDATION_FAILED', 'Choose a review score from 1 to 5 stars', shown);
    }
    case 'installerGroup':
      return actor.isInstallerGroupEnabled === true
        ? null
        : fail('FORBIDDEN', `${describeActor(actor)} has no installer group to transfer within`, shown);
    case 'transferTarget': {
      const target = input.toInstallerId;
      if (target === undefined) return fail('VALIDATION_FAILED', 'Choose a specialist to transfer to', shown);
      if (target === actor.companyId) {
        return fail('VALIDATION_FAILED', 'Choose a specialist other than yourself', shown);
      }
      return (actor.groupInstallerIds ?? []).includes(target)
        ? null
        : fail('VALIDATION_FAILED', `Installer ${target} is not in your installer group`, shown);
    }
    case 'noDepositInvoice':
      return request.hasDepositInvoice === true
        ? fail(
            'INVALID_TRANSITION',
            'Cannot remove deposit - invoices already created. Contact support if needed.',
            shown,
          )
        : null;
    case 'depositAmount': {
      const amount = input.depositAmountCents;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) {
        return fail('VALIDATION_FAILED', 'Deposit must be a non-negative amount in cents', shown);
      }
      return request.totalCents !== undefined && amount > request.totalCents
        ? fail('VALIDATION_FAILED', 'Deposit cannot exceed the job total', shown)
        : null;
    }
  }
}

function isEffectDue(effect: Effect, ctx: ActionContext): boolean {
  const condition = (effectConditions as Partial<Record<Effect, EffectCondition>>)[effect];
  const { request, actor } = ctx;
  switch (condition) {
    case undefined:
      return true;
    case 'hasDepositWithoutInvoice':
      return (request.depositAmountCents ?? 0) > 0 && request.hasDepositInvoice !== true;
    case 'hasNoFinalInvoice':
      return !request.hasFinalInvoice;
    case 'isCalendarLinked':
      return actor.isCalendarLinked === true;
    case 'hasReferral':
      return request.hasReferral === true;
  }
}

function resolveOfferInstaller(owner: OfferOwner, ctx: ActionContext): number | 'all' | null {
  switch (owner) {
    case 'caller':
      return ctx.actor.companyId;
    case 'chosenInstaller':
      return ctx.input?.installerId ?? null;
    case 'performer':
      return findPerformerId(ctx.request);
    case 'all':
      return 'all';
  }
}

function buildTarget(rule: TransitionRule, ctx: ActionContext): TransitionTarget {
  const { request, input = {}, actor } = ctx;
  const spec = rule.to;
  const target: TransitionTarget = {
    state: spec.state === 'unchanged' ? request.currentState : spec.state,
  };
  if (spec.offer) {
    const installerId = resolveOfferInstaller(spec.offer.owner, ctx);
    if (installerId !== null) target.offer = { installerId, status: spec.offer.status };
  }
  if (spec.assign === 'caller') target.assignedInstallerId = actor.companyId;
  if (spec.assign === 'chosenInstaller' && input.installerId !== undefined) {
    target.assignedInstallerId = input.installerId;
  }
  if (spec.assign === 'transferTarget' && input.toInstallerId !== undefined) {
    target.assignedInstallerId = input.toInstallerId;
  }
  if (spec.workStatus) target.workStatus = spec.workStatus;
  if (spec.service) {
    target.service =
      spec.service.scope === 'all'
        ? { scope: 'all', state: spec.service.state }
        : { scope: 'selected', serviceId: ctx.service?.serviceId ?? null, state: spec.service.state };
  }
  const startDate =
    spec.schedule === 'fromInput'
      ? input.startDate
      : spec.schedule === 'fromChosenOffer' && input.installerId !== undefined
        ? (findOffer(request, input.installerId)?.startDate ?? undefined)
        : undefined;
  if (startDate !== undefined && isIsoDate(startDate)) {
    target.schedule = computeBookingDates({
      requestType: request.requestType,
      startDate,
      durationDays: request.durationDays ?? null,
      dueDate: request.dueDate ?? null,
    });
  }
  if (rule.action === 'review' && input.reviewScore !== undefined) target.reviewScore = input.reviewScore;
  if (rule.action === 'setDeposit' && input.depositAmountCents !== undefined) {
    target.depositAmountCents = input.depositAmountCents;
  }
  if (rule.action === 'checkIn' && input.vin !== undefined) target.vin = input.vin;
  if (spec.redirectTo) target.redirectTo = spec.redirectTo;
  return target;
}

function evaluate(action: Action, ctx: ActionContext): TransitionOutcome | Failure {
  const { actor, request } = ctx;
  const state = request.currentState;
  const phrase = actionPhrases[action];
  if (isReadOnlyAccess(actor.access)) {
    return fail('FORBIDDEN', `ASSIST access is read-only: cannot ${phrase}`, false);
  }
  const related = listRelationships(actor, request);
  if (related.length === 0) {
    return fail('FORBIDDEN', `${describeActor(actor)} has no part in this request`, false);
  }
  const typed = transitionTable.filter(
    (rule) => rule.action === action && rule.requestTypes.includes(request.requestType),
  );
  if (typed.length === 0) {
    return fail(
      'INVALID_TRANSITION',
      `Cannot ${phrase} of type ${request.requestType} (state ${state})`,
      false,
    );
  }
  const permitted = typed.filter((rule) => rule.who.some((who) => related.includes(who)));
  if (permitted.length === 0) {
    return fail('FORBIDDEN', `${describeActor(actor)} may not ${phrase} in state ${state}`, false);
  }
  const candidates = permitted.filter((rule) => rule.from.includes(state));
  if (candidates.length === 0) {
    return fail('INVALID_TRANSITION', `Cannot ${phrase} in state ${state}`, false);
  }
  let firstFailure: Failure | null = null;
  for (const rule of candidates) {
    const failure = checkRule(rule, ctx);
    if (!failure) {
      return {
        ok: true,
        action,
        ruleId: rule.id,
        from: state,
        to: buildTarget(rule, ctx),
        effects: rule.effects.filter((effect) => isEffectDue(effect, ctx)),
      };
    }
    firstFailure ??= failure;
  }
  return firstFailure ?? fail('INVALID_TRANSITION', `Cannot ${phrase} in state ${state}`, false);
}

function checkRule(rule: TransitionRule, ctx: ActionContext): Failure | null {
  const { actor, request } = ctx;
  if (rule.callerOfferFrom) {
    const offer = findOffer(request, actor.companyId);
    if (!offer || !rule.callerOfferFrom.includes(offer.currentStatus)) {
      return fail(
        'INVALID_TRANSITION',
        `Cannot ${actionPhrases[rule.action]} in state ${request.currentState}: your offer is ${offer?.currentStatus ?? 'missing'}`,
        false,
      );
    }
  }
  for (const guard of rule.guards) {
    const failure = checkGuard(guard, ctx, rule);
    if (failure) return failure;
  }
  return null;
}

/**
 * Whether `action` may run now, and what it changes. Refusals carry INVALID_TRANSITION (409),
 * FORBIDDEN (403) or VALIDATION_FAILED (400) and a message naming the action and the state.
 */
export function decideTransition(action: Action, ctx: ActionContext): TransitionDecision {
  const result = evaluate(action, ctx);
  if (result.ok) return result;
  return refuse(result.reason, result.message);
}

export type ActionButton = {
  action: Action;
  label: string;
  isEnabled: boolean;
  /** Why the button is disabled. */
  disabledReason?: string;
};

/**
 * The action buttons to show for this actor and request, each enabled or disabled by its guards
 * (CHECK IN until the VIN is valid, REVIEW until a score, START/FINISH SERVICE by the selected service,
 * transfer until a specialist is chosen…). ASSIST sees none.
 */
export function listActionButtons(ctx: ActionContext): ActionButton[] {
  const buttons: ActionButton[] = [];
  for (const action of actions) {
    const result = evaluate(action, ctx);
    if (result.ok) {
      buttons.push({ action, label: actionLabels[action], isEnabled: true });
    } else if (result.isButtonShown) {
      buttons.push({ action, label: actionLabels[action], isEnabled: false, disabledReason: result.message });
    }
  }
  return buttons;
}

/** The actions this actor is offered now (shown buttons, enabled or not). */
export function listAvailableActions(ctx: ActionContext): Action[] {
  return listActionButtons(ctx).map((button) => button.action);
}

/** The actions that would succeed with exactly this context (input included). */
export function listEnabledActions(ctx: ActionContext): Action[] {
  return listActionButtons(ctx)
    .filter((button) => button.isEnabled)
    .map((button) => button.action);
}

/** Whether a delete confirmation needs the extra warning: a finished job that has an invoice (000 §5). */
export function needsInvoiceWarningOnDelete(request: RequestContext): boolean {
  return request.currentState === 'finished' && request.hasFinalInvoice;
}

/**
 * The request as it is after an accepted transition (what the repository writes), for services that
 * keep a snapshot and for simulations. Service-level changes are in `outcome.to.service`.
 */
export function applyTransition(
  request: RequestContext,
  outcome: TransitionOutcome,
  actor: ActorContext,
): RequestContext {
  const { to, effects } = outcome;
  let offers = [...request.offers];
  if (effects.includes('reassignOffer') && to.assignedInstallerId !== undefined) {
    const targetId = to.assignedInstallerId;
    const moved = offers.find((offer) => offer.installerId === actor.companyId);
    offers = offers.filter(
      (offer) => offer.installerId !== actor.companyId && offer.installerId !== targetId,
    );
    offers.push({ installerId: targetId, currentStatus: moved?.currentStatus ?? 'offered' });
  }
  if (to.offer) {
    const { installerId, status } = to.offer;
    if (installerId === 'all') {
      offers = offers.map((offer) => ({ ...offer, currentStatus: status }));
    } else if (offers.some((offer) => offer.installerId === installerId)) {
      offers = offers.map((offer) =>
        offer.installerId === installerId
          ? { ...offer, currentStatus: status, startDate: to.schedule?.startDate ?? offer.startDate ?? null }
          : offer,
      );
    } else {
      offers.push({ installerId, currentStatus: status, startDate: to.schedule?.startDate ?? null });
    }
  }
  const next: RequestContext = {
    ...request,
    currentState: to.state,
    offers,
    assignedInstallerId: to.assignedInstallerId ?? request.assignedInstallerId,
  };
  if (to.schedule && request.requestType === 'installer') next.dueDate = to.schedule.dueDate;
  if (to.depositAmountCents !== undefined) next.depositAmountCents = to.depositAmountCents;
  if (effects.includes('createFinalInvoice')) next.hasFinalInvoice = true;
  if (effects.includes('createDepositInvoice')) next.hasDepositInvoice = true;
  return next;
}

/** Service states after an accepted transition. */
export function applyServiceTransition<T extends { serviceId: number; serviceState: ServiceState }>(
  services: readonly T[],
  outcome: TransitionOutcome,
): T[] {
  const change = outcome.to.service;
  if (!change) return [...services];
  return services.map((service) =>
    change.scope === 'all' || service.serviceId === change.serviceId
      ? { ...service, serviceState: change.state }
      : service,
  );
}
