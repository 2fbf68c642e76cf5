import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createVehicle } from '../../db/factories/vehicles';
import { NOW, startLifecycleSuite, VALID_VIN } from './lifecycle.fixture';

/**
 * Each transition of 000 §4 from an open request to the job on the calendar (accept, claim, assign, BOOK JOB,
 * JOB COMPLETED, CHECK IN, RESCHEDULE) through its documented call by the allowed role, with everything it
 * changes. The refusals are in lifecycle.transitions.refusals.int.test.ts.
 */
describe('lifecycle transitions: booking', () => {
  const suite = useSuite(startLifecycleSuite);

  it('accept (T4): PUT /requestOffered with a date → answered, offer accepted, calendar pending', async () => {
    const { request } = await suite.w.openRequest([suite.w.installerA.id, suite.w.installerB.id]);
    const res = await suite.call(suite.w.sessions.installerB, 'PUT', `/api/requestOffered/${request.id}`, {
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
    expect((await suite.db.request(request.id)).currentState).toBe('answered');
    const offers = await suite.db.offers(request.id);
    expect(offers.map((o) => [o.installerId, o.currentStatus])).toEqual([
      [suite.w.installerA.id, 'offered'],
      [suite.w.installerB.id, 'accepted'],
    ]);
    expect(offers[1]?.startDate?.toISOString()).toBe('2025-03-12T08:00:00.000Z');
    expect(offers[1]?.endDate?.toISOString()).toBe('2025-03-13T08:00:00.000Z');
    expect(await suite.db.calendar(request.id)).toEqual([
      expect.objectContaining({
        installerId: suite.w.installerB.id,
        workDate: '2025-03-12',
        workStatus: 'pending',
      }),
      expect.objectContaining({
        installerId: suite.w.installerB.id,
        workDate: '2025-03-13',
        workStatus: 'pending',
      }),
    ]);
    expect((await suite.db.history(request.id)).at(-1)).toMatchObject({
      requestStatus: 'answered',
      changedByUserId: suite.w.users.installerB.id,
      changedByUserType: 'installer',
      stateDate: NOW,
    });
  });

  it('claim (T5): POST /dashboard/claim books an open request in one step, with its effects', async () => {
    const { request } = await suite.w.openRequest([suite.w.installerA.id, suite.w.installerB.id]);
    await suite.w.createReferral(request.id);
    const res = await suite.call(suite.w.sessions.installerA, 'POST', `/api/dashboard/claim/${request.id}`, {
      installerId: suite.w.installerA.id,
      startDate: '2025-03-12',
      endDate: '2025/03/13 00:00:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      action: 'claim',
      currentState: 'scheduled',
      assignedTo: suite.w.installerA.id,
      offerState: 'scheduled',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-04-30' },
    });
    const row = await suite.db.request(request.id);
    expect(row).toMatchObject({ currentState: 'scheduled', assignedInstallerId: suite.w.installerA.id });
    expect(row.dueDate?.toISOString()).toBe('2025-04-30T10:00:00.000Z'); // the dealer's due date stays
    expect(await suite.db.offerStatus(request.id, suite.w.installerA.id)).toBe('scheduled');
    expect(await suite.db.offerStatus(request.id, suite.w.installerB.id)).toBe('offered');
    const days = await suite.db.calendar(request.id);
    expect(days.map((d) => [d.workDate, d.workStatus, d.locationId])).toEqual([
      ['2025-03-12', 'booked', suite.w.locationA.id],
      ['2025-03-13', 'booked', suite.w.locationA.id],
    ]);
    expect(await suite.db.schedule(request.id)).toMatchObject({
      installerId: suite.w.installerA.id,
      installerCapacity: 4, // the location's capacity overrides the installer's 3
      startDate: new Date('2025-03-12T08:00:00.000Z'),
      endDate: new Date('2025-03-13T08:00:00.000Z'),
    });
    expect((await suite.db.referral(request.id))?.status).toBe('SCHEDULED');
    const items = await suite.db.outbox(request.id);
    expect(items.map((i) => [i.channel, i.kind])).toEqual([
      ['email', 'booking-confirmation'],
      ['calendar', 'add-appointment'],
    ]);
    expect(items[0]?.payload).toMatchObject({ to: 'sunrise@dealers.test' });
    expect((items[0]!.payload as { text: string }).text).toContain('Elite Film');
    expect((await suite.db.history(request.id)).at(-1)).toMatchObject({
      requestStatus: 'scheduled',
      changedByUserId: suite.w.users.installerA.id,
    });

    // The calendar appointment is delivered by the outbox: the days get the event id.
    await suite.t.app.outbox.worker.runOnce();
    expect((await suite.db.calendar(request.id)).every((d) => d.eventId?.startsWith('local-outbox-'))).toBe(
      true,
    );
    const deliveries = await suite.call(
      suite.w.sessions.installerA,
      'GET',
      `/api/outbox/request/${request.id}`,
    );
    expect(deliveries.json().items.map((i: { status: string }) => i.status)).toEqual(['sent', 'sent']);
  });

  it('assign (T6): the dealer ASSIGNs an installer whose offer is accepted → scheduled, booked, others removed', async () => {
    const { request } = await suite.w.openRequest([suite.w.installerA.id, suite.w.installerB.id]);
    await suite.w.createReferral(request.id);
    for (const [who, date] of [
      [suite.w.sessions.installerA, '2025-03-14'],
      [suite.w.sessions.installerB, '2025-03-12'],
    ] as const) {
      const res = await suite.action(who, request.id, 'accept', { startDate: date });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await suite.action(suite.w.sessions.dealer, request.id, 'assign', {
      installerId: suite.w.installerB.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ruleId: 'T6',
      currentState: 'scheduled',
      assignedTo: suite.w.installerB.id,
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13' },
    });
    expect(await suite.db.offerStatus(request.id, suite.w.installerB.id)).toBe('scheduled');
    const days = await suite.db.calendar(request.id);
    expect(days.map((d) => [d.installerId, d.workDate, d.workStatus])).toEqual([
      [suite.w.installerB.id, '2025-03-12', 'booked'],
      [suite.w.installerB.id, '2025-03-13', 'booked'],
    ]);
    expect(await suite.db.schedule(request.id)).toMatchObject({
      installerId: suite.w.installerB.id,
      installerCapacity: 8,
    });
    expect((await suite.db.referral(request.id))?.status).toBe('SCHEDULED');
    expect((await suite.db.history(request.id)).at(-1)).toMatchObject({
      requestStatus: 'scheduled',
      changedByUserType: 'dealer',
      changedByUserId: suite.w.users.dealer.id,
    });
  });

  it('BOOK JOB (T7) on an estimate with a deposit: due = end, deposit invoice, appointment, booking e-mail', async () => {
    const { request } = await suite.w.estimate({ depositAmountCents: 50_000 });
    const res = await suite.action(suite.w.sessions.installerA, request.id, 'BOOK JOB', {
      startDate: '2025-03-12',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ruleId: 'T7-estimate',
      currentState: 'scheduled',
      schedule: { startDate: '2025-03-12', endDate: '2025-03-13', dueDate: '2025-03-13' },
      invoices: [{ invoiceType: 'deposit', status: 'open', amount_due: 50_000 }],
    });
    // Elite Film's own series (decision 009).
    expect(body.invoices[0].number).toMatch(/^EF-\d+$/);
    expect((await suite.db.request(request.id)).dueDate?.toISOString()).toBe('2025-03-13T08:00:00.000Z');
    const [invoice] = await suite.db.invoices(request.id);
    expect(invoice).toMatchObject({
      invoiceType: 'deposit',
      status: 'open',
      amountDueCents: 50_000,
      amountRemainingCents: 50_000,
      installerId: suite.w.installerA.id,
      customerId: suite.w.customer.id,
      customerEmail: 'rita@example.test',
      metadata: {
        payment_type: 'deposit',
        request_id: String(request.id),
        installer_id: String(suite.w.installerA.id),
      },
    });
    expect(invoice?.taxCents).toBeGreaterThan(0);
    const items = await suite.db.outbox(request.id);
    // The deposit invoice is opened by the payments service (pay link, e-mail), before the booking e-mail.
    expect(items.map((i) => [i.channel, i.kind])).toEqual([
      ['email', 'invoice'],
      ['email', 'booking-confirmation'],
      ['calendar', 'add-appointment'],
    ]);
    expect(items[1]?.payload).toMatchObject({ to: 'rita@example.test' });
    expect((await suite.db.calendar(request.id)).map((d) => d.workStatus)).toEqual(['booked', 'booked']);

    // The booking e-mail call does not send it twice for the same booking.
    const again = await suite.call(suite.w.sessions.installerA, 'GET', `/api/sendemailb/${request.id}`);
    expect(again.json()).toEqual({ success: true, message: 'Booking e-mail queued.' });
    expect((await suite.db.outbox(request.id)).filter((i) => i.kind === 'booking-confirmation')).toHaveLength(
      1,
    );
  });

  it('BOOK JOB lays the job out as one calendar row per service line and day (decision 022)', async () => {
    const { request } = await suite.w.estimate({
      lines: [
        { serviceCategory: 'PPF', description: 'Full Front PPF', amountCents: 150_000, durationTenths: 15 },
        {
          serviceCategory: 'Glass/Tint',
          description: 'Window Tint',
          amountCents: 40_000,
          durationTenths: 10,
        },
      ],
    });
    const res = await suite.action(suite.w.sessions.installerA, request.id, 'BOOK JOB', {
      startDate: '2025-03-12',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().schedule).toMatchObject({ startDate: '2025-03-12', endDate: '2025-03-14' });
    const [ppf, tint] = await suite.db.services(request.id);
    // PPF takes day 1 and half of day 2; tint the other half of day 2 and half of day 3.
    expect(await suite.db.calendarLines(request.id)).toEqual([
      ['2025-03-12', ppf?.id, 10, 'booked'],
      ['2025-03-13', ppf?.id, 5, 'booked'],
      ['2025-03-13', tint?.id, 5, 'booked'],
      ['2025-03-14', tint?.id, 5, 'booked'],
    ]);
  });

  it('BOOK JOB (T7) on a dealer job assigned to the caller keeps the dealer’s due date; no deposit invoice', async () => {
    const { request } = await suite.w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: suite.w.installerB.id,
    });
    const res = await suite.call(
      suite.w.sessions.installerB,
      'PUT',
      `/api/requestoffered/state/${request.id}`,
      {
        offerState: 'scheduled',
        startDate: '2025-03-17',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ruleId: 'T7-dealer',
      schedule: { startDate: '2025-03-17', endDate: '2025-03-18', dueDate: '2025-04-30' },
      invoices: [],
    });
    // Installer B has no linked calendar: no appointment.
    expect((await suite.db.outbox(request.id)).map((i) => i.kind)).toEqual(['booking-confirmation']);
  });

  it('BOOK JOB refuses a start date outside the picker (400) and a date in the past', async () => {
    const { request } = await suite.w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: suite.w.installerB.id,
    });
    const late = await suite.action(suite.w.sessions.installerB, request.id, 'book', {
      startDate: '2025-04-30',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Start date 2025-04-30 is after the latest allowed date 2025-04-29');
    const past = await suite.action(suite.w.sessions.installerB, request.id, 'book', {
      startDate: '2025-03-09',
    });
    expect(past.json().message).toBe('Start date 2025-03-09 is before the earliest allowed date 2025-03-10');
    const bad = await suite.action(suite.w.sessions.installerB, request.id, 'book', { startDate: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('JOB COMPLETED (T8) on an estimate: finished, services finished, final invoice, go to /pickups', async () => {
    const { request } = await suite.w.estimate();
    await suite.w.createReferral(request.id, 'Glass/Tint');
    const res = await suite.call(suite.w.sessions.installerA, 'PUT', `/api/requestAllService/${request.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ruleId: 'T8',
      currentState: 'finished',
      redirectTo: '/pickups',
      invoices: [{ invoiceType: 'final', status: 'open', amount_due: 205_675 }],
    });
    expect((await suite.db.services(request.id)).map((s) => s.serviceState)).toEqual([
      'finished',
      'finished',
    ]);
    const row = await suite.db.request(request.id);
    expect(row.invoiceNumber).toBe(res.json().invoices[0].number);
    expect(row.customerFacingInvoice).toBe(row.invoiceNumber);
    expect((await suite.db.referral(request.id))?.status).toBe('FINISHED');
    expect(await suite.db.offerStatus(request.id, suite.w.installerA.id)).toBe('finished');
  });

  it('CHECK IN (T9) with a valid VIN replaces the NV placeholder on the request and the vehicle', async () => {
    const vehicle = await createVehicle(suite.t.database.db, { vin: 'NV1741600000000' });
    const { request } = await suite.w.dealerRequest({
      currentState: 'scheduled',
      assignedInstallerId: suite.w.installerA.id,
      vehicleId: vehicle.id,
      calendar: { startDate: '2025-03-12', workStatus: 'booked' },
    });
    await suite.w.createReferral(request.id);
    const invalid = await suite.action(suite.w.sessions.installerA, request.id, 'checkIn', {
      vin: '1HGCM82633A00435I',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Enter a valid VIN to check in');

    const res = await suite.action(suite.w.sessions.installerA, request.id, 'checkIn', {
      vin: ` ${VALID_VIN.toLowerCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T9', currentState: 'received' });
    expect((await suite.db.request(request.id)).vin).toBe(VALID_VIN);
    const [v] = await suite.t.database.db.query.vehicles.findMany({
      where: (x, { eq }) => eq(x.id, vehicle.id),
    });
    expect(v?.vin).toBe(VALID_VIN);
    expect((await suite.db.referral(request.id))?.status).toBe('RECEIVED');
    expect(await suite.db.offerStatus(request.id, suite.w.installerA.id)).toBe('received');
  });

  it('CHECK IN refuses a VIN that differs from a real VIN on file', async () => {
    const { request } = await suite.w.dealerRequest({
      currentState: 'scheduled',
      assignedInstallerId: suite.w.installerA.id,
      vin: '2T1BURHE0JC000001',
    });
    const res = await suite.action(suite.w.sessions.installerA, request.id, 'checkIn', { vin: VALID_VIN });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('does not match');
    expect((await suite.db.request(request.id)).currentState).toBe('scheduled');
  });

  it('RESCHEDULE (T10): back to new, offer offered, calendar draft, appointments removed, history rescheduled', async () => {
    const { request } = await suite.w.dealerRequest({
      currentState: 'scheduled',
      assignedInstallerId: suite.w.installerA.id,
      calendar: { startDate: '2025-03-12', workStatus: 'booked', isSynced: true },
    });
    const res = await suite.call(suite.w.sessions.installerA, 'PUT', `/api/requestOffered/${request.id}`, {
      currentStatus: 'offered',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T10', currentState: 'new', offerState: 'offered' });
    expect(await suite.db.offerStatus(request.id, suite.w.installerA.id)).toBe('offered');
    const days = await suite.db.calendar(request.id);
    expect(days.every((d) => d.workStatus === 'draft' && d.eventId === null)).toBe(true);
    const [removal] = await suite.db.outbox(request.id);
    expect(removal).toMatchObject({ channel: 'calendar', kind: 'remove-appointments' });
    expect((removal!.payload as { eventIds: string[] }).eventIds.length).toBeGreaterThan(0);
    expect((await suite.db.history(request.id)).at(-1)?.requestStatus).toBe('rescheduled');

    // Still assigned to A, so BOOK JOB applies again.
    const rebook = await suite.action(suite.w.sessions.installerA, request.id, 'book', {
      startDate: '2025-03-20',
    });
    expect(rebook.statusCode, rebook.body).toBe(200);
    expect((await suite.db.calendar(request.id)).map((d) => [d.workDate, d.workStatus])).toEqual([
      ['2025-03-20', 'booked'],
      ['2025-03-21', 'booked'],
    ]);
  });
});
