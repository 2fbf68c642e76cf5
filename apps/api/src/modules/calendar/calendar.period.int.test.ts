import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createCustomer } from '../../db/factories/customers';
import { createServiceRequest, type WorkStatus } from '../../db/factories/service-requests';
import { calendarBlockedDays } from '../../db/schema/calendar';
import { caller } from '../lifecycle/lifecycle.fixture';
import { buildCalendarAccessWorld, type CalendarCaller } from '../scheduling/calendar-access.fixture';

/**
 * GET /dealerCalendars/{installerId}?from&to (row 65): the calendar screen's one read. The overview figures
 * are checked against hand-computed fixtures (decision 022, the screen’s read), in three process time zones, over a period that
 * crosses the US change to summer time (Sunday 2026-03-08).
 *
 * The installer works 2 job-days per day (its location's capacity). Its jobs (one row per line and day):
 *   A  lines L1 $1,500 − $100 (1.5 d) and L2 $500 (1 d) from Sat 03-07: L1 03-07 (1.0), 03-08 (0.5);
 *      L2 03-08 (0.5), 03-09 (0.5) — 3 days, 4 rows, booked, a retail customer
 *   B  dealer job, one line $800 − $50, 03-08, booked
 *   C  one line $300 (2 d) from 03-04: 03-04, 03-05, booked — started before the period
 *   D  one line $999 on 03-10, draft (an estimate: holds no capacity)
 *   F  one line $100 on 03-12, booked
 *   G  one line $200 on 03-06, finished
 *   another installer's job on 03-08 never counts.
 *
 * Period 03-05 … 03-11 (7 days, capacity 2 → 14 job-days): jobs A, B, C, D, G = 5; job-days A×3 + B + C + G
 * = 6 (D is draft) → 6 / 14 = 42.857… → 42.9 %; revenue (each line on its first work day) = A.L1 1,400 +
 * A.L2 500 + B 750 + D 999 + G 200 = $3,849 (C's line began on 03-04, before the period).
 * Period 03-09 … 03-15: jobs A, D, F = 3; job-days A (03-09) + F = 2 → 2 / 14 = 14.3 %; revenue D 999 +
 * F 100 = $1,099 (A's lines began in the week before: counted once, there).
 */
/** Sets the process time zone (Node applies a TZ change at once; the first test checks it took); the old one. */
function switchZone(zone: string | undefined): string | undefined {
  // biome-ignore lint/style/noProcessEnv: the suite runs the same reads under three process time zones
  const env = process.env;
  const before = env.TZ;
  if (zone === undefined) delete env.TZ;
  else env.TZ = zone;
  return before;
}

