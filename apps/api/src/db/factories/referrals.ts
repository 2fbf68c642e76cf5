import { createHash } from 'node:crypto';
import { calculateReferralBonusCents } from '@app/domain/referrals/referral-bonus';
import { referrals } from '../schema/referrals';
import { type DbOrTx, firstRow } from './common';
import { createDealer } from './identity';

export type Referral = typeof referrals.$inferSelect;

/** Referral bonus in cents (K46); the rule lives in the domain package. */
export const referralBonusCents = calculateReferralBonusCents;

/** How claim tokens are stored: SHA-256, hex. */
export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type CreateReferralInput = Partial<typeof referrals.$inferInsert> & {
  /** Plain claim token; stored as its hash. */
  claimToken?: string;
};

/**
 * A referral (status NEW unless given). Claimed referrals (a claiming installer or claimedAt given) are
 * 'owned' by the specialist; the bonus follows K46; expiration defaults to 30 days after dateAdded.
 */
export async function createReferral(db: DbOrTx, input: CreateReferralInput = {}): Promise<Referral> {
  const { claimToken, ...values } = input;
  const dealerId = values.dealerId ?? (await createDealer(db)).id;
  const dateAdded = values.dateAdded ?? new Date();
  const isClaimed = values.claimedByInstallerId != null || values.claimedAt != null;
  const rows = await db
    .insert(referrals)
    .values({
      status: 'NEW',
      expirationDate: new Date(dateAdded.getTime() + 30 * 86_400_000),
      bonusCents: referralBonusCents(values.requestedService),
      ...values,
      dealerId,
      dateAdded,
      specialistAction: isClaimed ? 'owned' : 'available',
      claimedAt: isClaimed ? (values.claimedAt ?? dateAdded) : null,
      claimTokenHash: claimToken === undefined ? (values.claimTokenHash ?? null) : hashClaimToken(claimToken),
    })
    .returning();
  return firstRow(rows, 'referral');
}
