import { createHash } from 'node:crypto';
import { calculateReferralBonusCents } from '@app/domain/referrals/referral-bonus';
import {
  isReferralStatus,
  referralExpirationDate,
  referralStatuses,
  referralStatusRank,
} from '@app/domain/referrals/referral-status';
import { referralHistory, referralOffers, referrals } from '../schema/referrals';
import { type DbOrTx, firstRow } from './common';
import { createDealer } from './identity';

export type Referral = typeof referrals.$inferSelect;

/** Referral bonus in cents (K46); the rule lives in the domain package. */
export const referralBonusCents = calculateReferralBonusCents;

/** How referral tokens (claim links, benefits page) are stored: SHA-256, hex. */
export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type CreateReferralInput = Partial<typeof referrals.$inferInsert> & {
  /** Plain token of the customer's benefits page link; stored as its hash. */
  benefitsToken?: string;
  /** Specialists the lead was offered to, nearest first, each with its plain claim token (stored hashed). */
  offers?: { installerId: number; token: string }[];
};

/**
 * The steps a referral went through to reach its status, one history record each: the sale at dateAdded, the
 * customer's steps an hour apart, the claim at claimedAt, the rest at updatedAt (BOOKED or SCHEDULED, whichever
 * it is at).
 */
function historyTrail(referral: Referral) {
  const status = isReferralStatus(referral.status) ? referral.status : 'NEW';
  const reached = referralStatuses.filter(
    (s) =>
      referralStatusRank(s) <= referralStatusRank(status) &&
      !(s === 'BOOKED' && status !== 'BOOKED') &&
      !(s === 'SCHEDULED' && status === 'BOOKED'),
  );
  return reached.map((s, index) => ({
    referralId: referral.id,
    status: s,
    changedAt:
      s === 'CLAIMED' && referral.claimedAt
        ? referral.claimedAt
        : referralStatusRank(s) < referralStatusRank('CLAIMED')
          ? new Date(referral.dateAdded.getTime() + index * 3_600_000)
          : referral.updatedAt,
    actor: 'system',
  }));
}

/**
 * A referral (status NEW unless given). Claimed referrals (a claiming installer or claimedAt given) are
 * 'owned' by the specialist; the bonus follows K46; expiration defaults to 30 days after dateAdded (decision
 * 010); a COMPLETE one is payable from its completedAt. Its history holds every step to its status.
 */
export async function createReferral(db: DbOrTx, input: CreateReferralInput = {}): Promise<Referral> {
  const { benefitsToken, offers = [], ...values } = input;
  const dealerId = values.dealerId ?? (await createDealer(db)).id;
  const dateAdded = values.dateAdded ?? new Date();
  const isClaimed = values.claimedByInstallerId != null || values.claimedAt != null;
  const rows = await db
    .insert(referrals)
    .values({
      status: 'NEW',
      expirationDate: referralExpirationDate(dateAdded),
      bonusCents: referralBonusCents(values.requestedService),
      ...values,
      dealerId,
      dateAdded,
      specialistAction: isClaimed ? 'owned' : 'available',
      claimedAt: isClaimed ? (values.claimedAt ?? dateAdded) : null,
      completedAt:
        values.status === 'COMPLETE' ? (values.completedAt ?? values.updatedAt ?? dateAdded) : null,
      benefitsTokenHash:
        benefitsToken === undefined ? (values.benefitsTokenHash ?? null) : hashClaimToken(benefitsToken),
    })
    .returning();
  const referral = firstRow(rows, 'referral');
  await db.insert(referralHistory).values(historyTrail(referral));
  if (offers.length > 0) {
    await db.insert(referralOffers).values(
      offers.map((offer, index) => ({
        referralId: referral.id,
        installerId: offer.installerId,
        rank: index + 1,
        tokenHash: hashClaimToken(offer.token),
        // Offered as the lead was added: an offer never precedes its lead (the open offers are read by date).
        offeredAt: referral.dateAdded,
      })),
    );
  }
  return referral;
}
