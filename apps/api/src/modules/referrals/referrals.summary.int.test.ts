import type { TReferralSummary } from '@app/contracts/referrals.contract';
import { countReferralFunnel, isReferralStatus } from '@app/domain/referrals/referral-status';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createDealer, createUser } from '../../db/factories/identity';
import { createReferral } from '../../db/factories/referrals';
import { referralPayouts, referrals } from '../../db/schema/referrals';
import { mintSession } from '../lifecycle/lifecycle.fixture';
import { compactListCounts } from '../service-requests/list-counts';

const NOW = new Date('2026-06-15T12:00:00Z');
const MONTH_START = new Date('2026-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

/**
 * GET /referrals/summary/{dealerId} (the dealer's funnel and bonuses) reads counts the writing transactions
 * keep (migration 0024), not the dealership's referral history. Whatever writes the referrals, and however
 * many at once, the summary must equal what the referrals themselves say.
 */
describe('the dealer’s referral summary stays exact as its referrals change', () => {
  const t = useTestApp({ clock: () => NOW }, async ({ config, database: { db } }) => {
    const dealer = await createDealer(db, { email: 'summary@dealers.test' });
    const other = await createDealer(db, { email: 'other-summary@dealers.test' });
    const session = await mintSession(config.jwtSecret, await createUser(db, { dealerId: dealer.id }));
    const [payout] = await db
      .insert(referralPayouts)
      .values({
        dealerId: dealer.id,
        period: '2026-05',
        createdAt: daysAgo(20),
        totalCents: 0,
        referralCount: 0,
      })
      .returning({ id: referralPayouts.id });
    const statuses = ['NEW', 'CONTACT', 'VIEWED', 'OFFERED', 'SCHEDULED', 'COMPLETE'] as const;
    const ids: number[] = [];
    for (let i = 0; i < 36; i += 1) {
      const status = statuses[i % statuses.length] ?? 'NEW';
      const complete = status === 'COMPLETE';
      const row = await createReferral(db, {
        dealerId: dealer.id,
        status,
        dateAdded: daysAgo(40 + i),
        bonusCents: 2500 + 100 * i,
        ...(complete ? { completedAt: daysAgo(i % 12 === 5 ? 3 : 30) } : {}),
        ...(complete && i % 4 === 1 ? { payoutId: payout?.id } : {}),
      });
      ids.push(row.id);
    }
    // Another dealership's referrals count for it only.
    await createReferral(db, {
      dealerId: other.id,
      status: 'COMPLETE',
      completedAt: daysAgo(1),
      bonusCents: 9900,
    });
    return { dealerId: dealer.id, session, ids, payoutId: payout?.id ?? 0 };
  });

  /** The summary as the referrals themselves say it, counted one by one. */
  async function counted(): Promise<TReferralSummary> {
    const rows = await t.database.db.select().from(referrals).where(eq(referrals.dealerId, t.dealerId));
    const complete = rows.filter((r) => r.status === 'COMPLETE');
    const dollars = (cents: number) => cents / 100;
    const sum = (list: typeof rows) => list.reduce((total, r) => total + r.bonusCents, 0);
    const byStatus = new Map<string, number>();
    for (const r of rows) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    return {
      funnel: countReferralFunnel(
        [...byStatus].flatMap(([status, count]) => (isReferralStatus(status) ? [{ status, count }] : [])),
      ),
      bonus_this_month: dollars(sum(complete.filter((r) => r.completedAt && r.completedAt >= MONTH_START))),
      bonus_total: dollars(sum(complete)),
      bonus_pending_payout: dollars(sum(complete.filter((r) => r.payoutId === null))),
    };
  }

  async function summary(): Promise<TReferralSummary> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/referrals/summary/${t.dealerId}`,
      headers: t.session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('answers the funnel and the bonuses the referrals add up to', async () => {
    const expected = await counted();
    expect(expected.funnel.sold).toBe(36);
    expect(expected.bonus_pending_payout).toBeLessThan(expected.bonus_total);
    expect(expected.bonus_this_month).toBeGreaterThan(0);
    expect(await summary()).toEqual(expected);
  });

  it('stays exact through concurrent status changes, completions, payouts, bonus changes and deletions', async () => {
    const { db } = t.database;
    const [a, b, c, d, e, f, g, h, i, j] = t.ids;
    // Each in its own transaction, all at once (on PostgreSQL, on as many connections).
    await Promise.all([
      db
        .update(referrals)
        .set({ status: 'CONTACT' })
        .where(eq(referrals.id, a ?? 0)),
      db
        .update(referrals)
        .set({ status: 'COMPLETE', completedAt: daysAgo(2), bonusCents: 10_000 })
        .where(eq(referrals.id, b ?? 0)),
      db.update(referrals).set({ payoutId: t.payoutId }).where(eq(referrals.status, 'COMPLETE')),
      db.delete(referrals).where(inArray(referrals.id, [c ?? 0, d ?? 0])),
      db
        .update(referrals)
        .set({ bonusCents: 7_500 })
        .where(inArray(referrals.id, [e ?? 0, f ?? 0])),
      db.transaction(async (tx) => {
        await tx
          .update(referrals)
          .set({ status: 'SCHEDULED' })
          .where(eq(referrals.id, g ?? 0));
        await tx
          .update(referrals)
          .set({ status: 'COMPLETE', completedAt: daysAgo(1) })
          .where(eq(referrals.id, g ?? 0));
      }),
      createReferral(db, { dealerId: t.dealerId, status: 'NEW', dateAdded: daysAgo(1) }),
      createReferral(db, {
        dealerId: t.dealerId,
        status: 'COMPLETE',
        completedAt: daysAgo(1),
        bonusCents: 4_000,
      }),
      db
        .update(referrals)
        .set({ payoutId: null })
        .where(inArray(referrals.id, [h ?? 0, i ?? 0, j ?? 0])),
    ]);
    expect(await summary()).toEqual(await counted());
    // Folding the kept deltas changes no figure.
    await compactListCounts(db);
    expect(await summary()).toEqual(await counted());
  });
});
