import { addDays, type IsoDate } from '@app/domain/scheduling/dates';
import type { WorkStatus } from '@app/domain/service-requests/calendar-status';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createInstallerJob } from '../../../test/world';
import type { Db } from '../../db/client';
import { createCustomer } from '../../db/factories/customers';
import { calendarDays } from '../../db/schema/calendar';
import { caller, NOW, TODAY } from '../lifecycle/lifecycle.fixture';
import { buildCalendarAccessWorld, type CalendarCaller } from './calendar-access.fixture';

/**
 * GET /installerCalendars/{installerId} (row 64): the drop-off picker's booked and blocked days, on a
 * calendar written the way the lifecycle writes it (one row per job and work day).
 */
describe('GET /installerCalendars/{installerId}', () => {
  /** TODAY + 60 and + 61: the last day of the horizon and the first one after it. */
  const horizonEnd = addDays(TODAY, 60);
  const afterHorizon = addDays(TODAY, 61);

  const t = useTestApp({ clock: () => NOW, timeout: 120_000 }, async ({ database: { db }, config }) => {
    // The installer's own capacity (1) is overridden by its location's (2): blocked from 4 units.
    const world = await buildCalendarAccessWorld(db, config.jwtSecret, {
      name: 'Calendar Two',
      capacity: 1,
      locationCapacity: 2,
    });
    const { installerId } = world;
    const customer = await createCustomer(db, { owningInstallerId: installerId, name: 'Cal Customer' });

    const job = () => createInstallerJob(db, installerId);
    /** `count` jobs, each with rows on `days` consecutive days from `start`, in `status`. */
    async function book(
      start: IsoDate,
      count: number,
      status: WorkStatus = 'booked',
      days = 1,
      on = installerId,
    ) {
      for (let n = 0; n < count; n++) await insertDays(db, on, await job(), start, days, status);
    }
    await book('2025-03-09', 1, 'booked', 2); // yesterday and today: only today is listed
    await book('2025-03-12', 2, 'booked');
    await book('2025-03-12', 1, 'pending');
    await book('2025-03-12', 1, 'started'); // 4 units = 2 × 2: blocked
    await book('2025-03-13', 3, 'booked'); // 3 units = 2 × 2 − 1: not blocked
    await book('2025-03-13', 2, 'draft'); // drafts do not count
    await book('2025-03-13', 1, 'finished'); // finished work does not count
    const twoLines = await job(); // one job with two rows on a day counts once
    await insertDays(db, installerId, twoLines, '2025-03-14', 1, 'booked');
    await insertDays(db, installerId, twoLines, '2025-03-14', 1, 'booked');
    await book(horizonEnd, 4);
    await book(afterHorizon, 4);
    await book('2025-03-15', 4, 'booked', 1, world.outsiderId); // another installer's days never count
    return { installerId, customerId: customer.id, sessions: world.sessions };
  });

  const call = (who: CalendarCaller, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    caller(t.app)(t.sessions[who], method, url, payload);

  const expected = [
    { workDate: TODAY, capacity: 1, installerCapacity: 2, blocked: false },
    { workDate: '2025-03-12', capacity: 4, installerCapacity: 2, blocked: true },
    { workDate: '2025-03-13', capacity: 3, installerCapacity: 2, blocked: false },
    { workDate: '2025-03-14', capacity: 1, installerCapacity: 2, blocked: false },
    { workDate: horizonEnd, capacity: 4, installerCapacity: 2, blocked: true },
  ];

  it('lists the booked days from today through today + 60, blocked at twice the capacity', async () => {
    const res = await call('installer', 'GET', `/api/installerCalendars/${t.installerId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(expected);
  });

  it('answers case-insensitively, with or without a trailing slash', async () => {
    for (const path of [
      `/api/INSTALLERCALENDARS/${t.installerId}/`,
      `/api/installercalendars/${t.installerId}`,
    ]) {
      const res = await call('installer', 'GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it('creating work refuses a blocked drop-off day with the same rule (409) and takes the others', async () => {
    const create = (day: IsoDate) =>
      call('installer', 'POST', '/api/requestimates/', {
        requestType: 'installer',
        requestor: t.customerId,
        availableDate: `${day.replace(/-/g, '/')} 09:00:00`,
      });
    for (const row of expected.filter((r) => r.workDate !== TODAY)) {
      const res = await create(row.workDate);
      expect(res.statusCode, `${row.workDate}: ${res.body}`).toBe(row.blocked ? 409 : 200);
    }
    expect((await create(afterHorizon)).statusCode).toBe(200);
    // Estimates occupy draft days: the calendar is unchanged.
    expect((await call('installer', 'GET', `/api/installerCalendars/${t.installerId}`)).json()).toEqual(
      expected,
    );
  });

  it('ASSIST, another location of the group and a granted user may read it', async () => {
    for (const who of ['assist', 'sibling', 'granted'] as const) {
      const res = await call(who, 'GET', `/api/installerCalendars/${t.installerId}`);
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it('another company gets 404, an unknown installer 404, anonymous 401, a bad id 400', async () => {
    for (const who of ['other', 'dealer'] as const) {
      const res = await call(who, 'GET', `/api/installerCalendars/${t.installerId}`);
      expect(res.statusCode, who).toBe(404);
    }
    expect((await call('installer', 'GET', '/api/installerCalendars/2000000')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/installerCalendars/${t.installerId}` })).statusCode,
    ).toBe(401);
    expect((await call('installer', 'GET', '/api/installerCalendars/abc')).statusCode).toBe(400);
  });
});

async function insertDays(
  db: Db,
  installerId: number,
  requestId: number,
  start: IsoDate,
  days: number,
  workStatus: WorkStatus,
) {
  await db.insert(calendarDays).values(
    Array.from({ length: days }, (_, i) => ({
      requestId,
      installerId,
      workDate: addDays(start, i),
      workStatus,
    })),
  );
}