describe('GET /dealerCalendars/{installerId}', () => {
  const t = useTestApp({ timeout: 120_000 }, async ({ app, database: { db }, config }) => {
    const world = await buildCalendarAccessWorld(db, config.jwtSecret, {
      name: 'Period Shop',
      capacity: 5,
      locationCapacity: 2,
      dealerName: 'Bayside Motors',
    });
    const { installerId } = world;
    const dealer = { id: world.dealerId };
    const customer = await createCustomer(db, { owningInstallerId: installerId, name: 'Dana Whitfield' });

    const job = async (
      startDate: string,
      lines: { amountCents: number; discountCents?: number; durationTenths: number }[],
      workStatus: WorkStatus = 'booked',
      extra: Parameters<typeof createServiceRequest>[1] = {},
      on = installerId,
    ) => {
      const created = await createServiceRequest(db, {
        requestType: 'installer',
        requestorInstallerId: on,
        assignedInstallerId: on,
        currentState: workStatus === 'draft' ? 'new' : workStatus === 'finished' ? 'finished' : 'scheduled',
        vehicleYear: 2024,
        vehicleMake: 'Tesla',
        vehicleModel: 'Model 3',
        vehicleTrim: 'Long Range',
        lines: lines.map((l, i) => ({ serviceCategory: 'PPF', description: `Line ${i + 1}`, ...l })),
        calendar: { installerId: on, startDate, workStatus },
        history: 'none',
        ...extra,
      });
      return created.request.id;
    };
    const jobA = await job(
      '2026-03-07',
      [
        { amountCents: 150_000, discountCents: 10_000, durationTenths: 15 },
        { amountCents: 50_000, durationTenths: 10 },
      ],
      'booked',
      { customerId: customer.id },
    );
    const jobB = await job(
      '2026-03-08',
      [{ amountCents: 80_000, discountCents: 5_000, durationTenths: 10 }],
      'booked',
      {
        requestType: 'dealer',
        requestorInstallerId: null,
        requestorDealerId: dealer.id,
        dealerId: dealer.id,
      },
    );
    await job('2026-03-04', [{ amountCents: 30_000, durationTenths: 20 }]);
    await job('2026-03-10', [{ amountCents: 99_900, durationTenths: 10 }], 'draft');
    await job('2026-03-12', [{ amountCents: 10_000, durationTenths: 10 }]);
    await job('2026-03-06', [{ amountCents: 20_000, durationTenths: 10 }], 'finished');
    await job('2026-03-08', [{ amountCents: 70_000, durationTenths: 10 }], 'booked', {}, world.outsiderId);
    await db.insert(calendarBlockedDays).values({ installerId, workDate: '2026-03-11', reason: 'Training' });
    return { call: caller(app), installerId, jobA, jobB, sessions: world.sessions };
  });

  const read = (who: CalendarCaller, from: string, to: string, id = t.installerId) =>
    t.call(t.sessions[who], 'GET', `/api/dealerCalendars/${id}?from=${from}&to=${to}`);

  describe.each([
    ['America/Los_Angeles', 480, 420],
    ['UTC', 0, 0],
    ['Asia/Tokyo', -540, -540],
  ])('in the process time zone %s', (zone, offsetBefore, offsetAfter) => {
    let saved: string | undefined;
    beforeAll(() => {
      saved = switchZone(zone);
    });
    afterAll(() => {
      switchZone(saved);
    });

    it('runs in that zone (the offset changes on 2026-03-08 only in the US)', () => {
      expect(new Date('2026-03-07T12:00:00Z').getTimezoneOffset()).toBe(offsetBefore);
      expect(new Date('2026-03-09T12:00:00Z').getTimezoneOffset()).toBe(offsetAfter);
    });

    it('computes jobs, Capacity Used % and revenue over the DST change as hand-computed', async () => {
      const res = await read('installer', '2026-03-05', '2026-03-11');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.overview).toEqual({
        jobs: 5,
        jobDays: 6,
        days: 7,
        capacityPerDay: 2,
        capacityUsedPercent: 42.9,
        revenue: 3849,
        revenueCents: 384_900,
      });
      expect(body.capacity.map((c: { workDate: string; booked: number }) => [c.workDate, c.booked])).toEqual([
        ['2026-03-05', 1],
        ['2026-03-06', 1],
        ['2026-03-07', 1],
        ['2026-03-08', 2],
        ['2026-03-09', 1],
        ['2026-03-10', 0],
        ['2026-03-11', 0],
      ]);
      expect(body.blockedDays).toEqual([{ workDate: '2026-03-11', reason: 'Training' }]);
      expect(body.calendar).toEqual({ connected: false, calendarId: null });
    });

    it('counts a line once, in the period of its first work day', async () => {
      const res = await read('installer', '2026-03-09', '2026-03-15');
      expect(res.json().overview).toMatchObject({
        jobs: 3,
        jobDays: 2,
        capacityUsedPercent: 14.3,
        revenue: 1099,
      });
    });
  });

  it('lists each line’s work per day with row 64’s fields and the job’s span', async () => {
    const body = (await read('installer', '2026-03-08', '2026-03-08')).json();
    const ofA = body.entries.filter((e: { requestId: number }) => e.requestId === t.jobA);
    expect(ofA).toHaveLength(2);
    expect(ofA[0]).toMatchObject({
      requestId: t.jobA,
      requestType: 'installer',
      workDate: '2026-03-08',
      work_date: '2026-03-08',
      duration: 1.5,
      category: 'PPF',
      description: 'Line 1',
      year: 2024,
      make: 'Tesla',
      model: 'Model 3',
      trim: 'Long Range',
      dealerName: null,
      eventId: null,
      serviceAmount: 1500,
      serviceDiscount: 100,
      customerName: 'Dana Whitfield',
      workStatus: 'booked',
      dailyWork: 0.5,
      serviceNumber: 1,
      serviceCount: 2,
      jobFirstDay: '2026-03-07',
      jobLastDay: '2026-03-09',
      jobDays: 3,
      multiDay: true,
      requestState: 'scheduled',
      lineFirstDay: false,
    });
    expect(ofA[1]).toMatchObject({ serviceNumber: 2, serviceCount: 2, dailyWork: 0.5, lineFirstDay: true });
    const b = body.entries.find((e: { requestId: number }) => e.requestId === t.jobB);
    expect(b).toMatchObject({
      requestType: 'dealer',
      dealerName: 'Bayside Motors',
      multiDay: false,
      jobDays: 1,
    });
    expect(typeof b.dueDate).toBe('string');
    expect(body.entries.map((e: { requestId: number }) => e.requestId)).toEqual([t.jobA, t.jobA, t.jobB]);
  });

  it('an empty period answers empty entries and zero figures', async () => {
    const body = (await read('installer', '2027-01-01', '2027-01-31')).json();
    expect(body.entries).toEqual([]);
    expect(body.capacity).toHaveLength(31);
    expect(body.overview).toMatchObject({ jobs: 0, jobDays: 0, capacityUsedPercent: 0, revenue: 0 });
  });

  it('ASSIST, another location of the group and a granted user may read it', async () => {
    for (const who of ['assist', 'sibling', 'granted'] as const) {
      const res = await read(who, '2026-03-05', '2026-03-11');
      expect(res.statusCode, who).toBe(200);
      expect(res.json().overview.jobs).toBe(5);
    }
  });

  it('another installer, a dealer and an unknown installer get 404; anonymous 401', async () => {
    for (const who of ['other', 'dealer'] as const) {
      expect((await read(who, '2026-03-05', '2026-03-11')).statusCode, who).toBe(404);
    }
    expect((await read('installer', '2026-03-05', '2026-03-11', 2_000_000)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/dealerCalendars/${t.installerId}?from=2026-03-05&to=2026-03-11`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad periods with 400 and a message', async () => {
    const cases: [string, string, RegExp][] = [
      ['2026-03-11', '2026-03-05', /to must not be before from/],
      ['2026-03-01', '2026-05-03', /at most 62 days/],
      ['2026-3-1', '2026-03-05', /.+/],
      ['2026-02-30', '2026-03-05', /.+/],
      ['', '2026-03-05', /.+/],
    ];
    for (const [from, to, message] of cases) {
      const res = await read('installer', from, to);
      expect(res.statusCode, `${from}..${to}: ${res.body}`).toBe(400);
      expect(res.json().message ?? res.json().error?.message ?? res.body).toMatch(message);
    }
    const missing = await t.call(
      t.sessions.installer,
      'GET',
      `/api/dealerCalendars/${t.installerId}?from=2026-03-01`,
    );
    expect(missing.statusCode).toBe(400);
    expect((await read('installer', '2026-03-01', '2026-05-02')).statusCode).toBe(200);
  });
});
