import type { ReferralFollowStatus } from '../service-requests/request-status';

/**
 * The referral's own state machine (001 §4, catalogue §3.7, decisions 14 and 010), owned by the server:
 * a dealer's sale (NEW) → the customer e-mail sent (CONTACT) → the benefits page opened (VIEWED) → the customer
 * interested, the lead offered to local specialists (OFFERED) → one specialist claims it (CLAIMED) → it becomes
 * an estimate (ESTIMATE_CREATED) or a booked appointment (BOOKED) → it follows its request (SCHEDULED, RECEIVED,
 * STARTED, FINISHED) → COMPLETE when the request is collected, and the bonus is payable.
 */
export const referralStatuses = [
  'NEW',
  'CONTACT',
  'VIEWED',
  'OFFERED',
  'CLAIMED',
  'ESTIMATE_CREATED',
  'BOOKED',
  'SCHEDULED',
  'RECEIVED',
  'STARTED',
  'FINISHED',
  'COMPLETE',
] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

export function isReferralStatus(value: unknown): value is ReferralStatus {
  return typeof value === 'string' && (referralStatuses as readonly string[]).includes(value);
}

/** How far along a status is; BOOKED and SCHEDULED are the same step (an appointment is on the calendar). */
const rank: Record<ReferralStatus, number> = {
  NEW: 0,
  CONTACT: 1,
  VIEWED: 2,
  OFFERED: 3,
  CLAIMED: 4,
  ESTIMATE_CREATED: 5,
  BOOKED: 6,
  SCHEDULED: 6,
  RECEIVED: 7,
  STARTED: 8,
  FINISHED: 9,
  COMPLETE: 10,
};

export function referralStatusRank(status: ReferralStatus): number {
  return rank[status];
}

/** The statuses of a lead not yet claimed: it expires (isReferralExpired). */
export const referralStatusesBeforeClaim = referralStatuses.filter((s) => rank[s] < rank.CLAIMED);
/** The statuses of a claimed lead still on its way to COMPLETE: it does not expire. */
export const referralStatusesInWork = referralStatuses.filter(
  (s) => rank[s] >= rank.CLAIMED && rank[s] < rank.COMPLETE,
);

/** What can happen to a referral, and who makes it happen. */
export type ReferralEvent =
  | { type: 'contactSent' }
  | { type: 'pageViewed' }
  | { type: 'interested' }
  | { type: 'claimed' }
  | { type: 'converted'; booked: boolean }
  | { type: 'requestMoved'; status: ReferralFollowStatus };

export type ReferralDecision =
  | { ok: true; to: ReferralStatus }
  /** Nothing to do: the referral is already there or further on (a repeat, or a request that went back). */
  | { ok: true; to: null }
  | { ok: false; reason: 'expired' | 'alreadyClaimed' | 'notClaimed' | 'notOffered' };

/** The referral can still be claimed: not yet claimed, and its expiration date not passed. */
export function isReferralExpired(
  referral: { status: ReferralStatus; expirationDate: Date | null },
  now: Date,
): boolean {
  return (
    rank[referral.status] < rank.CLAIMED &&
    referral.expirationDate !== null &&
    referral.expirationDate.getTime() <= now.getTime()
  );
}

/** Forward only: a status at or behind the current one changes nothing. */
function forward(from: ReferralStatus, to: ReferralStatus): ReferralDecision {
  return rank[to] > rank[from] ? { ok: true, to } : { ok: true, to: null };
}

/**
 * The one transition function. Steps before the claim are forward-only and idempotent (a second view of the
 * page records nothing); the claim needs an offered, unexpired lead; the conversion needs a claimed one; the
 * request moves it forward from then on.
 */
export function decideReferralTransition(
  referral: { status: ReferralStatus; expirationDate: Date | null },
  event: ReferralEvent,
  now: Date,
): ReferralDecision {
  const { status } = referral;
  const expired = isReferralExpired(referral, now);
  switch (event.type) {
    case 'contactSent':
      return forward(status, 'CONTACT');
    case 'pageViewed':
      return forward(status, 'VIEWED');
    case 'interested':
      if (expired) return { ok: false, reason: 'expired' };
      return forward(status, 'OFFERED');
    case 'claimed':
      if (rank[status] >= rank.CLAIMED) return { ok: false, reason: 'alreadyClaimed' };
      if (status !== 'OFFERED') return { ok: false, reason: 'notOffered' };
      if (expired) return { ok: false, reason: 'expired' };
      return { ok: true, to: 'CLAIMED' };
    case 'converted':
      if (status !== 'CLAIMED') return { ok: false, reason: 'notClaimed' };
      return { ok: true, to: event.booked ? 'BOOKED' : 'ESTIMATE_CREATED' };
    case 'requestMoved':
      if (rank[status] < rank.ESTIMATE_CREATED) return { ok: true, to: null };
      return forward(status, event.status);
  }
}

/** The funnel a dealer sees (issue 11): how many of its referrals reached each step. */
export const referralFunnelSteps = [
  { key: 'sold', label: 'Sold', from: 'NEW' },
  { key: 'contacted', label: 'Contacted', from: 'CONTACT' },
  { key: 'viewed', label: 'Viewed', from: 'VIEWED' },
  { key: 'offered', label: 'Offered', from: 'OFFERED' },
  { key: 'claimed', label: 'Claimed', from: 'CLAIMED' },
  { key: 'booked', label: 'Booked', from: 'BOOKED' },
  { key: 'complete', label: 'Complete', from: 'COMPLETE' },
] as const satisfies readonly { key: string; label: string; from: ReferralStatus }[];

export type ReferralFunnel = Record<(typeof referralFunnelSteps)[number]['key'], number>;

/** The funnel from how many referrals are in each status (the dealer's kept counts). */
export function countReferralFunnel(
  byStatus: readonly { status: ReferralStatus; count: number }[],
): ReferralFunnel {
  const funnel = Object.fromEntries(referralFunnelSteps.map((s) => [s.key, 0])) as ReferralFunnel;
  for (const { status, count } of byStatus) {
    for (const step of referralFunnelSteps) {
      if (rank[status] >= rank[step.from]) funnel[step.key] += count;
    }
  }
  return funnel;
}

/** Decision 010: a referral can be claimed for 30 days after the sale. */
export const REFERRAL_VALID_DAYS = 30;
const DAY_MS = 86_400_000;

export function referralExpirationDate(dateAdded: Date): Date {
  return new Date(dateAdded.getTime() + REFERRAL_VALID_DAYS * DAY_MS);
}

/**
 * The earliest an offer of a lead still claimable at `now` can have been made: the lead was added less than
 * REFERRAL_VALID_DAYS ago (it expires then), and it is offered after it was added. Offers made before are of
 * expired leads, so a read of the open offers need not look further back.
 */
export function referralOffersOpenSince(now: Date): Date {
  return new Date(now.getTime() - REFERRAL_VALID_DAYS * DAY_MS);
}

/** Whole days left to claim ('N days remaining'), rounded up; 0 once expired. */
export function referralDaysRemaining(expirationDate: Date | null, now: Date): number | null {
  if (!expirationDate) return null;
  return Math.max(0, Math.ceil((expirationDate.getTime() - now.getTime()) / DAY_MS));
}
