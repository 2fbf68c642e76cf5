import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createInstaller, createUser } from '../../db/factories/identity';
import {
  createServiceRequest,
  type RequestState,
  type WorkStatus,
} from '../../db/factories/service-requests';
import { calendarDays, requestSchedules } from '../../db/schema/calendar';
import { installers } from '../../db/schema/identity';
import { outbox } from '../../db/schema/outbox';
import { serviceRequests } from '../../db/schema/service-requests';
import { caller, mintSession } from '../lifecycle/lifecycle.fixture';

/**
 * Rows 61–63, server-derived (decision 022 item 5): PUT /installerCalendarProgress/{requestId} and PUT
 * /installerCalendars/{requestId} bring the caller's rows in line with the request's state and schedule;
 * DELETE /installerCalendars/{requestId} removes them only once the lifecycle removed the job.
 */
describe('rows 61–63: calendar rows follow the request', () => {
  const t = useTestApp({ timeout: 120_000 }, async ({ app, database: { db }, config }) => {
    const installerId = (await createInstaller(db, { name: 'Sync Shop' })).id;
    const otherId = (await createInstaller(db, { name: 'Sync Stranger' })).id;
    return {
      call: caller(app),
      installerId,
      me: await mintSession(config.jwtSecret, await createUser(db, { installerId })),
      assist: await mintSession(config.jwtSecret, await createUser(db, { installerId, access: 'ASSIST' })),
      stranger: await mintSession(config.jwtSecret, await createUser(db, { installerId: otherId })),
    };
  });

  /** A two-line job (1.5 + 1 days) from 2026-04-06 in `state`, its rows in `workStatus`. */
  async function job(state: RequestState, workStatus: WorkStatus) {
    const { installerId } = t;
    const created = await createServiceRequest(t.database.db, {
      requestType: 'installer',
      requestorInstallerId: installerId,
      assignedInstallerId: installerId,
      currentState: state,
      lines: [
        { serviceCategory: 'PPF', description: 'Hood', amountCents: 10_000, durationTenths: 15 },
        { serviceCategory: 'Tint', description: 'Windows', amountCents: 5_000, durationTenths: 10 },
      ],
      calendar: { installerId, startDate: '2026-04-06', workStatus, isSynced: true },
      schedule: { installerId, startDate: new Date('2026-04-06T08:00:00Z') },
      history: 'none',
    });
    return created.request.id;
  }
  const rowsOf = (requestId: number) =>
    t.database.db
      .select({
        workDate: calendarDays.workDate,
        status: calendarDays.workStatus,
        eventId: calendarDays.eventId,
      })
      .from(calendarDays)
      .where(and(eq(calendarDays.requestId, requestId), eq(calendarDays.installerId, t.installerId)))
      .orderBy(asc(calendarDays.workDate), asc(calendarDays.id));

  it('PUT /installerCalendars/{requestId} repairs a booked job’s rows to its plan, then changes nothing', async () => {
    const id = await job('scheduled', 'pending');
    // A row lost: the job now has 3 of its 4 rows, in the wrong status.
    await t.database.db
      .delete(calendarDays)
      .where(and(eq(calendarDays.requestId, id), eq(calendarDays.workDate, '2026-04-08')));
    const res = await t.call(t.me, 'PUT', `/api/installerCalendars/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      requestId: id,
      workStatus: 'booked',
      rows: 4,
      changed: true,
    });
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.workDate, r.status])).toEqual([
      ['2026-04-06', 'booked'],
      ['2026-04-07', 'booked'],
      ['2026-04-07', 'booked'],
      ['2026-04-08', 'booked'],
    ]);
    // The job's days changed (one came back), so its appointment is replaced: the rows wait for the new
    // one (the next test follows the outbox items; a job whose days stay keeps one event on every row).
    expect(new Set(rows.map((r) => r.eventId))).toEqual(new Set([null]));
    const again = await t.call(t.me, 'PUT', `/api/installerCalendars/${id}/`);
    expect(again.json()).toMatchObject({ workStatus: 'booked', rows: 4, changed: false });
    // Row 57 reads the same per-line rows: each line's share of each day.
    const read = await t.call(t.me, 'GET', `/api/installerCalendarRequest/${id}`);
    expect(read.statusCode).toBe(200);
    const days = read.json() as {
      workDate: string;
      serviceId: number;
      daily_work: number;
      workStatus: string;
    }[];
    expect(days.map((d) => [d.workDate, d.daily_work, d.workStatus])).toEqual([
      ['2026-04-06', 1, 'booked'],
      ['2026-04-07', 0.5, 'booked'],
      ['2026-04-07', 0.5, 'booked'],
      ['2026-04-08', 0.5, 'booked'],
    ]);
    expect(new Set(days.map((d) => d.serviceId)).size).toBe(2);
  });

  it('PUT /installerCalendarProgress/{requestId} moves a started job’s rows to started (convention 20)', async () => {
    const id = await job('started', 'booked');
    const res = await t.call(t.me, 'PUT', `/api/installerCalendarProgress/${id}`);
    expect(res.json()).toMatchObject({ workStatus: 'started', rows: 4, changed: true });
    expect(new Set((await rowsOf(id)).map((r) => r.status))).toEqual(new Set(['started']));
    const finished = await job('finished', 'started');
    expect((await t.call(t.me, 'PUT', `/api/installerCalendarProgress/${finished}`)).json()).toMatchObject({
      workStatus: 'finished',
    });
  });

  it('DELETE refuses a job still on the calendar (409 with a message) and removes a deleted one’s rows', async () => {
    const id = await job('scheduled', 'booked');
    const refused = await t.call(t.me, 'DELETE', `/api/installerCalendars/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still on the calendar/);
    expect(await rowsOf(id)).toHaveLength(4);
    await t.database.db
      .update(serviceRequests)
      .set({ currentState: 'deleted', deletedAt: new Date() })
      .where(eq(serviceRequests.id, id));
    const removed = await t.call(t.me, 'DELETE', `/api/installerCalendars/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      success: true,
      requestId: id,
      workStatus: null,
      rows: 0,
      changed: true,
    });
    expect(await rowsOf(id)).toEqual([]);
    expect((await t.call(t.me, 'DELETE', `/api/installerCalendars/${id}`)).json().changed).toBe(false);
  });

  it('the appointment follows the rows: days that move replace the event, a removed job’s event is removed', async () => {
    const { db } = t.database;
    const queued = (requestId: number) =>
      db
        .select({ kind: outbox.kind, payload: outbox.payload })
        .from(outbox)
        .where(and(eq(outbox.channel, 'calendar'), eq(outbox.requestId, requestId)))
        .orderBy(asc(outbox.id));
    await db
      .update(installers)
      .set({ calendarAuthenticated: true, calendarId: 'shop@group.calendar.google.com' })
      .where(eq(installers.id, t.installerId));
    try {
      // Same days, new status: the event stays on every row and nothing is queued.
      const kept = await job('scheduled', 'pending');
      expect((await t.call(t.me, 'PUT', `/api/installerCalendars/${kept}`)).json().changed).toBe(true);
      expect(new Set((await rowsOf(kept)).map((r) => r.eventId)).size).toBe(1);
      expect(await queued(kept)).toEqual([]);

      // The schedule moved a week on while the rows stayed: the rows follow, and so does the appointment.
      const moved = await job('scheduled', 'booked');
      const oldEvents = [...new Set((await rowsOf(moved)).map((r) => r.eventId))].sort();
      await db
        .update(requestSchedules)
        .set({ startDate: new Date('2026-04-13T08:00:00Z') })
        .where(eq(requestSchedules.requestId, moved));
      const res = await t.call(t.me, 'PUT', `/api/installerCalendars/${moved}`);
      expect(res.json()).toMatchObject({ workStatus: 'booked', rows: 4, changed: true });
      expect((await rowsOf(moved)).map((r) => [r.workDate, r.eventId])).toEqual([
        ['2026-04-13', null],
        ['2026-04-14', null],
        ['2026-04-14', null],
        ['2026-04-15', null],
      ]);
      expect(await queued(moved)).toEqual([
        {
          kind: 'remove-appointments',
          payload: {
            requestId: moved,
            installerId: t.installerId,
            calendarId: 'shop@group.calendar.google.com',
            eventIds: oldEvents,
          },
        },
        {
          kind: 'add-appointment',
          payload: expect.objectContaining({
            requestId: moved,
            installerId: t.installerId,
            calendarId: 'shop@group.calendar.google.com',
            startDate: '2026-04-13',
            durationDays: 3,
          }),
        },
      ]);
      // Called again: in line already, nothing more is queued.
      expect((await t.call(t.me, 'PUT', `/api/installerCalendars/${moved}`)).json().changed).toBe(false);
      expect(await queued(moved)).toHaveLength(2);

      // A deleted job's rows go, and their event with them, once.
      const gone = await job('scheduled', 'booked');
      const goneEvents = [...new Set((await rowsOf(gone)).map((r) => r.eventId))].sort();
      await db
        .update(serviceRequests)
        .set({ currentState: 'deleted', deletedAt: new Date() })
        .where(eq(serviceRequests.id, gone));
      expect((await t.call(t.me, 'DELETE', `/api/installerCalendars/${gone}`)).json().changed).toBe(true);
      expect((await t.call(t.me, 'DELETE', `/api/installerCalendars/${gone}`)).json().changed).toBe(false);
      expect(await queued(gone)).toEqual([
        {
          kind: 'remove-appointments',
          payload: expect.objectContaining({ requestId: gone, eventIds: goneEvents }),
        },
      ]);
    } finally {
      await db
        .update(installers)
        .set({ calendarAuthenticated: false, calendarId: null })
        .where(eq(installers.id, t.installerId));
    }
  });

  it('another installer’s request is 404, a dealer-less stranger cannot touch it, ASSIST is refused', async () => {
    const id = await job('scheduled', 'booked');
    for (const [method, url] of [
      ['PUT', `/api/installerCalendars/${id}`],
      ['PUT', `/api/installerCalendarProgress/${id}`],
      ['DELETE', `/api/installerCalendars/${id}`],
    ] as const) {
      expect((await t.call(t.stranger, method, url)).statusCode, `${method} ${url}`).toBe(404);
      expect((await t.call(t.assist, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.call(t.me, 'PUT', '/api/installerCalendars/2000000')).statusCode).toBe(404);
    expect(await rowsOf(id)).toHaveLength(4);
  });
});
