import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createCustomer } from '../../db/factories/customers';
import { createDealer, createUser } from '../../db/factories/identity';
import { createReferral } from '../../db/factories/referrals';
import { outbox } from '../../db/schema/outbox';
import { referralPayouts, referrals } from '../../db/schema/referrals';

const NOW = new Date('2026-06-15T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
/** Bonuses completed over March to May, every one payable in June; every 20th has no customer on file. */
const BACKLOG = 60;

/**
 * The monthly payout when a dealership has months of bonuses waiting (the first run after going live, or
 * after the job was down): one payout for all of them, one e-mail naming each customer, nothing paid twice,
 * and this month's bonuses left for next month.
 */
describe('the monthly referral payout of a backlog', () => {
  const t = useTestApp({ clock: () => NOW }, async ({ database: { db } }) => {
    const backlogDealer = await createDealer(db, {
      name: 'Backlog Motors',
      email: 'backlog@dealers.test',
    });
    // No address of its own: the payout goes to its users who sign in.
    const quietDealer = await createDealer(db, { name: 'Quiet Cars', email: null });
    await createUser(db, { dealerId: quietDealer.id, email: 'owner@quiet.test' });
    await createUser(db, { dealerId: quietDealer.id, email: 'contact@quiet.test', loginEnabled: false });

    const backlog: { id: number; customer: string }[] = [];
    for (let i = 0; i < BACKLOG; i += 1) {
      const customer =
        i % 20 === 7 ? null : await createCustomer(db, { name: `Buyer ${String(i).padStart(2, '0')}` });
      const row = await createReferral(db, {
        dealerId: backlogDealer.id,
        customerId: customer?.id ?? null,
        status: 'COMPLETE',
        dateAdded: daysAgo(110 - i),
        completedAt: daysAgo(90 - i),
        requestedService: 'TINT',
        vehicleYear: 2024,
        vehicleMake: 'Honda',
        vehicleModel: 'Civic',
        bonusCents: 2500 + i,
      });
      backlog.push({ id: row.id, customer: customer?.name ?? 'Customer' });
    }
    // Paid last month already, completed this month, or not complete: none of these is in June's payout.
    const [earlier] = await db
      .insert(referralPayouts)
      .values({
        dealerId: backlogDealer.id,
        period: '2026-02',
        createdAt: daysAgo(100),
        totalCents: 9000,
        referralCount: 1,
      })
      .returning({ id: referralPayouts.id });
    const paidBefore = await createReferral(db, {
      dealerId: backlogDealer.id,
      status: 'COMPLETE',
      completedAt: daysAgo(120),
      bonusCents: 9000,
      payoutId: earlier?.id ?? null,
      paidOutAt: daysAgo(100),
    });
    const thisMonth = await createReferral(db, {
      dealerId: backlogDealer.id,
      status: 'COMPLETE',
      completedAt: daysAgo(2),
      bonusCents: 7000,
    });
    await createReferral(db, { dealerId: backlogDealer.id, status: 'SCHEDULED', bonusCents: 6000 });
    const quietBonus = await createReferral(db, {
      dealerId: quietDealer.id,
      status: 'COMPLETE',
      completedAt: daysAgo(30),
      bonusCents: 10_000,
    });
    return { backlogDealer, quietDealer, backlog, paidBefore, thisMonth, quietBonus };
  });

  async function payoutMails() {
    const rows = await t.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.kind, 'referral-payout'))
      .orderBy(asc(outbox.id));
    return rows.map((r) => r.payload as { to: string; subject: string; text: string });
  }

  it('pays every waiting bonus once, in one payout a dealership, and e-mails each customer’s line', async () => {
    const { backlogDealer, quietDealer, backlog, paidBefore, thisMonth, quietBonus } = t;
    const backlogCents = backlog.reduce((sum, _, i) => sum + 2500 + i, 0);

    const made = await t.app.referrals.service.runMonthlyPayouts();
    expect([...made].sort((a, b) => a.dealerId - b.dealerId)).toEqual(
      [
        { dealerId: backlogDealer.id, period: '2026-05', totalCents: backlogCents, count: BACKLOG },
        { dealerId: quietDealer.id, period: '2026-05', totalCents: 10_000, count: 1 },
      ].sort((a, b) => a.dealerId - b.dealerId),
    );
    // Run again (another process, the next hour): nothing more is paid or sent.
    expect(await t.app.referrals.service.runMonthlyPayouts()).toEqual([]);

    const { db } = t.database;
    const [payout] = await db
      .select()
      .from(referralPayouts)
      .where(and(eq(referralPayouts.dealerId, backlogDealer.id), eq(referralPayouts.period, '2026-05')));
    expect(payout).toMatchObject({ totalCents: backlogCents, referralCount: BACKLOG });
    const inPayout = await db
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.payoutId, payout?.id ?? -1))
      .orderBy(asc(referrals.id));
    expect(inPayout.map((r) => r.id)).toEqual(backlog.map((b) => b.id));
    const [before] = await db.select().from(referrals).where(eq(referrals.id, paidBefore.id));
    expect(before?.paidOutAt).toEqual(daysAgo(100));
    const unpaid = await db
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.status, 'COMPLETE'), isNull(referrals.payoutId)));
    expect(unpaid.map((r) => r.id)).toEqual([thisMonth.id]);
    expect((await db.select().from(referrals).where(eq(referrals.id, quietBonus.id)))[0]?.payoutId).not.toBe(
      null,
    );

    const mails = await payoutMails();
    expect(mails.map((m) => m.to).sort()).toEqual(['backlog@dealers.test', 'owner@quiet.test']);
    const backlogMail = mails.find((m) => m.to === 'backlog@dealers.test');
    expect(backlogMail?.subject).toBe(`Referral payout 2026-05: $${(backlogCents / 100).toFixed(2)}`);
    const lines = (backlogMail?.text ?? '').split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual(
      backlog.map((b, i) => `- ${b.customer}, 2024 Honda Civic, TINT: $${((2500 + i) / 100).toFixed(2)}`),
    );
    expect(lines.filter((l) => l.startsWith('- Customer,'))).toHaveLength(3);
  });
});
