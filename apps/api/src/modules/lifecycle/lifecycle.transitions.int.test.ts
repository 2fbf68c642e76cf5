import { paymentMessages } from '@app/contracts/payments.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createContract } from '../../db/factories/contracts';
import { createInvoice, createPayment } from '../../db/factories/money';
import { createVehicle } from '../../db/factories/vehicles';
import { formBody, formOf } from '../payments/payments.fixture';
import {
  buildLifecycleWorld,
  caller,
  inspector,
  type LifecycleWorld,
  NOW,
  type Session,
  VALID_VIN,
} from './lifecycle.fixture';

/**
 * Each transition of 000 §4 through its documented call by the allowed role, with everything it changes;
 * then each refused for the wrong role, another company, ASSIST and a wrong state.
 */
describe('lifecycle transitions', () => {
  let t: TestApp;
  let w: LifecycleWorld;
  let call: ReturnType<typeof caller>;
  let db: ReturnType<typeof inspector>;

  beforeAll(async () => {
    t = await buildTestApp({}, { clock: () => NOW });
    w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
    call = caller(t.app);
    db = inspector(t.database.db);
  });
  afterAll(() => t.close());

  const action = (who: Session, requestId: number, name: string, body: object = {}) =>
    call(who, 'POST', `/api/requestimates/${requestId}/actions/${name}`, body);

  it('accept (T4): PUT /requestOffered with a date → answered, offer accepted, calendar pending', async () => {
    const { request } = await w.openRequest([w.installerA.id, w.installerB.id]);
    const res = await call(w.sessions.installerB, 'PUT', `/api/requestOffered/${request.id}`, {
      currentStatus: 'accepted',
      startDate: '2025-03-12',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      action: 'accept',
      ruleId: 'T4',
      from: 'new',
      currentState: 'answered',
      offerState: 'accepted',
      assignedTo: 0,
      version: request.version + 1,
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13' },
    });
    expect((await db.request(request.id)).currentState).toBe('answered');
    const offers = await db.offers(request.id);
    expect(offers.map((o) => [o.installerId, o.currentStatus])).toEqual([
      [w.installerA.id, 'offered'],
      [w.installerB.id, 'accepted'],
    ]);
    expect(offers[1]?.startDate?.toISOString()).toBe('2025-03-12T08:00:00.000Z');
    expect(offers[1]?.endDate?.toISOString()).toBe('2025-03-13T08:00:00.000Z');
    expect(await db.calendar(request.id)).toEqual([
      expect.objectContaining({
        installerId: w.installerB.id,
        workDate: '2025-03-12',
        workStatus: 'pending',
      }),
      expect.objectContaining({
        installerId: w.installerB.id,
        workDate: '2025-03-13',
        workStatus: 'pending',
      }),
    ]);
    expect((await db.history(request.id)).at(-1)).toMatchObject({
      requestStatus: 'answered',
      changedByUserId: w.users.installerB.id,
      changedByUserType: 'installer',
      stateDate: NOW,
    });
  });

  it('claim (T5): POST /dashboard/claim books an open request in one step, with its effects', async () => {
    const { request } = await w.openRequest([w.installerA.id, w.installerB.id]);
    await w.createReferral(request.id);
    const res = await call(w.sessions.installerA, 'POST', `/api/dashboard/claim/${request.id}`, {
      installerId: w.installerA.id,
      startDate: '2025-03-12',
      endDate: '2025/03/13 00:00:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      action: 'claim',
      currentState: 'scheduled',
      assignedTo: w.installerA.id,
      offerState: 'scheduled',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-04-30' },
    });
    const row = await db.request(request.id);
    expect(row).toMatchObject({ currentState: 'scheduled', assignedInstallerId: w.installerA.id });
    expect(row.dueDate?.toISOString()).toBe('2025-04-30T10:00:00.000Z'); // the dealer's due date stays
    expect(await db.offerStatus(request.id, w.installerA.id)).toBe('scheduled');
    expect(await db.offerStatus(request.id, w.installerB.id)).toBe('offered');
    const days = await db.calendar(request.id);
    expect(days.map((d) => [d.workDate, d.workStatus, d.locationId])).toEqual([
      ['2025-03-12', 'booked', w.locationA.id],
      ['2025-03-13', 'booked', w.locationA.id],
    ]);
    expect(await db.schedule(request.id)).toMatchObject({
      installerId: w.installerA.id,
      installerCapacity: 4, // the location's capacity overrides the installer's 3
      startDate: new Date('2025-03-12T08:00:00.000Z'),
      endDate: new Date('2025-03-13T08:00:00.000Z'),
    });
    expect((await db.referral(request.id))?.status).toBe('SCHEDULED');
    const items = await db.outbox(request.id);
    expect(items.map((i) => [i.channel, i.kind])).toEqual([
      ['email', 'booking-confirmation'],
      ['calendar', 'add-appointment'],
    ]);
    expect(items[0]?.payload).toMatchObject({ to: 'sunrise@dealers.test' });
    expect((items[0]!.payload as { text: string }).text).toContain('Elite Film');
    expect((await db.history(request.id)).at(-1)).toMatchObject({
      requestStatus: 'scheduled',
      changedByUserId: w.users.installerA.id,
    });

    // The calendar appointment is delivered by the outbox: the days get the event id.
    await t.app.outbox.worker.runOnce();
    expect((await db.calendar(request.id)).every((d) => d.eventId?.startsWith('local-outbox-'))).toBe(true);
    const deliveries = await call(w.sessions.installerA, 'GET', `/api/outbox/request/${request.id}`);
    expect(deliveries.json().items.map((i: { status: string }) => i.status)).toEqual(['sent', 'sent']);
  });

  it('assign (T6): the dealer ASSIGNs an installer whose offer is accepted → scheduled, booked, others removed', async () => {
    const { request } = await w.openRequest([w.installerA.id, w.installerB.id]);
    await w.createReferral(request.id);
    for (const [who, date] of [
      [w.sessions.installerA, '2025-03-14'],
      [w.sessions.installerB, '2025-03-12'],
    ] as const) {
      const res = await action(who, request.id, 'accept', { startDate: date });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await action(w.sessions.dealer, request.id, 'assign', { installerId: w.installerB.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ruleId: 'T6',
      currentState: 'scheduled',
      assignedTo: w.installerB.id,
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13' },
    });
    expect(await db.offerStatus(request.id, w.installerB.id)).toBe('scheduled');
    const days = await db.calendar(request.id);
    expect(days.map((d) => [d.installerId, d.workDate, d.workStatus])).toEqual([
      [w.installerB.id, '2025-03-12', 'booked'],
      [w.installerB.id, '2025-03-13', 'booked'],
    ]);
    expect(await db.schedule(request.id)).toMatchObject({
      installerId: w.installerB.id,
      installerCapacity: 8,
    });
    expect((await db.referral(request.id))?.status).toBe('SCHEDULED');
    expect((await db.history(request.id)).at(-1)).toMatchObject({
      requestStatus: 'scheduled',
      changedByUserType: 'dealer',
      changedByUserId: w.users.dealer.id,
    });
  });

  it('BOOK JOB (T7) on an estimate with a deposit: due = end, deposit invoice, appointment, booking e-mail', async () => {
    const { request } = await w.estimate({ depositAmountCents: 50_000 });
    const res = await action(w.sessions.installerA, request.id, 'BOOK JOB', { startDate: '2025-03-12' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ruleId: 'T7-estimate',
      currentState: 'scheduled',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-03-13' },
      invoices: [{ invoiceType: 'deposit', status: 'open', amount_due: 50_000 }],
    });
    expect(body.invoices[0].number).toMatch(/^INV-\d+$/);
    expect((await db.request(request.id)).dueDate?.toISOString()).toBe('2025-03-13T08:00:00.000Z');
    const [invoice] = await db.invoices(request.id);
    expect(invoice).toMatchObject({
      invoiceType: 'deposit',
      status: 'open',
      amountDueCents: 50_000,
      amountRemainingCents: 50_000,
      installerId: w.installerA.id,
      customerId: w.customer.id,
      customerEmail: 'rita@example.test',
      metadata: {
        payment_type: 'deposit',
        request_id: String(request.id),
        installer_id: String(w.installerA.id),
      },
    });
    expect(invoice?.taxCents).toBeGreaterThan(0);
    const items = await db.outbox(request.id);
    // The deposit invoice is opened by the payments service (pay link, e-mail), before the booking e-mail.
    expect(items.map((i) => [i.channel, i.kind])).toEqual([
      ['email', 'invoice'],
      ['email', 'booking-confirmation'],
      ['calendar', 'add-appointment'],
    ]);
    expect(items[1]?.payload).toMatchObject({ to: 'rita@example.test' });
    expect((await db.calendar(request.id)).map((d) => d.workStatus)).toEqual(['booked', 'booked']);

    // The booking e-mail call does not send it twice for the same booking.
    const again = await call(w.sessions.installerA, 'GET', `/api/sendemailb/${request.id}`);
    expect(again.json()).toEqual({ success: true, message: 'Booking e-mail queued.' });
    expect((await db.outbox(request.id)).filter((i) => i.kind === 'booking-confirmation')).toHaveLength(1);
  });

  it('BOOK JOB (T7) on a dealer job assigned to the caller keeps the dealer’s due date; no deposit invoice', async () => {
    const { request } = await w.dealerRequest({ currentState: 'new', assignedInstallerId: w.installerB.id });
    const res = await call(w.sessions.installerB, 'PUT', `/api/requestoffered/state/${request.id}`, {
      offerState: 'scheduled',
      startDate: '2025-03-17',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ruleId: 'T7-dealer',
      schedule: { startDate: '2025-03-17', endDate: '2025-03-18', dueDate: '2025-04-30' },
      invoices: [],
    });
    // Installer B has no linked calendar: no appointment.
    expect((await db.outbox(request.id)).map((i) => i.kind)).toEqual(['booking-confirmation']);
  });

  it('BOOK JOB refuses a start date outside the picker (400) and a date in the past', async () => {
    const { request } = await w.dealerRequest({ currentState: 'new', assignedInstallerId: w.installerB.id });
    const late = await action(w.sessions.installerB, request.id, 'book', { startDate: '2025-04-30' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Start date 2025-04-30 is after the latest allowed date 2025-04-29');
    const past = await action(w.sessions.installerB, request.id, 'book', { startDate: '2025-03-09' });
    expect(past.json().message).toBe('Start date 2025-03-09 is before the earliest allowed date 2025-03-10');
    const bad = await action(w.sessions.installerB, request.id, 'book', { startDate: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('JOB COMPLETED (T8) on an estimate: finished, services finished, final invoice, go to /pickups', async () => {
    const { request } = await w.estimate();
    await w.createReferral(request.id, 'Glass/Tint');
    const res = await call(w.sessions.installerA, 'PUT', `/api/requestAllService/${request.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ruleId: 'T8',
      currentState: 'finished',
      redirectTo: '/pickups',
      invoices: [{ invoiceType: 'final', status: 'open', amount_due: 205_675 }],
    });
    expect((await db.services(request.id)).map((s) => s.serviceState)).toEqual(['finished', 'finished']);
    const row = await db.request(request.id);
    expect(row.invoiceNumber).toBe(res.json().invoices[0].number);
    expect(row.customerFacingInvoice).toBe(row.invoiceNumber);
    expect((await db.referral(request.id))?.status).toBe('FINISHED');
    expect(await db.offerStatus(request.id, w.installerA.id)).toBe('finished');
  });

  it('CHECK IN (T9) with a valid VIN replaces the NV placeholder on the request and the vehicle', async () => {
    const vehicle = await createVehicle(t.database.db, { vin: 'NV1741600000000' });
    const { request } = await w.dealerRequest({
      currentState: 'scheduled',
      assignedInstallerId: w.installerA.id,
      vehicleId: vehicle.id,
      calendar: { startDate: '2025-03-12', workStatus: 'booked' },
    });
    await w.createReferral(request.id);
    const invalid = await action(w.sessions.installerA, request.id, 'checkIn', { vin: '1HGCM82633A00435I' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Enter a valid VIN to check in');

    const res = await action(w.sessions.installerA, request.id, 'checkIn', {
      vin: ` ${VALID_VIN.toLowerCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T9', currentState: 'received' });
    expect((await db.request(request.id)).vin).toBe(VALID_VIN);
    const [v] = await t.database.db.query.vehicles.findMany({ where: (x, { eq }) => eq(x.id, vehicle.id) });
    expect(v?.vin).toBe(VALID_VIN);
    expect((await db.referral(request.id))?.status).toBe('RECEIVED');
    expect(await db.offerStatus(request.id, w.installerA.id)).toBe('received');
  });

  it('CHECK IN refuses a VIN that differs from a real VIN on file', async () => {
    const { request } = await w.dealerRequest({
      currentState: 'scheduled',
      assignedInstallerId: w.installerA.id,
      vin: '2T1BURHE0JC000001',
    });
    const res = await action(w.sessions.installerA, request.id, 'checkIn', { vin: VALID_VIN });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('does not match');
    expect((await db.request(request.id)).currentState).toBe('scheduled');
  });

  it('RESCHEDULE (T10): back to new, offer offered, calendar draft, appointments removed, history rescheduled', async () => {
    const { request } = await w.dealerRequest({
      currentState: 'scheduled',
      assignedInstallerId: w.installerA.id,
      calendar: { startDate: '2025-03-12', workStatus: 'booked', isSynced: true },
    });
    const res = await call(w.sessions.installerA, 'PUT', `/api/requestOffered/${request.id}`, {
      currentStatus: 'offered',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T10', currentState: 'new', offerState: 'offered' });
    expect(await db.offerStatus(request.id, w.installerA.id)).toBe('offered');
    const days = await db.calendar(request.id);
    expect(days.every((d) => d.workStatus === 'draft' && d.eventId === null)).toBe(true);
    const [removal] = await db.outbox(request.id);
    expect(removal).toMatchObject({ channel: 'calendar', kind: 'remove-appointments' });
    expect((removal!.payload as { eventIds: string[] }).eventIds.length).toBeGreaterThan(0);
    expect((await db.history(request.id)).at(-1)?.requestStatus).toBe('rescheduled');

    // Still assigned to A, so BOOK JOB applies again.
    const rebook = await action(w.sessions.installerA, request.id, 'book', { startDate: '2025-03-20' });
    expect(rebook.statusCode, rebook.body).toBe(200);
    expect((await db.calendar(request.id)).map((d) => [d.workDate, d.workStatus])).toEqual([
      ['2025-03-20', 'booked'],
      ['2025-03-21', 'booked'],
    ]);
  });

  it('START SERVICE (T11, S1), FINISH SERVICE (S2), COMPLETE JOB (T12) with SMS, calendar and invoice', async () => {
    const { request, lines } = await w.dealerRequest({
      currentState: 'received',
      assignedInstallerId: w.installerA.id,
      calendar: { startDate: '2025-03-12', workStatus: 'booked' },
    });
    await w.createReferral(request.id);
    const [first, second] = lines;
    const start = (serviceId: number) =>
      call(w.sessions.installerA, 'PUT', `/api/requestServiceState/${request.id}`, {
        serviceId,
        serviceState: 'started',
        materials: 'XPEL Ultimate',
      });
    const r1 = await start(first!.id);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ ruleId: 'T11', currentState: 'started' });
    expect((await db.services(request.id)).map((s) => s.serviceState)).toEqual(['started', 'new']);
    expect((await db.calendar(request.id)).map((d) => d.workStatus)).toEqual(['started', 'started']);
    const sms = (await db.outbox(request.id)).filter((i) => i.channel === 'sms');
    expect(sms.map((i) => (i.payload as { to: string }).to).sort()).toEqual(['8135550100', '8135550777']);
    expect((sms[0]!.payload as { text: string }).text).toBe(
      'Elite Film has started work on your 2023 Toyota Camry.',
    );
    expect((await db.referral(request.id))?.status).toBe('STARTED');
    const history = await db.history(request.id);
    expect(history.slice(-2).map((h) => [h.requestStatus, h.serviceId])).toEqual([
      ['started', first!.id],
      ['started', null],
    ]);

    // Starting it again is refused; the second service starts without another SMS.
    const again = await start(first!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Cannot start a service in state started',
    });
    const r2 = await start(second!.id);
    expect(r2.json()).toMatchObject({ ruleId: 'S1', currentState: 'started' });
    expect((await db.outbox(request.id)).filter((i) => i.channel === 'sms')).toHaveLength(2);

    const finish = await call(w.sessions.installerA, 'PUT', `/api/requestServiceState/${request.id}`, {
      serviceId: first!.id,
      serviceState: 'finished',
    });
    expect(finish.json()).toMatchObject({ ruleId: 'S2', currentState: 'started' });
    expect((await db.services(request.id)).map((s) => s.serviceState)).toEqual(['finished', 'started']);

    const complete = await call(w.sessions.installerA, 'PUT', `/api/requestAllService/${request.id}`, {});
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toMatchObject({
      ruleId: 'T12',
      currentState: 'finished',
      invoices: [{ invoiceType: 'final', status: 'open', amount_due: 190_000 }],
    });
    expect((await db.services(request.id)).map((s) => s.serviceState)).toEqual(['finished', 'finished']);
    expect((await db.calendar(request.id)).map((d) => d.workStatus)).toEqual(['finished', 'finished']);
    const finished = (await db.outbox(request.id)).filter((i) => i.kind === 'job-finished');
    expect(finished.map((i) => (i.payload as { to: string }).to)).toEqual(['8135550100']);
    expect((await db.referral(request.id))?.status).toBe('FINISHED');
    const [invoice] = await db.invoices(request.id);
    expect(invoice).toMatchObject({
      dealerId: w.dealer.id,
      customerName: 'Sunrise Test Motors',
      taxCents: 0,
    });
  });

  /** Pays an open invoice on its hosted page /pay/{token} with the local adapter's Visa test card. */
  async function payOnHostedPage(invoiceId: number) {
    const invoice = (await call(w.sessions.installerA, 'GET', `/api/invoices/${invoiceId}`)).json();
    expect(invoice.hosted_invoice_url).toMatch(/\/pay\/[\w-]{16,}$/);
    const path = new URL(invoice.hosted_invoice_url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    const form = formOf(page.body);
    const paid = await t.app.inject({
      method: 'POST',
      url: form.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ nonce: form.nonce, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    return path;
  }

  it('the final invoice deducts the deposit paid on its pay page; both invoices carry a pay link', async () => {
    const { request, lines } = await w.estimate({ depositAmountCents: 50_000 });
    const booked = await action(w.sessions.installerA, request.id, 'BOOK JOB', { startDate: '2025-03-12' });
    expect(booked.statusCode, booked.body).toBe(200);
    const [deposit] = booked.json().invoices;
    expect(deposit).toMatchObject({ invoiceType: 'deposit', status: 'open', amount_due: 50_000 });
    expect(deposit.number).toBe(`INV-${100_000 + deposit.id}`);
    await payOnHostedPage(deposit.id);
    const checkedIn = await action(w.sessions.installerA, request.id, 'check-in', { vin: VALID_VIN });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const started = await call(w.sessions.installerA, 'PUT', `/api/requestServiceState/${request.id}`, {
      serviceId: lines[0]!.id,
      serviceState: 'started',
    });
    expect(started.statusCode, started.body).toBe(200);

    const completed = await call(w.sessions.installerA, 'PUT', `/api/requestAllService/${request.id}`);
    expect(completed.statusCode, completed.body).toBe(200);
    const [final] = completed.json().invoices;
    // 2,056.75 customer total − 500.00 deposit received.
    expect(final).toMatchObject({ invoiceType: 'final', status: 'open', amount_due: 155_675 });
    expect(final.number).toBe(`INV-${100_000 + final.id}`);
    expect((await db.request(request.id)).invoiceNumber).toBe(final.number);
    const path = await payOnHostedPage(final.id);
    const receipt = await t.app.inject({ method: 'GET', url: `${path}?paid=1` });
    expect(receipt.body).toContain('Payment received');

    expect((await db.invoices(request.id)).map((i) => [i.invoiceType, i.status, i.amountPaidCents])).toEqual([
      ['deposit', 'paid', 50_000],
      ['final', 'paid', 155_675],
    ]);
    const payments = await call(w.sessions.installerA, 'GET', `/api/installerPaymentsRequest/${request.id}`);
    expect(
      (payments.json() as { payment_type: string; payment_state: string; amount_cents: number }[]).map(
        (p) => [p.payment_type, p.payment_state, p.amount_cents],
      ),
    ).toEqual([
      ['deposit', 'paid', 50_000],
      ['final', 'paid', 155_675],
    ]);
  });

  it('booking again after a reschedule keeps the one deposit invoice (idempotent per job)', async () => {
    const { request } = await w.estimate({ depositAmountCents: 50_000 });
    const first = await action(w.sessions.installerA, request.id, 'BOOK JOB', { startDate: '2025-03-12' });
    expect(first.statusCode, first.body).toBe(200);
    const rescheduled = await action(w.sessions.installerA, request.id, 'reschedule');
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    const again = await action(w.sessions.installerA, request.id, 'BOOK JOB', { startDate: '2025-03-13' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().invoices).toEqual([]);
    expect((await db.invoices(request.id)).map((i) => [i.id, i.invoiceType, i.status])).toEqual([
      [first.json().invoices[0].id, 'deposit', 'open'],
    ]);
  });

  it('a deposit invoice that cannot be created does not undo the booking: the spec’s message (M26), logged', async () => {
    // A deposit above the job total (older data): the payments service refuses to invoice it.
    const { request } = await w.estimate({ depositAmountCents: 9_000_000 });
    const res = await action(w.sessions.installerA, request.id, 'BOOK JOB', { startDate: '2025-03-12' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currentState: 'scheduled', invoices: [] });
    expect(res.json().message).toBe(paymentMessages.depositInvoiceFailedAtBooking);
    expect(await db.invoices(request.id)).toEqual([]);
    const failures = await t.database.db.query.paymentFailures.findMany({
      where: (f, { eq }) => eq(f.requestId, request.id),
    });
    expect(failures.map((f) => [f.failureType, f.failureStage])).toEqual([['invoice_creation', 'booking']]);
  });

  it('START SERVICE is refused before a required customer contract is signed (decision 10)', async () => {
    const { request, lines } = await w.dealerRequest({
      requestorDealerId: w.contractDealer.id,
      currentState: 'received',
      assignedInstallerId: w.installerA.id,
    });
    const body = { serviceId: lines[0]!.id, serviceState: 'started' };
    const refused = await call(w.sessions.installerA, 'PUT', `/api/requestServiceState/${request.id}`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cannot start a service of a request in state received before the customer contract is signed',
    );
    await createContract(t.database.db, { requestId: request.id });
    const allowed = await call(w.sessions.installerA, 'PUT', `/api/requestServiceState/${request.id}`, body);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('COMPLETE JOB is refused for a trial specialist without payment setup', async () => {
    const { request } = await w.estimate({
      requestorInstallerId: w.trialInstaller.id,
      customerId: null,
      currentState: 'started',
    });
    const res = await action(w.sessions.trial, request.id, 'completeJob');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Finish payment setup before completing jobs');
  });

  it('DELIVER (T13) and REVIEW (T14): collected with the referral COMPLETE and its bonus, then reviewed', async () => {
    const { request } = await w.dealerRequest({
      currentState: 'finished',
      assignedInstallerId: w.installerA.id,
    });
    const referral = await w.createReferral(request.id, 'PPF');
    await t.database.exec(`update referrals set bonus_cents = 0 where id = ${referral.id}`);
    const delivered = await action(w.sessions.dealer, request.id, 'deliver');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ ruleId: 'T13', currentState: 'collected' });
    expect(await db.referral(request.id)).toMatchObject({ status: 'COMPLETE', bonusCents: 10_000 });

    const noScore = await call(w.sessions.dealer, 'PUT', `/api/requestimates/requestbyID/?Id=${request.id}`, {
      currentState: 'reviewed',
    });
    expect(noScore.statusCode).toBe(400);
    expect(noScore.json().message).toBe('Choose a review score from 1 to 5 stars');
    const reviewed = await call(
      w.sessions.dealer,
      'PUT',
      `/api/requestimates/requestbyID/?Id=${request.id}`,
      {
        requestId: request.id,
        currentState: 'reviewed',
        reviewScore: 5,
        requestType: 'dealer',
      },
    );
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ currentState: 'reviewed', transition: { ruleId: 'T14' } });
    expect(await db.request(request.id)).toMatchObject({ currentState: 'reviewed', reviewScore: 5 });
    expect(await db.offerStatus(request.id, w.installerA.id)).toBe('reviewed');
  });

  it('delete (T15) by the dealer: deleted, offers deleted, calendar days removed', async () => {
    const { request } = await w.openRequest([w.installerA.id]);
    await action(w.sessions.installerA, request.id, 'accept', { startDate: '2025-03-12' });
    const res = await action(w.sessions.dealer, request.id, 'delete');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T15-dealer', currentState: 'deleted' });
    const row = await db.request(request.id);
    expect(row.currentState).toBe('deleted');
    expect(row.deletedAt).toEqual(NOW);
    expect((await db.offers(request.id)).map((o) => o.currentStatus)).toEqual(['deleted']);
    expect(await db.calendar(request.id)).toEqual([]);
    expect((await db.history(request.id)).at(-1)?.requestStatus).toBe('deleted');
  });

  it('delete (T15) by the installer of a finished estimate voids its invoice, removes payments and appointments', async () => {
    const { request } = await w.estimate({
      currentState: 'finished',
      calendar: { startDate: '2025-03-05', workStatus: 'finished', isSynced: true },
    });
    const invoice = await createInvoice(t.database.db, { requestId: request.id, status: 'open' });
    await createPayment(t.database.db, { invoiceId: invoice.id, paymentState: 'invoiced' });
    const actions = await call(w.sessions.installerA, 'GET', `/api/requestimates/${request.id}/actions`);
    expect(actions.json().needsInvoiceWarningOnDelete).toBe(true);
    const res = await action(w.sessions.installerA, request.id, 'delete');
    expect(res.statusCode, res.body).toBe(200);
    expect(await db.invoices(request.id)).toEqual([
      expect.objectContaining({ status: 'void', amountRemainingCents: 0 }),
    ]);
    const payments = await t.database.db.query.payments.findMany({
      where: (p, { eq }) => eq(p.requestId, request.id),
    });
    expect(payments).toEqual([]);
    expect(await db.calendar(request.id)).toEqual([]);
    expect((await db.outbox(request.id)).map((i) => i.kind)).toEqual(['remove-appointments']);
  });

  it('reject (T16): the caller’s offer rejected, its calendar days removed, the request unchanged', async () => {
    const { request } = await w.openRequest([w.installerA.id, w.installerB.id]);
    await action(w.sessions.installerB, request.id, 'accept', { startDate: '2025-03-12' });
    await action(w.sessions.installerA, request.id, 'accept', { startDate: '2025-03-13' });
    const res = await call(w.sessions.installerB, 'PUT', `/api/requestOffered/${request.id}`, {
      currentStatus: 'rejected',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T16', currentState: 'answered', offerState: 'accepted' });
    expect(await db.offerStatus(request.id, w.installerB.id)).toBe('rejected');
    expect((await db.calendar(request.id)).map((d) => d.installerId)).toEqual([
      w.installerA.id,
      w.installerA.id,
    ]);
    const again = await action(w.sessions.installerB, request.id, 'reject');
    expect(again.statusCode).toBe(403); // a rejected offer no longer ties B to the request
  });

  it('transfer (T17) within the installer group: candidates, then the job, its offer and days move', async () => {
    const candidates = await call(w.sessions.installerA, 'GET', `/api/installerGroup/${w.installerA.id}`);
    expect(candidates.json()).toEqual([
      { Installer_id: w.installerA2.id, Installer_Name: 'Elite Film North' },
    ]);
    expect(
      (await call(w.sessions.installerB, 'GET', `/api/installerGroup/${w.installerB.id}`)).json(),
    ).toEqual([]);
    expect(
      (await call(w.sessions.installerB, 'GET', `/api/installerGroup/${w.installerA.id}`)).statusCode,
    ).toBe(403);

    const { request } = await w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: w.installerA.id,
      calendar: { startDate: '2025-03-12', workStatus: 'draft' },
    });
    const res = await call(w.sessions.installerA, 'POST', '/api/transfer/internal', {
      requestId: request.id,
      fromInstaller: w.installerA.id,
      toInstaller: w.installerA2.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Job transferred to Elite Film North.',
      requestId: request.id,
      assignedTo: w.installerA2.id,
    });
    expect((await db.request(request.id)).assignedInstallerId).toBe(w.installerA2.id);
    expect((await db.offers(request.id)).map((o) => o.installerId)).toEqual([w.installerA2.id]);
    expect((await db.calendar(request.id)).every((d) => d.installerId === w.installerA2.id)).toBe(true);
    expect((await db.history(request.id)).at(-1)?.requestStatus).toBe('transferred');

    const outside = await call(w.sessions.installerA2, 'POST', '/api/transfer', {
      requestId: request.id,
      toInstaller: w.installerB.id,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(`Installer ${w.installerB.id} is not in your installer group`);
    const notMine = await call(w.sessions.installerB, 'POST', '/api/transfer/internal', {
      requestId: request.id,
      fromInstaller: w.installerA2.id,
      toInstaller: w.installerA.id,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('setDeposit through the generic update: the deposit rules, locked once a deposit invoice exists', async () => {
    const { request } = await w.estimate();
    const url = `/api/requestimates/requestbyID/?Id=${request.id}`;
    const over = await call(w.sessions.installerA, 'PUT', url, { depositAmount: 5000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Deposit cannot exceed the job total');
    const res = await call(w.sessions.installerA, 'PUT', url, { deposit_amount: '250.50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ transition: { ruleId: 'A26', currentState: 'new' } });
    expect((await db.request(request.id)).depositAmountCents).toBe(25_050);
    await createInvoice(t.database.db, { requestId: request.id, invoiceType: 'deposit', status: 'open' });
    const locked = await call(w.sessions.installerA, 'PUT', url, { depositAmount: 0 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      'Cannot remove deposit - invoices already created. Contact support if needed.',
    );
    await action(w.sessions.installerA, request.id, 'book', { startDate: '2025-03-12' });
    const booked = await call(w.sessions.installerA, 'PUT', url, { depositAmount: 100 });
    expect(booked.json().message).toBe('Cannot set a deposit on a request in state scheduled');
  });

  it('the generic update refuses changes to stored fields, unknown fields and two changes at once', async () => {
    const { request } = await w.estimate();
    const url = `/api/requestimates/requestbyID/?Id=${request.id}`;
    const total = await call(w.sessions.installerA, 'PUT', url, { requestTotal: 1, requestTaxes: 156.75 });
    expect(total.statusCode).toBe(400);
    expect(total.json().message).toBe('These fields cannot be changed by this call: requestTotal');
    const unknown = await call(w.sessions.installerA, 'PUT', url, { sneaky: true });
    expect(unknown.statusCode).toBe(400);
    const two = await call(w.sessions.installerA, 'PUT', url, { currentState: 'deleted', depositAmount: 10 });
    expect(two.json().message).toBe('Change one thing at a time: currentState deleted, depositAmount');
    const echo = await call(w.sessions.installerA, 'PUT', url, {
      requestId: request.id,
      requestTotal: 1900,
      requestTaxes: 156.75,
      requestDuration: 2,
      availableDate: '2025/03/10 15:00:00',
      notes: 'Customer prefers mornings',
      dealerName: 'ignored',
    });
    expect(echo.statusCode, echo.body).toBe(200);
    expect(echo.json()).toMatchObject({ noteAdded: true, transition: null, version: request.version + 1 });
  });

  // -------------------------------------------------------------------------------------------------
  // Refusals: each transition for the wrong role, another company, ASSIST and a wrong state.

  type Setup = () => Promise<{ id: number; serviceId: number }>;
  type Row = {
    name: string;
    allowed: () => Session;
    wrongRole: () => Session;
    /** False when the wrong role may not even see the request (an estimate for a dealer): then it is 404. */
    canWrongRoleSeeIt?: boolean;
    otherCompany: () => Session;
    assist: () => Session;
    /** A request in a state the action cannot start from, and the message that names both. */
    wrongState: Setup;
    wrongStateMessage: string;
    send: (who: Session, id: number, serviceId: number) => ReturnType<ReturnType<typeof caller>>;
  };
  const firstLine = (created: { request: { id: number }; lines: { id: number }[] }) => ({
    id: created.request.id,
    serviceId: created.lines[0]!.id,
  });
  const rows: Row[] = [
    {
      name: 'accept (PUT /requestOffered)',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () =>
        firstLine(await w.dealerRequest({ currentState: 'scheduled', assignedInstallerId: w.installerA.id })),
      wrongStateMessage: 'Cannot accept a request in state scheduled',
      send: (who, id) =>
        call(who, 'PUT', `/api/requestOffered/${id}`, { currentStatus: 'accepted', startDate: '2025-03-12' }),
    },
    {
      name: 'claim (POST /dashboard/claim)',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () =>
        firstLine(await w.dealerRequest({ currentState: 'received', assignedInstallerId: w.installerA.id })),
      wrongStateMessage: 'Cannot claim a request in state received',
      send: (who, id) =>
        call(who, 'POST', `/api/dashboard/claim/${id}`, {
          installerId: who.companyId,
          startDate: '2025-03-12',
        }),
    },
    {
      name: 'assign',
      allowed: () => w.sessions.dealer,
      wrongRole: () => w.sessions.installerA,
      otherCompany: () => w.sessions.otherDealer,
      assist: () => w.sessions.dealerAssist,
      wrongState: async () => firstLine(await w.openRequest([w.installerA.id])),
      wrongStateMessage: 'Cannot assign a request in state new',
      send: (who, id) => action(who, id, 'assign', { installerId: w.installerA.id }),
    },
    {
      name: 'BOOK JOB',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'scheduled' })),
      wrongStateMessage: 'Cannot book a request in state scheduled',
      send: (who, id) => action(who, id, 'book', { startDate: '2025-03-12' }),
    },
    {
      name: 'JOB COMPLETED',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'scheduled' })),
      wrongStateMessage: 'Cannot complete an estimate in state scheduled',
      send: (who, id) => action(who, id, 'completeEstimate'),
    },
    {
      name: 'CHECK IN',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'new' })),
      wrongStateMessage: 'Cannot check in a request in state new',
      send: (who, id) => action(who, id, 'checkIn', { vin: VALID_VIN }),
    },
    {
      name: 'RESCHEDULE',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'received' })),
      wrongStateMessage: 'Cannot reschedule a request in state received',
      send: (who, id) => call(who, 'PUT', `/api/requestOffered/${id}`, { currentStatus: 'offered' }),
    },
    {
      name: 'START SERVICE',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'scheduled' })),
      wrongStateMessage: 'Cannot start a service of a request in state scheduled',
      send: (who, id, serviceId) =>
        call(who, 'PUT', `/api/requestServiceState/${id}`, { serviceId, serviceState: 'started' }),
    },
    {
      name: 'FINISH SERVICE',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'received' })),
      wrongStateMessage: 'Cannot finish a service of a request in state received',
      send: (who, id, serviceId) =>
        call(who, 'PUT', `/api/requestServiceState/${id}`, { serviceId, serviceState: 'finished' }),
    },
    {
      name: 'set deposit (PUT /requestimates/requestbyID/)',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'scheduled' })),
      wrongStateMessage: 'Cannot set a deposit on a request in state scheduled',
      send: (who, id) => call(who, 'PUT', `/api/requestimates/requestbyID/?Id=${id}`, { depositAmount: 10 }),
    },
    {
      name: 'COMPLETE JOB',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'received' })),
      wrongStateMessage: 'Cannot complete a job in state received',
      send: (who, id) => call(who, 'PUT', `/api/requestAllService/${id}`),
    },
    {
      name: 'DELIVER',
      allowed: () => w.sessions.dealer,
      wrongRole: () => w.sessions.installerB,
      canWrongRoleSeeIt: false,
      otherCompany: () => w.sessions.otherDealer,
      assist: () => w.sessions.dealerAssist,
      wrongState: async () =>
        firstLine(await w.dealerRequest({ currentState: 'started', assignedInstallerId: w.installerA.id })),
      wrongStateMessage: 'Cannot deliver a request in state started',
      send: (who, id) => action(who, id, 'deliver'),
    },
    {
      name: 'REVIEW',
      allowed: () => w.sessions.dealer,
      wrongRole: () => w.sessions.installerA,
      otherCompany: () => w.sessions.otherDealer,
      assist: () => w.sessions.dealerAssist,
      wrongState: async () =>
        firstLine(await w.dealerRequest({ currentState: 'finished', assignedInstallerId: w.installerA.id })),
      wrongStateMessage: 'Cannot review a request in state finished',
      send: (who, id) => action(who, id, 'review', { reviewScore: 4 }),
    },
    {
      name: 'delete',
      allowed: () => w.sessions.dealer,
      wrongRole: () => w.sessions.installerA,
      otherCompany: () => w.sessions.otherDealer,
      assist: () => w.sessions.dealerAssist,
      wrongState: async () =>
        firstLine(await w.dealerRequest({ currentState: 'started', assignedInstallerId: w.installerA.id })),
      wrongStateMessage: 'Cannot delete a request in state started',
      send: (who, id) => action(who, id, 'delete'),
    },
    {
      name: 'reject',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () =>
        firstLine(
          await w.dealerRequest({
            currentState: 'finished',
            assignedInstallerId: w.installerA.id,
          }),
        ),
      wrongStateMessage: 'Cannot reject a request in state finished',
      send: (who, id) => call(who, 'PUT', `/api/requestOffered/${id}`, { currentStatus: 'rejected' }),
    },
    {
      name: 'transfer',
      allowed: () => w.sessions.installerA,
      wrongRole: () => w.sessions.dealer,
      otherCompany: () => w.sessions.installerC,
      assist: () => w.sessions.installerAAssist,
      wrongState: async () => firstLine(await w.estimate({ currentState: 'scheduled' })),
      wrongStateMessage: 'Cannot transfer a request in state scheduled',
      send: (who, id) => call(who, 'POST', '/api/transfer', { requestId: id, toInstaller: w.installerA2.id }),
    },
  ];

  /** A request each row's allowed caller may act on (the happy paths above prove the effects). */
  const validSetup: Record<string, Setup> = {
    'accept (PUT /requestOffered)': async () => firstLine(await w.openRequest([w.installerA.id])),
    'claim (POST /dashboard/claim)': async () => firstLine(await w.openRequest([w.installerA.id])),
    assign: async () =>
      firstLine(
        await w.dealerRequest({
          currentState: 'answered',
          assignedInstallerId: null,
          offers: [
            {
              installerId: w.installerA.id,
              currentStatus: 'accepted',
              startDate: new Date('2025-03-12T08:00:00Z'),
            },
          ],
        }),
      ),
    'BOOK JOB': async () => firstLine(await w.estimate()),
    'JOB COMPLETED': async () => firstLine(await w.estimate()),
    'CHECK IN': async () => firstLine(await w.estimate({ currentState: 'scheduled' })),
    RESCHEDULE: async () => firstLine(await w.estimate({ currentState: 'scheduled' })),
    'START SERVICE': async () => firstLine(await w.estimate({ currentState: 'received' })),
    'COMPLETE JOB': async () => firstLine(await w.estimate({ currentState: 'started' })),
    'FINISH SERVICE': async () => {
      const created = await w.estimate({ currentState: 'started' });
      await t.database.exec(
        `update request_services set service_state = 'started' where id = ${created.lines[0]!.id}`,
      );
      return firstLine(created);
    },
    'set deposit (PUT /requestimates/requestbyID/)': async () => firstLine(await w.estimate()),
    DELIVER: async () =>
      firstLine(await w.dealerRequest({ currentState: 'finished', assignedInstallerId: w.installerA.id })),
    REVIEW: async () =>
      firstLine(await w.dealerRequest({ currentState: 'collected', assignedInstallerId: w.installerA.id })),
    delete: async () =>
      firstLine(await w.dealerRequest({ currentState: 'new', assignedInstallerId: w.installerA.id })),
    reject: async () => firstLine(await w.openRequest([w.installerA.id])),
    transfer: async () => firstLine(await w.estimate()),
  };

  describe.each(rows.map((row) => [row.name, row] as const))('%s', (name, row) => {
    it('succeeds for the allowed role', async () => {
      const { id, serviceId } = await validSetup[name]!();
      const res = await row.send(row.allowed(), id, serviceId);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('is refused for the wrong role (403, or 404 when it may not see the request)', async () => {
      const { id, serviceId } = await validSetup[name]!();
      const res = await row.send(row.wrongRole(), id, serviceId);
      const [status, code] = row.canWrongRoleSeeIt === false ? [404, 'NOT_FOUND'] : [403, 'FORBIDDEN'];
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    });

    it('does not exist for another company (404, issue 19)', async () => {
      const { id, serviceId } = await validSetup[name]!();
      const res = await row.send(row.otherCompany(), id, serviceId);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: `Request ${id} does not exist` });
    });

    it('is refused for ASSIST (403)', async () => {
      const { id, serviceId } = await validSetup[name]!();
      const res = await row.send(row.assist(), id, serviceId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Your access level (ASSIST) is read-only.' });
    });

    it('is refused in a wrong state (409) with a message naming the state and the action', async () => {
      const { id, serviceId } = await row.wrongState();
      const res = await row.send(row.allowed(), id, serviceId);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain(row.wrongStateMessage);
    });
  });

  it('a refused transition changes nothing (request, version, history)', async () => {
    const { request } = await w.estimate({ currentState: 'scheduled' });
    const before = await db.history(request.id);
    const res = await action(w.sessions.installerA, request.id, 'completeJob');
    expect(res.statusCode).toBe(409);
    expect(await db.request(request.id)).toMatchObject({
      currentState: 'scheduled',
      version: request.version,
    });
    expect(await db.history(request.id)).toEqual(before);
  });

  it('unknown actions, a missing request and fields of another action are refused', async () => {
    const { request } = await w.estimate();
    expect((await action(w.sessions.installerA, request.id, 'explode')).statusCode).toBe(400);
    expect(
      (await action(w.sessions.installerA, 2_000_000, 'book', { startDate: '2025-03-12' })).statusCode,
    ).toBe(404);
    const extra = await action(w.sessions.installerA, request.id, 'book', {
      startDate: '2025-03-12',
      vin: VALID_VIN,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('GET …/actions lists exactly the buttons the server accepts, with the enabling rules', async () => {
    const { request, lines } = await w.estimate({ currentState: 'received' });
    const url = `/api/requestimates/${request.id}/actions`;
    const res = await call(w.sessions.installerA, 'GET', `${url}?serviceId=${lines[0]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ requestId: request.id, currentState: 'received', version: request.version });
    expect(body.actions).toEqual(expect.arrayContaining(['startService', 'delete']));
    expect(body.buttons).toContainEqual({ action: 'startService', label: 'START SERVICE', isEnabled: true });
    expect(body.actions).not.toContain('checkIn');

    const scheduled = await w.estimate({ currentState: 'scheduled' });
    const vinless = await call(
      w.sessions.installerA,
      'GET',
      `/api/requestimates/${scheduled.request.id}/actions`,
    );
    expect(vinless.json().buttons).toContainEqual({
      action: 'checkIn',
      label: 'CHECK IN',
      isEnabled: false,
      disabledReason: 'Enter a valid VIN to check in',
    });
    const withVin = await call(
      w.sessions.installerA,
      'GET',
      `/api/requestimates/${scheduled.request.id}/actions?vin=${VALID_VIN}`,
    );
    expect(withVin.json().buttons).toContainEqual({ action: 'checkIn', label: 'CHECK IN', isEnabled: true });

    const assist = await call(w.sessions.installerAAssist, 'GET', url);
    expect(assist.json().actions).toEqual([]);
    expect((await call(w.sessions.installerC, 'GET', url)).statusCode).toBe(404);
  });
});
