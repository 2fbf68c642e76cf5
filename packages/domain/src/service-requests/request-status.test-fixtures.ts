/** Test fixtures shared by the unit and property tests of the transition table (not exported by the package). */
import type { OfferStatus } from './offer-status';
import type { ActorContext, RequestContext, RequestState } from './request-status';

export const DEALER = 100;
export const OTHER_DEALER = 101;
/** Installer A: offered on open requests, assigned on jobs, owner of estimates. */
export const A = 1;
/** Installer B: a second matched installer with an offer. */
export const B = 2;
/** Installer C: another company with no part in the request. */
export const C = 3;
/** Installer G: another location of A's installer group. */
export const G = 4;

export function makeActor(
  userType: 'dealer' | 'installer',
  companyId: number,
  extra: Partial<ActorContext> = {},
): ActorContext {
  return { userType, access: 'STANDARD', companyId, ...extra };
}

export const dealer = makeActor('dealer', DEALER);
export const otherDealer = makeActor('dealer', OTHER_DEALER);
export const installerA = makeActor('installer', A, {
  isInstallerGroupEnabled: true,
  groupInstallerIds: [G],
  isCalendarLinked: true,
});
export const installerB = makeActor('installer', B);
export const installerC = makeActor('installer', C, {
  isInstallerGroupEnabled: true,
  groupInstallerIds: [G],
});

export function asAssist(actor: ActorContext): ActorContext {
  return { ...actor, access: 'ASSIST' };
}

const base = {
  customerContract: 'N' as const,
  isContractSigned: false,
  hasFinalInvoice: false,
  hasDepositInvoice: false,
  depositAmountCents: 0,
  totalCents: 50_000,
  durationDays: 2,
  dueDate: '2025-03-20',
  hasReferral: true,
};

/** An open dealer request (assignedTo 0) offered to A and B. */
export function openDealerRequest(
  state: RequestState,
  offers: { a?: OfferStatus; b?: OfferStatus } = {},
  overrides: Partial<RequestContext> = {},
): RequestContext {
  return {
    ...base,
    requestType: 'dealer',
    currentState: state,
    requestorDealerId: DEALER,
    requestorInstallerId: null,
    assignedInstallerId: null,
    offers: [
      { installerId: A, currentStatus: offers.a ?? 'offered', startDate: '2025-03-12' },
      { installerId: B, currentStatus: offers.b ?? 'offered', startDate: '2025-03-14' },
    ],
    ...overrides,
  };
}

/** A dealer request assigned to A (chosen specialist, claimed or ASSIGNed). */
export function assignedDealerJob(
  state: RequestState,
  offerStatus: OfferStatus = 'scheduled',
  overrides: Partial<RequestContext> = {},
): RequestContext {
  return {
    ...base,
    requestType: 'dealer',
    currentState: state,
    requestorDealerId: DEALER,
    requestorInstallerId: null,
    assignedInstallerId: A,
    offers: [{ installerId: A, currentStatus: offerStatus }],
    ...overrides,
  };
}

/** An installer-type estimate/job of A. */
export function estimate(state: RequestState, overrides: Partial<RequestContext> = {}): RequestContext {
  return {
    ...base,
    requestType: 'installer',
    currentState: state,
    requestorDealerId: null,
    requestorInstallerId: A,
    assignedInstallerId: A,
    offers: [{ installerId: A, currentStatus: 'offered' }],
    dueDate: null,
    ...overrides,
  };
}
