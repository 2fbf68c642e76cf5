import type { Db } from '../../db/client';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { payoutEmail } from './referrals.messages';
import type { ReferralsRepository } from './referrals.repository';
import { monthStartUtc, periodOf, vehicleText } from './referrals.wire';

export type ReferralPayout = { dealerId: number; period: string; totalCents: number; count: number };

export function createReferralPayouts({
  db,
  repository,
  clock,
}: {
  db: Db;
  repository: ReferralsRepository;
  clock: () => Date;
}) {
  return {
    /**
     * The monthly payout (decision 010): every dealership with bonuses that became payable before this month
     * gets one payout for the month just ended and one e-mail listing them. Safe with several processes: the
     * payout row is unique per dealer and month, and the e-mail's dedupe key too. Returns the payouts made.
     */
    async runMonthlyPayouts(): Promise<
      { dealerId: number; period: string; totalCents: number; count: number }[]
    > {
      const now = clock();
      const before = monthStartUtc(now);
      const period = periodOf(new Date(before.getTime() - 86_400_000));
      const made: { dealerId: number; period: string; totalCents: number; count: number }[] = [];
      for (const dealerId of await repository.listDealersToPay(before)) {
        const dealer = await repository.findDealer(dealerId);
        const recipients = dealer ? await repository.dealerPayoutRecipients(dealer) : [];
        const payout = await db.transaction(async (tx) => {
          const payoutId = await repository.insertPayout(tx, { dealerId, period, now });
          if (payoutId === null) return null;
          const paid = await repository.attachToPayout(tx, { payoutId, dealerId, before, now });
          // One read of the customers' names for the whole payout: it can hold months of bonuses (the first
          // run after going live pays the backlog), and one read per bonus took 15 s of this process at 1M
          // requests, on the transaction's single connection.
          const names = await repository.customerNames(
            tx,
            paid.flatMap((r) => (r.customerId === null ? [] : [r.customerId])),
          );
          // Listed as they completed (an UPDATE returns its rows in no set order).
          const inOrder = [...paid].sort(
            (a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0) || a.id - b.id,
          );
          const lines = inOrder.map((r) => ({
            customer: (r.customerId === null ? undefined : names.get(r.customerId)) ?? 'Customer',
            vehicle: vehicleText(r),
            service: r.requestedService,
            cents: r.bonusCents,
          }));
          for (const to of recipients) {
            await enqueueOutbox(tx, {
              channel: 'email',
              kind: 'referral-payout',
              payload: payoutEmail({ to, dealerName: dealer?.name ?? 'there', period, lines }),
              dedupeKey: `referral-payout:${dealerId}:${period}:${to}`,
            });
          }
          return {
            dealerId,
            period,
            totalCents: paid.reduce((s, r) => s + r.bonusCents, 0),
            count: paid.length,
          };
        });
        if (payout) made.push(payout);
      }
      return made;
    },
  };
}
