import { referralMessages } from '@app/contracts/referrals.contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createServiceRequest } from '../../db/factories/service-requests';
import { customers } from '../../db/schema/customers';
import { outbox } from '../../db/schema/outbox';
import { referralHistory, referralOffers, referralPayouts, referrals } from '../../db/schema/referrals';
import {
  buildLifecycleWorld,
  caller,
  type LifecycleWorld,
  NOW,
  type Session,
  VALID_VIN,
} from '../lifecycle/lifecycle.fixture';

/** A VIN the offline decoder knows (2021 Toyota Camry). */
const SOLD_VIN = '4T1G11AK5MU406374';

describe('a referral’s whole life, from the dealer’s sale to the monthly payout', () => {
  let w: LifecycleWorld;
  let now = NOW;
  let call: ReturnType<typeof caller>;

  const t = useTestApp({ clock: () => now });
  beforeAll(async () => {
    w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
    call = caller(t.app);
    // Where the specialists are: A and B near the customer in Tampa, C across the country.
    await t.database.exec(`update installers set zip = '33609' where id = ${w.installerA.id}`);
    await t.database.exec(`update installers set zip = '33611' where id = ${w.installerB.id}`);
    await t.database.exec(`update installers set zip = '90210' where id = ${w.installerC.id}`);
  });

  async function mails(kind: string, to?: string) {
    const rows = await t.database.db
      .select({ payload: outbox.payload, status: outbox.status })
      .from(outbox)
      .where(eq(outbox.kind, kind))
      .orderBy(asc(outbox.id));
    return rows
      .map((r) => ({ ...(r.payload as { to: string; subject: string; text: string }), status: r.status }))
      .filter((m) => to === undefined || m.to === to);
  }

  function linkIn(text: string, path: string) {
    const match = new RegExp(`${path}\\?referral=(\\d+)&token=([^\\s]+)`).exec(text);
    if (!match) throw new Error(`no ${path} link in: ${text}`);
    return { referral: Number(match[1]), token: decodeURIComponent(match[2] ?? '') };
  }

  async function statusOf(id: number) {
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
    return row;
  }

  async function history(id: number) {
    const rows = await t.database.db
      .select({ status: referralHistory.status, actor: referralHistory.actor })
      .from(referralHistory)
      .where(eq(referralHistory.referralId, id))
      .orderBy(asc(referralHistory.id));
    return rows;
  }

  async function sell(customerName: string, customerEmail: string, who: Session = w.sessions.dealer) {
    const res = await call(who, 'POST', '/api/referrals/', {
      userId: who.userId,
      dealerId: who.companyId,
      customerName,
      customerEmailAddress: customerEmail,
      vin: SOLD_VIN.toLowerCase(),
      status: 'NEW',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { referralId: number; customerId: number };
  }

  /** Customer e-mail sent → CONTACT; page opened → VIEWED; "I'm interested" → OFFERED to nearby specialists. */
  async function offer(referralId: number, customerEmail: string, services: string[]) {
    await t.app.outbox.worker.runOnce();
    expect((await statusOf(referralId))?.status).toBe('CONTACT');
    const [sent] = await mails('referral-customer', customerEmail);
    expect(sent).toMatchObject({ status: 'sent', subject: 'Protect your new 2021 Toyota Camry' });
    const link = linkIn(sent!.text, '/public/benefits');
    expect(link.referral).toBe(referralId);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/referral-benefits?referral=${referralId}&token=${encodeURIComponent(link.token)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      dealer_name: 'Sunrise Test Motors',
      vehicle_info: '2021 Toyota Camry',
    });
    expect((await statusOf(referralId))?.status).toBe('VIEWED');
    const interest = await t.app.inject({
      method: 'POST',
      url: '/api/referral-benefits/interest',
      payload: { referral: referralId, token: link.token, services, zip: '33629', phone: '(813) 555-0142' },
    });
    expect(interest.statusCode, interest.body).toBe(200);
    return interest.json() as { status: string; offered_to: number };
  }

  it('PPF: sale → CONTACT → VIEWED → OFFERED → CLAIMED (public link) → ESTIMATE_CREATED → … → COMPLETE with $100, paid out next month', async () => {
    const { referralId } = await sell('jane   doe', 'jane@example.test');
    const created = await statusOf(referralId);
    expect(created).toMatchObject({
      status: 'NEW',
      vin: SOLD_VIN,
      vehicleYear: 2021,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      zipCode: '33602',
    });
    expect(created?.expirationDate?.toISOString()).toBe('2025-04-09T15:00:00.000Z');

    // Nearest first: the specialists of the same sectional centre (336xx; the world's others are in 33602 too);
    // Los Angeles is not offered.
    expect(await offer(referralId, 'jane@example.test', ['PPF'])).toEqual({
      success: true,
      status: 'OFFERED',
      offered_to: 4,
    });
    const offers = await mails('referral-offer');
    expect(offers.map((m) => m.to).sort()).toEqual(
      [w.installerA, w.installerB, w.installerA2, w.trialInstaller].map((i) => i.email).sort(),
    );
    const ranks = await t.database.db
      .select({ installerId: referralOffers.installerId, rank: referralOffers.rank })
      .from(referralOffers)
      .where(eq(referralOffers.referralId, referralId))
      .orderBy(asc(referralOffers.rank));
    // 33629 is nearer 33611 (B) than 33609 (A), and both nearer than 33602.
    expect(ranks.slice(0, 2).map((r) => r.installerId)).toEqual([w.installerB.id, w.installerA.id]);
    const byA = offers.find((m) => m.to === w.installerA.email)!;
    const claimLink = linkIn(byA.text, '/referralclaim');

    // The preview shows only the preview fields.
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/claimreferral?referral=${referralId}&token=${encodeURIComponent(claimLink.token)}`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().referral_preview).toMatchObject({
      customer_name: 'Jane D.',
      service_type: 'PPF (Paint Protection Film)',
      location_area: 'Tampa, FL',
      vehicle_info: '2021 Toyota Camry',
    });
    expect(preview.body).not.toContain('jane@example.test');

    // B's list shows the lead as available, without the customer's contact details.
    const listB = await call(w.sessions.installerB, 'GET', `/api/referrals/specialist/${w.installerB.id}`);
    expect(listB.json()).toEqual([
      expect.objectContaining({ referralId, specialist_action: 'available', customer_Email_Address: null }),
    ]);

    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/claimreferral',
      payload: {
        referral_id: referralId,
        claim_token: claimLink.token,
        specialist_name: 'Ann Film',
        specialist_phone: '813.555.0100',
        specialist_email: 'ann@elite.test',
        specialist_business: 'Elite Film',
      },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({
      success: true,
      message: 'Referral claimed successfully!',
      referral_id: referralId,
      customer_details: {
        name: 'Jane Doe',
        phone: '8135550142',
        email: 'jane@example.test',
        service_requested: 'PPF (Paint Protection Film)',
        location: 'Tampa, FL',
        vehicle: '2021 Toyota Camry',
      },
      email_sent_to: 'ann@elite.test',
    });
    expect(await mails('referral-claimed', 'ann@elite.test')).toHaveLength(1);
    // The claim link is used up, and B's token is dead too.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/claimreferral',
      payload: {
        referral_id: referralId,
        claim_token: claimLink.token,
        specialist_name: 'Ann Again',
        specialist_phone: '8135550100',
        specialist_email: 'again@elite.test',
        specialist_business: 'Elite Film',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(referralMessages.alreadyClaimed);
    const byB = linkIn(offers.find((m) => m.to === w.installerB.email)!.text, '/referralclaim');
    const previewB = await t.app.inject({
      method: 'GET',
      url: `/api/claimreferral?referral=${referralId}&token=${encodeURIComponent(byB.token)}`,
    });
    expect(previewB.statusCode).toBe(409);
    expect(
      await call(w.sessions.installerB, 'GET', `/api/referrals/specialist/${w.installerB.id}`).then((r) =>
        r.json(),
      ),
    ).toEqual([]);

    // A owns it: its list shows the contact details; it makes an estimate of it and links it (row 99).
    const listA = await call(w.sessions.installerA, 'GET', `/api/referrals/specialist/${w.installerA.id}`);
    expect(listA.json()).toEqual([
      expect.objectContaining({
        referralId,
        status: 'CLAIMED',
        specialist_action: 'owned',
        customer_Email_Address: 'jane@example.test',
      }),
    ]);
    const { request, lines } = await createServiceRequest(t.database.db, {
      requestType: 'installer',
      requestorInstallerId: w.installerA.id,
      customerId: (await statusOf(referralId))!.customerId,
      availableDate: NOW,
      dueDate: new Date('2025-03-20T10:00:00Z'),
      serviceRequested: 'PPF - Full Front',
      lines: [{ amountCents: 150_000 }],
    });
    const linked = await call(w.sessions.installerA, 'PUT', '/api/referrals', {
      referralId,
      status: 'ESTIMATE_CREATED',
      requestId: request.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ status: 'ESTIMATE_CREATED', request_id: request.id });

    // The request's lifecycle moves the referral, in its own transaction.
    const act = (name: string, body: object = {}) =>
      call(w.sessions.installerA, 'POST', `/api/requestimates/${request.id}/actions/${name}`, body);
    expect((await act('book', { startDate: '2025-03-12' })).statusCode).toBe(200);
    expect((await statusOf(referralId))?.status).toBe('SCHEDULED');
    expect((await act('checkIn', { vin: VALID_VIN })).statusCode).toBe(200);
    expect((await statusOf(referralId))?.status).toBe('RECEIVED');
    const started = await call(w.sessions.installerA, 'PUT', `/api/requestServiceState/${request.id}`, {
      serviceId: lines[0]!.id,
      serviceState: 'started',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await statusOf(referralId))?.status).toBe('STARTED');
    const finished = await call(w.sessions.installerA, 'PUT', `/api/requestAllService/${request.id}`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await statusOf(referralId))?.status).toBe('FINISHED');
    const delivered = await act('deliver');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await statusOf(referralId)).toMatchObject({
      status: 'COMPLETE',
      bonusCents: 10_000,
      paidOutAt: null,
    });
    expect((await history(referralId)).map((h) => h.status)).toEqual([
      'NEW',
      'CONTACT',
      'VIEWED',
      'OFFERED',
      'CLAIMED',
      'ESTIMATE_CREATED',
      'SCHEDULED',
      'RECEIVED',
      'STARTED',
      'FINISHED',
      'COMPLETE',
    ]);

    // The dealer sees it with the bonus, and its funnel and this month's bonus.
    const dealerList = await call(w.sessions.dealer, 'GET', `/api/referrals/${w.sessions.dealer.userId}`);
    expect(dealerList.json()[0]).toMatchObject({
      referralId,
      status: 'COMPLETE',
      bonus_amount: 100,
      bonus_payable: true,
    });
    const summary = await call(w.sessions.dealer, 'GET', `/api/referrals/summary/${w.dealer.id}`);
    expect(summary.json()).toMatchObject({
      funnel: { sold: 1, contacted: 1, viewed: 1, offered: 1, claimed: 1, booked: 1, complete: 1 },
      bonus_this_month: 100,
      bonus_total: 100,
      bonus_pending_payout: 100,
    });

    // Still March: nothing to pay. In April the March bonuses go out, once, whatever runs it again.
    expect(await t.app.referrals.service.runMonthlyPayouts()).toEqual([]);
    now = new Date('2025-04-01T06:00:00.000Z');
    try {
      expect(await t.app.referrals.service.runMonthlyPayouts()).toEqual([
        { dealerId: w.dealer.id, period: '2025-03', totalCents: 10_000, count: 1 },
      ]);
      expect(await t.app.referrals.service.runMonthlyPayouts()).toEqual([]);
    } finally {
      now = NOW;
    }
    const payouts = await t.database.db
      .select()
      .from(referralPayouts)
      .where(eq(referralPayouts.dealerId, w.dealer.id));
    expect(payouts).toMatchObject([{ period: '2025-03', totalCents: 10_000, referralCount: 1 }]);
    const [payoutMail] = await mails('referral-payout', 'sunrise@dealers.test');
    expect(payoutMail?.subject).toBe('Referral payout 2025-03: $100.00');
    expect(payoutMail?.text).toContain('Jane Doe, 2021 Toyota Camry, PPF (Paint Protection Film): $100.00');
  });

  it('tint: a signed-in specialist claims without a token (its company fills the form); $25 once complete', async () => {
    const { referralId, customerId } = await sell('Tom Tint', 'tom@example.test');
    await offer(referralId, 'tom@example.test', ['TINT']);
    const res = await call(w.sessions.installerB, 'POST', '/api/claimreferral', { referral_id: referralId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email_sent_to).toBe(
      (
        await t.database.db.query.users.findFirst({
          where: (u, { eq: e }) => e(u.id, w.sessions.installerB.userId),
        })
      )?.email,
    );
    expect(await statusOf(referralId)).toMatchObject({
      status: 'CLAIMED',
      claimedByInstallerId: w.installerB.id,
      claimedSpecialistBusiness: 'Bravo Tint',
    });
    // The claimant now owns the lead's customer, so its wizard can quote it.
    const [owner] = await t.database.db
      .select({ owner: customers.owningInstallerId })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(owner?.owner).toBe(w.installerB.id);

    const { request } = await createServiceRequest(t.database.db, {
      requestType: 'installer',
      requestorInstallerId: w.installerB.id,
      customerId,
      currentState: 'finished',
      serviceRequested: 'Glass/Tint',
    });
    const linked = await call(w.sessions.installerB, 'PUT', '/api/referrals', {
      referralId,
      requestId: request.id,
    });
    // A request already further on: the referral catches up with it.
    expect(linked.json()).toMatchObject({ status: 'FINISHED' });
    const delivered = await call(
      w.sessions.installerB,
      'POST',
      `/api/requestimates/${request.id}/actions/deliver`,
      {},
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await statusOf(referralId)).toMatchObject({ status: 'COMPLETE', bonusCents: 2_500 });
  });

  it('the public form: a dealer user’s e-mail records the sale; an unknown one is refused without a change', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/public/referral',
      payload: {
        referring_email: w.users.dealer.email.toUpperCase(),
        customer_name: 'pat public',
        customer_email: 'Pat@Example.test',
        vin: SOLD_VIN,
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const { referralId } = ok.json();
    expect(ok.json()).toEqual({ success: true, referralId, status: 'NEW', error: null });
    expect(await statusOf(referralId)).toMatchObject({
      dealerId: w.dealer.id,
      userId: w.users.dealer.id,
      status: 'NEW',
    });
    expect((await history(referralId))[0]).toEqual({ status: 'NEW', actor: 'public' });
    expect(await mails('referral-customer', 'pat@example.test')).toHaveLength(1);

    const count = async () => (await t.database.db.select({ id: referrals.id }).from(referrals)).length;
    const before = await count();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/public/referral',
      payload: {
        referring_email: 'nobody@example.test',
        customer_name: 'X',
        customer_email: 'x@example.test',
        vin: SOLD_VIN,
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(referralMessages.unknownReferrer);
    // An installer's e-mail is not a referrer either.
    const installer = await t.app.inject({
      method: 'POST',
      url: '/api/public/referral',
      payload: {
        referring_email: w.users.installerA.email,
        customer_name: 'X',
        customer_email: 'x@example.test',
        vin: SOLD_VIN,
      },
    });
    expect(installer.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('bad input gets 400 with the field messages, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/referral',
      payload: { referring_email: 'not-an-email', customer_name: '  ', customer_email: '', vin: 'IOQ' },
    });
    expect(res.statusCode).toBe(400);
    const text = res.body;
    for (const message of [
      referralMessages.email,
      referralMessages.customerNameRequired,
      referralMessages.customerEmailRequired,
    ]) {
      expect(text).toContain(message);
    }
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/claimreferral',
      payload: {
        referral_id: 1,
        claim_token: 'x',
        specialist_name: '',
        specialist_email: 'bad',
        specialist_phone: '12',
        specialist_business: '',
      },
    });
    expect(claim.statusCode).toBe(400);
    expect(claim.body).toContain(referralMessages.nameRequired);
    expect(claim.body).toContain(referralMessages.phone);
    const garbage = await t.app.inject({ method: 'GET', url: '/api/claimreferral?referral=abc&token=' });
    expect(garbage.statusCode).toBe(400);
  });

  it('forged, expired and reused links are refused and change nothing', async () => {
    const { referralId } = await sell('Eve Expired', 'eve@example.test');
    await offer(referralId, 'eve@example.test', ['CERAMIC']);
    const token = linkIn(
      (await mails('referral-offer')).filter((m) => m.text.includes(`referral=${referralId}&`))[0]!.text,
      '/referralclaim',
    ).token;
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/claimreferral?referral=${referralId}&token=forged${token.slice(6)}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(referralMessages.invalidLink);
    const wrongReferral = await t.app.inject({
      method: 'GET',
      url: `/api/claimreferral?referral=${referralId + 1000}&token=${token}`,
    });
    expect(wrongReferral.statusCode).toBe(404);

    now = new Date(NOW.getTime() + 31 * 86_400_000);
    try {
      const expired = await t.app.inject({
        method: 'GET',
        url: `/api/claimreferral?referral=${referralId}&token=${token}`,
      });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe(referralMessages.expired);
      const claim = await call(w.sessions.installerA, 'POST', '/api/claimreferral', {
        referral_id: referralId,
      });
      expect(claim.statusCode).toBe(404);
      expect(
        (await call(w.sessions.dealer, 'GET', `/api/referrals/${w.sessions.dealer.userId}`)).json(),
      ).toContainEqual(expect.objectContaining({ referralId, expired: true, days_remaining: 0 }));
    } finally {
      now = NOW;
    }
    expect((await statusOf(referralId))?.status).toBe('OFFERED');
  });

  it('a dealer reads only its own referrals; installers and other dealers are refused', async () => {
    expect(
      (await call(w.sessions.otherDealer, 'GET', `/api/referrals/${w.sessions.dealer.userId}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(w.sessions.installerA, 'GET', `/api/referrals/${w.sessions.installerA.userId}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(w.sessions.dealerAssist, 'POST', '/api/referrals/', {
          customerName: 'A',
          customerEmailAddress: 'a@b.test',
          vin: SOLD_VIN,
        })
      ).statusCode,
    ).toBe(403);
    const mine = await call(w.sessions.otherDealer, 'GET', `/api/referrals/${w.sessions.otherDealer.userId}`);
    expect(mine.json()).toEqual([]);
  });

  it(`20 simultaneous claims of one lead: exactly one winner`, async () => {
    const { referralId } = await sell('Race Lead', 'race@example.test');
    await offer(referralId, 'race@example.test', ['PPF']);
    const links = (await mails('referral-offer'))
      .filter((m) => m.text.includes(`referral=${referralId}&`))
      .map((m) => linkIn(m.text, '/referralclaim'));
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const link = links[i % links.length]!;
      return t.app.inject({
        method: 'POST',
        url: '/api/claimreferral',
        remoteAddress: `10.0.${i}.1`,
        payload: {
          referral_id: referralId,
          claim_token: link.token,
          specialist_name: `Racer ${i}`,
          specialist_phone: '8135550100',
          specialist_email: `racer${i}@example.test`,
          specialist_business: `Race ${i}`,
        },
      });
    });
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.database.db
      .select()
      .from(referralHistory)
      .where(and(eq(referralHistory.referralId, referralId), eq(referralHistory.status, 'CLAIMED')));
    expect(rows).toHaveLength(1);
  });
});
