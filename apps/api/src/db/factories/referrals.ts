import { createHash } from 'node:crypto';
import { calculateReferralBonusCents } from '@app/domain/referrals/referral-bonus';
import { referralExpirationDate } from '@app/domain/referrals/referral-status';
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
 * A referral (status NEW unless given). Claimed referrals (a claiming installer or claimedAt given) are
 * 'owned' by the specialist; the bonus follows K46; expiration defaults to 30 days after dateAdded (decision
 * 010); a COMPLETE one is payable from its completedAt. One history record holds the status it starts in.
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
      completedAt: values.status === 'COMPLETE' ? (values.completedAt ?? values.updatedAt ?? dateAdded) : null,
      benefitsTokenHash:
        benefitsToken === undefined ? (values.benefitsTokenHash ?? null) : hashClaimToken(benefitsToken),
    })
    .returning();
  const referral = firstRow(rows, 'referral');
  await db.insert(referralHistory).values({
    referralId: referral.id,
    status: referral.status,
    changedAt: referral.updatedAt,
    actor: 'system',
  });
  if (offers.length > 0) {
    await db.insert(referralOffers).values(
      offers.map((offer, index) => ({
        referralId: referral.id,
        installerId: offer.installerId,
        rank: index + 1,
        tokenHash: hashClaimToken(offer.token),
      })),
    );
  }
  return referral;
}
