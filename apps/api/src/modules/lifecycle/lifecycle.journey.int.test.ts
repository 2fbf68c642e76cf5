import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { useSuite } from '../../../test/use-suite';
import { createVehicle } from '../../db/factories/vehicles';
import { localMessages } from '../../db/schema/outbox';
import {
  buildLifecycleWorld,
  caller,
  inspector,
  NOW,
  type Session,
  startLifecycleSuite,
  VALID_VIN,
} from './lifecycle.fixture';

/** Whole journeys through the documented calls, as the client makes them (history posted after each step). */
describe('lifecycle journeys', () => {
  const s = useSuite(startLifecycleSuite);

  /**
   * The steps of one request's journey: each calls, expects 200, then posts the client's own history record
   * (the state reached, and the service for a service's step) the way the original client does.
   */
  function stepsOf(requestId: number) {
    return async (
      who: Session,
      method: 'PUT' | 'POST',
      url: string,
      payload: object | undefined,
      requestStatus: string,
      serviceId?: number,
    ) => {
      const res = await s.call(who, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      const posted = await s.call(who, 'POST', '/api/requestState', {
        requestId,
        requestStatus,
        serviceId,
        stateDate: '2025/03/10 15:00:02',
        changedByUserId: 999,
        changedByUserType: 'installer',
      });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(posted.json()).toMatchObject({ success: true, duplicate: true });
      return res.json();
    };
  }

  it('a dealer request: accept, ASSIGN, schedule, CHECK IN with a VIN, each service, COMPLETE, DELIVER, REVIEW', async () => {
    const vehicle = await createVehicle(s.t.database.db, { vin: 'NV1741000000001' });
    const { request, lines } = await s.w.openRequest([s.w.installerA.id, s.w.installerB.id], {
      vehicleId: vehicle.id,
    });
    const referral = await s.w.createReferral(request.id, 'PPF');
    const id = request.id;
    const A = s.w.sessions.installerA;
    const step = stepsOf(id);

    await step(
      A,
      'PUT',
      `/api/requestOffered/${id}`,
      { currentStatus: 'accepted', startDate: '2025-03-12' },
      'answered',
    );
    await step(
      s.w.sessions.dealer,
      'PUT',
      `/api/requestimates/requestbyID/?Id=${id}`,
      {
        requestId: id,
        currentState: 'scheduled',
        installerId: s.w.installerA.id,
      },
      'scheduled',
    );
    // The installer books the slot it wants: the schedule and booked days move, the appointment is queued.
    const booked = await s.call(A, 'PUT', '/api/schedule/', {
      installerId: s.w.installerA.id,
      requestId: id,
      startDate: '2025-03-14',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({
      startDate: '2025-03-14',
      endDate: '2025-03-15',
      calendarDays: 2,
      installerCapacity: 4,
    });
    expect((await s.db.calendar(id)).map((d) => [d.workDate, d.workStatus])).toEqual([
      ['2025-03-14', 'booked'],
      ['2025-03-15', 'booked'],
    ]);

    await step(A, 'POST', `/api/requestimates/${id}/actions/checkIn`, { vin: VALID_VIN }, 'received');
    expect((await s.db.request(id)).vin).toBe(VALID_VIN);
    for (const line of lines) {
      for (const state of ['started', 'finished'] as const) {
        await step(
          A,
          'PUT',
          `/api/requestServiceState/${id}`,
          { serviceId: line.id, serviceState: state },
          state,
          line.id,
        );
      }
    }
    const completed = await step(A, 'PUT', `/api/requestAllService/${id}`, undefined, 'finished');
    expect(completed.invoices).toEqual([
      expect.objectContaining({ invoiceType: 'final', amount_due: 190_000 }),
    ]);
    await step(s.w.sessions.dealer, 'POST', `/api/requestimates/${id}/actions/DELIVER`, {}, 'collected');
    await step(
      s.w.sessions.dealer,
      'PUT',
      `/api/requestimates/requestbyID/?Id=${id}`,
      { reviewScore: 5 },
      'reviewed',
    );

    expect(await s.db.request(id)).toMatchObject({
      currentState: 'reviewed',
      reviewScore: 5,
      assignedInstallerId: s.w.installerA.id,
    });
    expect(await s.db.referral(id)).toMatchObject({
      id: referral.id,
      status: 'COMPLETE',
      bonusCents: 10_000,
    });
    // One record per transition, written by the server (the client's posts were all duplicates).
    const history = await s.db.history(id);
    expect(history.map((h) => [h.requestStatus, h.serviceId])).toEqual([
      ['created', null],
      ['answered', null],
      ['scheduled', null],
      ['received', null],
      ['started', lines[0]!.id],
      ['started', null],
      ['finished', lines[0]!.id],
      ['started', lines[1]!.id],
      ['finished', lines[1]!.id],
      ['finished', null],
      ['collected', null],
      ['reviewed', null],
    ]);
    expect(history.slice(1).every((h) => h.changedByUserId !== 999)).toBe(true);

    // Every effect is delivered by the outbox and visible on the job.
    while ((await s.t.app.outbox.worker.runOnce()) > 0) {}
    const deliveries = (await s.call(A, 'GET', `/api/outbox/request/${id}`)).json().items as {
      channel: string;
      kind: string;
      status: string;
    }[];
    expect(deliveries.map((d) => `${d.channel}/${d.kind}:${d.status}`)).toEqual([
      'calendar/add-appointment:sent',
      'sms/work-started:sent',
      'sms/work-started:sent',
      // The final invoice is opened at once by the payments service: its e-mail with the pay link.
      'email/invoice:sent',
      'sms/job-finished:sent',
    ]);
    // What the local SMS adapter delivered (the dealership's and the customer's phones are no user's mailbox).
    const texts = await s.t.database.db
      .select({ to: localMessages.to, text: localMessages.text })
      .from(localMessages)
      .where(eq(localMessages.channel, 'sms'));
    expect(texts.filter((m) => m.text.includes('Toyota Camry')).map((m) => m.to)).toEqual(
      expect.arrayContaining(['8135550100', '8135550777']),
    );
  });

  it('an installer estimate with a deposit: BOOK JOB (deposit invoice), CHECK IN, work, COMPLETE (final invoice)', async () => {
    const { request, lines } = await s.w.estimate({ depositAmountCents: 20_000 });
    const id = request.id;
    const A = s.w.sessions.installerA;
    const step = stepsOf(id);
    const booked = await step(
      A,
      'POST',
      `/api/requestimates/${id}/actions/book`,
      { startDate: '2025-03-11' },
      'scheduled',
    );
    expect(booked.invoices).toEqual([
      expect.objectContaining({ invoiceType: 'deposit', amount_due: 20_000, status: 'open' }),
    ]);
    await step(A, 'POST', `/api/requestimates/${id}/actions/check-in`, { vin: VALID_VIN }, 'received');
    await step(
      A,
      'PUT',
      `/api/requestServiceState/${id}`,
      { serviceId: lines[0]!.id, serviceState: 'started' },
      'started',
      lines[0]!.id,
    );
    const completed = await step(A, 'PUT', `/api/requestAllService/${id}`, {}, 'finished');
    // The deposit is not paid yet: it is voided (the customer never pays twice) and the final invoice asks
    // for the whole customer total.
    expect(completed.invoices).toEqual([
      expect.objectContaining({ invoiceType: 'final', amount_due: 205_675, status: 'open' }),
    ]);
    const invoices = await s.db.invoices(id);
    expect(invoices.map((i) => [i.invoiceType, i.status, i.amountRemainingCents])).toEqual([
      ['deposit', 'void', 0],
      ['final', 'open', 205_675],
    ]);
    expect((await s.db.request(id)).invoiceNumber).toBe(invoices[1]?.number);
    expect((await s.db.outbox(id)).map((i) => `${i.channel}/${i.kind}`)).toEqual([
      'email/invoice',
      'email/booking-confirmation',
      'calendar/add-appointment',
      'sms/work-started',
      'email/invoice',
      'sms/job-finished',
    ]);
  });

  it('POST /requestState: a new record is written once; retries and the server’s own records are not duplicated', async () => {
    const { request } = await s.w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: s.w.installerA.id,
    });
    const id = request.id;
    const body = { requestId: id, stateDate: '2025-03-10 16:00:00', requestStatus: 'CONTRACT_DOWNLOADED' };
    const first = await s.call(s.w.sessions.dealer, 'POST', '/api/requestState', body);
    expect(first.json()).toMatchObject({ success: true, duplicate: false });
    const retry = await s.call(s.w.sessions.dealer, 'POST', '/api/requestState', {
      ...body,
      stateDate: '2025/03/10 16:00:00',
    });
    expect(retry.json()).toEqual({ success: true, duplicate: true, id: first.json().id });
    const later = await s.call(s.w.sessions.dealer, 'POST', '/api/requestState', {
      ...body,
      stateDate: '2025-03-11T09:00:00Z',
    });
    expect(later.json().duplicate).toBe(false);
    const records = (await s.db.history(id)).filter((h) => h.requestStatus === 'CONTRACT_DOWNLOADED');
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ changedByUserId: s.w.users.dealer.id, changedByUserType: 'dealer' });

    expect((await s.call(s.w.sessions.otherDealer, 'POST', '/api/requestState', body)).statusCode).toBe(404);
    expect((await s.call(s.w.sessions.dealerAssist, 'POST', '/api/requestState', body)).statusCode).toBe(403);
    expect(
      (await s.call(s.w.sessions.dealer, 'POST', '/api/requestState', { ...body, requestStatus: 'hacked' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await s.call(s.w.sessions.dealer, 'POST', '/api/requestState', { ...body, serviceId: 2_000_000 }))
        .statusCode,
    ).toBe(400);
  });

  it('a delivery that fails stays visible on the job with its error and is retried', async () => {
    const failing = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:9' }, { clock: () => NOW });
    try {
      const fw = await buildLifecycleWorld(failing.database.db, failing.config.jwtSecret);
      const { request } = await fw.estimate();
      const res = await caller(failing.app)(
        fw.sessions.installerA,
        'POST',
        `/api/requestimates/${request.id}/actions/book`,
        {
          startDate: '2025-03-12',
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      await failing.app.outbox.worker.runOnce();
      const items = (
        await caller(failing.app)(fw.sessions.installerA, 'GET', `/api/outbox/request/${request.id}`)
      ).json().items as { kind: string; status: string; attempts: number; lastError: string | null }[];
      const email = items.find((i) => i.kind === 'booking-confirmation');
      expect(email).toMatchObject({ status: 'failed', attempts: 1 });
      expect(email?.lastError).toBeTruthy();
      // The booking itself is committed regardless.
      expect((await inspector(failing.database.db).request(request.id)).currentState).toBe('scheduled');
    } finally {
      await failing.close();
    }
  });
});
