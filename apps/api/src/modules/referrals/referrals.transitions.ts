import { calculateReferralBonusCents } from '@app/domain/referrals/referral-bonus';
import {
  decideReferralTransition,
  isReferralStatus,
  type ReferralDecision,
  type ReferralEvent,
} from '@app/domain/referrals/referral-status';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { referralHistory, referrals } from '../../db/schema/referrals';

export type ReferralRow = typeof referrals.$inferSelect;
export type ReferralActor = 'dealer' | 'installer' | 'customer' | 'public' | 'system';

type Change = {
  actor: ReferralActor;
  userId?: number | null;
  now: Date;
  /** Other columns written with the status (the claimant, the request, the ZIP …). */
  set?: Partial<typeof referrals.$inferInsert>;
};

/**
 * The one writer of a referral's status (the request's lifecycle, request creation and the referral module all
 * call it, in their own transaction): the domain decides, then the row and its history record are written
 * together. COMPLETE approves the bonus (K46) and makes it payable from now (decision 14). Returns the decision
 * and the row as it is now.
 */
export async function applyReferralEvent(
  tx: Db | Tx,
  referral: ReferralRow,
  event: ReferralEvent,
  change: Change,
): Promise<{ decision: ReferralDecision; referral: ReferralRow }> {
  if (!isReferralStatus(referral.status))
    throw new Error(`Referral ${referral.id} has status ${referral.status}`);
  const decision = decideReferralTransition(
    { status: referral.status, expirationDate: referral.expirationDate },
    event,
    change.now,
  );
  if (!decision.ok || decision.to === null) {
    if (!change.set || !decision.ok) return { decision, referral };
    const [row] = await tx
      .update(referrals)
      .set({ ...change.set, updatedAt: change.now })
      .where(eq(referrals.id, referral.id))
      .returning();
    return { decision, referral: row ?? referral };
  }
  const to = decision.to;
  const [row] = await tx
    .update(referrals)
    .set({
      ...change.set,
      status: to,
      updatedAt: change.now,
      ...(to === 'COMPLETE'
        ? {
            completedAt: change.now,
            bonusCents: calculateReferralBonusCents(
              change.set?.requestedService ?? referral.requestedService,
            ),
          }
        : {}),
    })
    .where(eq(referrals.id, referral.id))
    .returning();
  await tx.insert(referralHistory).values({
    referralId: referral.id,
    status: to,
    changedAt: change.now,
    actor: change.actor,
    changedByUserId: change.userId ?? null,
    requestId: row?.requestId ?? null,
  });
  return { decision, referral: row ?? referral };
}

/** The referral row, locked for the rest of the transaction (claims and status changes serialise on it). */
export async function lockReferral(tx: Db | Tx, referralId: number): Promise<ReferralRow | null> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update');
  return row ?? null;
}

/** The referrals made into this request, locked (one in practice). */
export async function lockReferralsOfRequest(tx: Db | Tx, requestId: number): Promise<ReferralRow[]> {
  return tx
    .select()
    .from(referrals)
    .where(eq(referrals.requestId, requestId))
    .orderBy(sql`${referrals.id}`)
    .for('update');
}
