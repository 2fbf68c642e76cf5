import {
  type CalendarEntry,
  computeAvailability,
  computeAvailabilitySummary,
} from '@app/domain/scheduling/availability';
import { addDays, type IsoDate } from '@app/domain/scheduling/dates';
import type { WorkStatus } from '@app/domain/service-requests/calendar-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createInstallerJob } from '../../../test/world';
import type { Db } from '../../db/client';
import {
  createDealer,
  createInstaller,
  createInstallerLocation,
  createUser,
} from '../../db/factories/identity';
import { createServiceRequest } from '../../db/factories/service-requests';
import { calendarDays } from '../../db/schema/calendar';
import { caller, inspector, mintSession, NOW, type Session, TODAY } from '../lifecycle/lifecycle.fixture';

type Span = { requestId: number; start: IsoDate; days: number; status: WorkStatus };

/** Writes a job span the way the lifecycle does: one calendar row per work day. */
async function insertSpan(db: Db, installerId: number, span: Span) {
  await db.insert(calendarDays).values(
    Array.from({ length: span.days }, (_, i) => ({
      requestId: span.requestId,
      installerId,
      workDate: addDays(span.start, i),
      workStatus: span.status,
    })),
  );
}

/** The same calendar as the domain sees jobs: one entry per job, spanning its days. */
const asEntries = (spans: Span[]): CalendarEntry[] =>
  spans.map((s) => ({
    requestId: s.requestId,
    workDate: s.start,
    durationDays: s.days,
    workStatus: s.status,
  }));

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('availability, schedule and transfer candidates', () => {
  let call: ReturnType<typeof caller>;
  let installerId: number;
  let dealerId: number;
  let target: { id: number; dueDate: IsoDate };
  let spans: Span[];
  const sessions: Record<'installer' | 'other' | 'dealer' | 'otherDealer', Session> = {} as never;

  const t = useTestApp({ clock: () => NOW, timeout: 120_000 });
  beforeAll(async () => {
    call = caller(t.app);
    const db = t.database.db;
    const installer = await createInstaller(db, { name: 'Capacity Two', capacity: 2 });
    installerId = installer.id;
    const other = await createInstaller(db, { name: 'Elsewhere' });
    const dealer = await createDealer(db);
    dealerId = dealer.id;
    const otherDealer = await createDealer(db);
    sessions.installer = await mintSession(t.config.jwtSecret, await createUser(db, { installerId }));
    sessions.other = await mintSession(t.config.jwtSecret, await createUser(db, { installerId: other.id }));
    sessions.dealer = await mintSession(t.config.jwtSecret, await createUser(db, { dealerId }));
    sessions.otherDealer = await mintSession(
      t.config.jwtSecret,
      await createUser(db, { dealerId: otherDealer.id }),
    );

    // The request asked about: a 2-day dealer request offered to the installer, due 2025-03-20.
    const { request } = await createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: dealerId,
      assignedInstallerId: null,
      durationTenths: 20,
      dueDate: new Date('2025-03-20T10:00:00Z'),
      offers: [{ installerId, currentStatus: 'accepted' }],
    });
    target = { id: request.id, dueDate: '2025-03-20' };

    // A hand-made week, then 200 random jobs over the next 70 days (about 2,000 calendar rows in all).
    const job = () => createInstallerJob(db, installerId);
    spans = [
      { requestId: await job(), start: '2025-03-10', days: 2, status: 'booked' },
      { requestId: await job(), start: '2025-03-11', days: 3, status: 'pending' },
      { requestId: await job(), start: '2025-03-09', days: 2, status: 'started' },
      { requestId: await job(), start: '2025-03-12', days: 1, status: 'draft' },
      { requestId: await job(), start: '2025-03-11', days: 1, status: 'finished' },
      { requestId: await job(), start: '2025-03-13', days: 1, status: 'booked' },
      { requestId: target.id, start: '2025-03-12', days: 2, status: 'pending' },
    ];
    const rand = random(42);
    const statuses: WorkStatus[] = ['booked', 'pending', 'started', 'draft', 'finished'];
    for (let i = 0; i < 200; i++) {
      spans.push({
        requestId: await job(),
        start: addDays('2025-03-17', Math.floor(rand() * 70)),
        days: 1 + Math.floor(rand() * 15),
        status: statuses[Math.floor(rand() * statuses.length)]!,
      });
    }
    for (const span of spans) await insertSpan(db, installerId, span);
    // A job with two rows on one day and a gap (as two service lines may leave): 03-15 twice, then 03-17.
    const gappy = await job();
    await db.insert(calendarDays).values(
      ['2025-03-15', '2025-03-15', '2025-03-17'].map((workDate) => ({
        requestId: gappy,
        installerId,
        workDate,
        workStatus: 'booked',
      })),
    );
    spans.push(
      { requestId: gappy, start: '2025-03-15', days: 1, status: 'booked' },
      { requestId: gappy, start: '2025-03-17', days: 1, status: 'booked' },
    );
    // Another installer's day never counts.
    await insertSpan(db, other.id, { requestId: target.id, start: '2025-03-14', days: 5, status: 'booked' });
  }, 120_000);

  const checkDates: (IsoDate | undefined)[] = [
    undefined,
    '2025-03-01',
    TODAY,
    '2025-03-11',
    '2025-03-12',
    '2025-03-14',
    '2025-03-15',
    '2025-04-02',
    '2025-05-01',
  ];

  it('GET /availability/{installerId}/{requestId} equals the domain’s computeAvailability', async () => {
    const first = await call(
      sessions.installer,
      'GET',
      `/api/availability/${installerId}/${target.id}?checkDate=2025-03-10`,
    );
    expect(first.statusCode, first.body).toBe(200);
    // By hand: 03-10 and 03-11 are full (2 of 2), 03-13 too; a 2-day job first fits on 03-14.
    expect(first.json()).toEqual({
      nextStart: '2025-03-14',
      canFit: false,
      totalJobDays: 4,
      availableSlots: 0,
      existingJobs: 3,
    });
    for (const checkDate of checkDates) {
      const query = checkDate ? `?checkDate=${checkDate}` : '';
      const res = await call(
        sessions.installer,
        'GET',
        `/api/availability/${installerId}/${target.id}${query}`,
      );
      const expected = computeAvailability({
        checkDate: checkDate ?? TODAY,
        today: TODAY,
        durationDays: 2,
        dueDate: target.dueDate,
        capacity: 2,
        entries: asEntries(spans),
        excludeRequestId: target.id,
      });
      expect(res.json(), `checkDate ${checkDate}`).toEqual(expected);
    }
  });

  it('GET /availability/{installerId}?duration equals the domain’s computeAvailabilitySummary', async () => {
    const res = await call(
      sessions.installer,
      'GET',
      `/api/availability/${installerId}?duration=1&checkDate=2025-03-12&dueDate=2025-03-12`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      requestedDate: '2025-03-12',
      meetsDeadline: true,
      // The 001 call has no request to leave out: the request's own pending days fill 03-12 and 03-13.
      warning: 'May need to work over normal capacity',
      draftConflicts: [{ requestId: spans[3]!.requestId, workDate: '2025-03-12', endDate: '2025-03-12' }],
    });
    for (const checkDate of checkDates) {
      for (const [duration, dueDate] of [
        [1, undefined],
        [2.5, '2025-03-15'],
        [5, '2025-04-10'],
      ] as const) {
        const params = new URLSearchParams({ duration: String(duration) });
        if (checkDate) params.set('checkDate', checkDate);
        if (dueDate) params.set('dueDate', dueDate);
        const reply = await call(sessions.installer, 'GET', `/api/availability/${installerId}?${params}`);
        const expected = computeAvailabilitySummary({
          checkDate: checkDate ?? null,
          today: TODAY,
          durationDays: duration,
          dueDate: dueDate ?? null,
          capacity: 2,
          entries: asEntries(spans),
        });
        expect(reply.json(), `${params}`).toEqual(expected);
      }
    }
  });

  it('a location’s capacity overrides the installer’s', async () => {
    const db = t.database.db;
    const roomy = await createInstaller(db, { capacity: 1 });
    await createInstallerLocation(db, { installerId: roomy.id, capacity: 3 });
    const session = await mintSession(t.config.jwtSecret, await createUser(db, { installerId: roomy.id }));
    const { request } = await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: roomy.id,
    });
    const busy = await createServiceRequest(db, { requestType: 'installer', requestorInstallerId: roomy.id });
    await insertSpan(db, roomy.id, { requestId: busy.request.id, start: TODAY, days: 1, status: 'booked' });
    const res = await call(session, 'GET', `/api/availability/${roomy.id}/${request.id}`);
    expect(res.json()).toMatchObject({ canFit: true, totalJobDays: 1, availableSlots: 2 });
  });

  it('who may read availability', async () => {
    const url = `/api/availability/${installerId}/${target.id}`;
    expect((await call(sessions.dealer, 'GET', url)).statusCode).toBe(200); // the requesting dealer
    expect((await call(sessions.otherDealer, 'GET', url)).statusCode).toBe(403);
    expect((await call(sessions.other, 'GET', url)).statusCode).toBe(403);
    expect(
      (await call(sessions.installer, 'GET', `/api/availability/${installerId}/2000000`)).statusCode,
    ).toBe(404);
    expect(
      (await call(sessions.other, 'GET', `/api/availability/${installerId}?duration=1`)).statusCode,
    ).toBe(403);
    expect((await call(sessions.installer, 'GET', `${url}?checkDate=tomorrow`)).statusCode).toBe(400);
  });

  describe('PUT and POST /schedule/', () => {
    it('moves a booked job: schedule, calendar days (status kept), installer due date, appointment', async () => {
      const db = t.database.db;
      const linked = await createInstaller(db, { calendarAuthenticated: true, calendarId: 'cal@test' });
      const session = await mintSession(t.config.jwtSecret, await createUser(db, { installerId: linked.id }));
      const { request } = await createServiceRequest(db, {
        requestType: 'installer',
        requestorInstallerId: linked.id,
        currentState: 'scheduled',
        dueDate: new Date('2025-03-12T08:00:00Z'),
        calendar: { startDate: '2025-03-12', workStatus: 'booked', isSynced: true },
      });
      const look = inspector(db);
      for (const [method, start, end] of [
        ['PUT', '2025-03-17', '2025-03-17'],
        ['POST', '2025-03-19', '2025-03-19'],
      ] as const) {
        const res = await call(session, method, '/api/schedule/', {
          installerId: linked.id,
          requestId: request.id,
          installerCapacity: 5,
          startDate: start,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          success: true,
          startDate: start,
          endDate: end,
          dueDate: end,
          installerCapacity: 5,
          calendarDays: 1,
        });
        expect((await look.calendar(request.id)).map((d) => [d.workDate, d.workStatus])).toEqual([
          [start, 'booked'],
        ]);
        expect(await look.schedule(request.id)).toMatchObject({ installerCapacity: 5 });
      }
      expect((await look.request(request.id)).dueDate?.toISOString()).toBe('2025-03-19T08:00:00.000Z');
      expect((await look.outbox(request.id)).map((i) => i.kind)).toEqual([
        'remove-appointments',
        'add-appointment',
        'add-appointment',
      ]);
    });

    it('refuses another installer, a dealer, a date outside the picker and a job already started', async () => {
      const db = t.database.db;
      const { request } = await createServiceRequest(db, {
        requestType: 'dealer',
        requestorDealerId: dealerId,
        assignedInstallerId: installerId,
        currentState: 'scheduled',
        dueDate: new Date('2025-03-20T10:00:00Z'),
      });
      const body = { installerId, requestId: request.id, startDate: '2025-03-14' };
      // Another installer's job does not exist for it (404), whatever installerId the body names.
      expect((await call(sessions.other, 'PUT', '/api/schedule/', body)).statusCode).toBe(404);
      expect((await call(sessions.dealer, 'PUT', '/api/schedule/', body)).statusCode).toBe(403);
      const late = await call(sessions.installer, 'PUT', '/api/schedule/', {
        ...body,
        startDate: '2025-03-21',
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe('Start date 2025-03-21 is after the latest allowed date 2025-03-20');
      const ok = await call(sessions.installer, 'PUT', '/api/schedule/', body);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ dueDate: '2025-03-20', calendarDays: 1 }); // created: it was booked without days
      const started = await createServiceRequest(db, {
        requestType: 'installer',
        requestorInstallerId: installerId,
        currentState: 'started',
      });
      const refused = await call(sessions.installer, 'POST', '/api/schedule/', {
        ...body,
        requestId: started.request.id,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Cannot set the schedule of a request in state started');
    });
  });
});
