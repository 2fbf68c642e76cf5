import { blockedDaysMessages as m } from '@app/contracts/blocked-days.contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { calendarBlockedDays, calendarDays } from '../../db/schema/calendar';
import { startLifecycleSuite } from '../lifecycle/lifecycle.fixture';

/**
 * A blocked day (row 66) has no capacity: availability skips it (rows 48, 49), the drop-off picker's read
 * marks it (row 64), and accept, claim, BOOK JOB and /schedule/ refuse work days that include it (409).
 * Today is 2025-03-10; installer B closes 2025-03-18. The dealer requests have two one-day lines.
 */
describe('blocked days are refused by availability, bookings, schedules and claims', () => {
  const s = useSuite(startLifecycleSuite);
  const CLOSED = '2025-03-18';
  const refusal = m.bookingOnBlockedDay(CLOSED, 'Inventory');

  beforeAll(async () => {
    const res = await s.call(
      s.w.sessions.installerB,
      'POST',
      `/api/installerBlockedCalendars/${s.w.installerB.id}`,
      {
        workDate: CLOSED,
        reason: 'Inventory',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('row 48: canFit is false over the closed day and nextStart is the day after it', async () => {
    const { request } = await s.w.openRequest([s.w.installerB.id]);
    const url = `/api/availability/${s.w.installerB.id}/${request.id}`;
    const over = await s.call(s.w.sessions.installerB, 'GET', `${url}?checkDate=2025-03-17`);
    expect(over.statusCode, over.body).toBe(200);
    expect(over.json()).toMatchObject({ canFit: false, nextStart: '2025-03-19' });
    const before = await s.call(s.w.sessions.installerB, 'GET', `${url}?checkDate=2025-03-15`);
    expect(before.json()).toMatchObject({ canFit: true, nextStart: '2025-03-15' });
  });

  it('row 49: the requested date is kept, nextStart skips the closed day', async () => {
    const res = await s.call(
      s.w.sessions.installerB,
      'GET',
      `/api/availability/${s.w.installerB.id}?duration=1&checkDate=${CLOSED}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requestedDate: CLOSED, nextStart: '2025-03-19' });
  });

  it('row 64: the drop-off picker’s read lists the closed day as blocked and closed', async () => {
    const res = await s.call(s.w.sessions.installerB, 'GET', `/api/installerCalendars/${s.w.installerB.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      workDate: CLOSED,
      capacity: 0,
      installerCapacity: 8,
      blocked: true,
      closed: true,
    });
  });

  it('accept (T4) with work days over the closed day: 409, nothing changes', async () => {
    const { request } = await s.w.openRequest([s.w.installerB.id]);
    const res = await s.call(s.w.sessions.installerB, 'PUT', `/api/requestOffered/${request.id}`, {
      currentStatus: 'accepted',
      startDate: '2025-03-17',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: refusal,
      details: { blockedDays: [CLOSED] },
    });
    expect((await s.db.request(request.id)).currentState).toBe('new');
    expect(await s.db.calendar(request.id)).toEqual([]);
  });

  it('claim (T5) on the closed day: 409; the day after: booked', async () => {
    const { request } = await s.w.openRequest([s.w.installerB.id]);
    const claim = (startDate: string) =>
      s.call(s.w.sessions.installerB, 'POST', `/api/dashboard/claim/${request.id}`, {
        installerId: s.w.installerB.id,
        startDate,
      });
    const refused = await claim(CLOSED);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(refusal);
    expect((await s.db.request(request.id)).currentState).toBe('new');
    const ok = await claim('2025-03-19');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await s.db.calendar(request.id)).map((d) => d.workDate)).toEqual(['2025-03-19', '2025-03-20']);
  });

  it('BOOK JOB (T7) over the closed day: 409; /schedule/ onto it: 409; elsewhere both work', async () => {
    const { request } = await s.w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: s.w.installerB.id,
    });
    const refused = await s.action(s.w.sessions.installerB, request.id, 'book', { startDate: '2025-03-17' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(refusal);
    expect(await s.db.schedule(request.id)).toBeNull();

    const booked = await s.action(s.w.sessions.installerB, request.id, 'book', { startDate: '2025-03-20' });
    expect(booked.statusCode, booked.body).toBe(200);

    const schedule = (startDate: string) =>
      s.call(s.w.sessions.installerB, 'PUT', '/api/schedule/', {
        installerId: s.w.installerB.id,
        requestId: request.id,
        startDate,
      });
    const onto = await schedule('2025-03-18');
    expect(onto.statusCode, onto.body).toBe(409);
    expect(onto.json().message).toBe(refusal);
    expect((await s.db.calendar(request.id)).map((d) => d.workDate)).toEqual(['2025-03-20', '2025-03-21']);
    const moved = await schedule('2025-03-24');
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await s.db.calendar(request.id)).map((d) => d.workDate)).toEqual(['2025-03-24', '2025-03-25']);
  });

  it('blocking a day and booking onto it at the same moment: exactly one of them wins, never both', async () => {
    // Ten pairs, each a BOOK JOB of a two-day job and a block of its second day, sent together.
    const days = Array.from({ length: 10 }, (_, i) => `2025-04-${String(1 + 3 * i).padStart(2, '0')}`);
    const nextDay = (day: string) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const requests = await Promise.all(
      days.map(
        async () =>
          (await s.w.dealerRequest({ currentState: 'new', assignedInstallerId: s.w.installerB.id })).request,
      ),
    );
    const outcomes = await Promise.all(
      days.map(async (day, i) => {
        const [booked, blocked] = await Promise.all([
          s.action(s.w.sessions.installerB, requests[i]!.id, 'book', { startDate: day }),
          s.call(s.w.sessions.installerB, 'POST', `/api/installerBlockedCalendars/${s.w.installerB.id}`, {
            workDate: nextDay(day),
            reason: 'Training',
          }),
        ]);
        return { booked: booked.statusCode, blocked: blocked.statusCode };
      }),
    );
    // Whichever commits first wins; the other is refused with 409 (a booking refused, or a block naming it).
    expect(outcomes).toEqual(
      outcomes.map((o) => (o.booked === 200 ? { booked: 200, blocked: 409 } : { booked: 409, blocked: 201 })),
    );
    // What the database holds agrees: no blocked day of installer B carries committed work.
    const clash = await s.t.database.db
      .select({ day: calendarDays.workDate, requestId: calendarDays.requestId })
      .from(calendarBlockedDays)
      .innerJoin(
        calendarDays,
        and(
          eq(calendarDays.installerId, calendarBlockedDays.installerId),
          eq(calendarDays.workDate, calendarBlockedDays.workDate),
        ),
      )
      .where(
        and(
          eq(calendarBlockedDays.installerId, s.w.installerB.id),
          inArray(calendarDays.workStatus, ['pending', 'booked', 'started']),
        ),
      );
    expect(clash).toEqual([]);
  });

  it('another installer’s closed day does not concern this one', async () => {
    const { request } = await s.w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: s.w.installerA.id,
    });
    const booked = await s.action(s.w.sessions.installerA, request.id, 'book', { startDate: CLOSED });
    expect(booked.statusCode, booked.body).toBe(200);
  });
});
