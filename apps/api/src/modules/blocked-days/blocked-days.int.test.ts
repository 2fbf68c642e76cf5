import { blockedDaysMessages as m } from '@app/contracts/blocked-days.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createInstallerJob } from '../../../test/world';
import { createUser, grantCompanyAccess } from '../../db/factories/identity';
import { calendarDays } from '../../db/schema/calendar';
import { mintSession, type Session, startLifecycleSuite } from '../lifecycle/lifecycle.fixture';

/**
 * Row 66 and our POST / DELETE (decision 024) on the lifecycle world (today is 2025-03-10): who may read and
 * write, idempotence, the refusals, and the day with work.
 */
describe('blocked days: GET, POST, DELETE /installerBlockedCalendars/{id}', () => {
  const s = useSuite(startLifecycleSuite);
  let granted: Session;
  const path = () => `/api/installerBlockedCalendars/${s.w.installerB.id}`;

  beforeAll(async () => {
    const db = s.t.database.db;
    const user = await createUser(db, { installerId: s.w.installerC.id });
    await grantCompanyAccess(db, { userId: user.id, installerId: s.w.installerB.id });
    granted = await mintSession(s.t.config.jwtSecret, user);
  });

  it('blocks a day (201), repeats idempotently (200, the reason replaced) and lists it from today', async () => {
    const first = await s.call(s.w.sessions.installerB, 'POST', path(), {
      workDate: '2025-03-20',
      reason: 'Staff training',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      installerId: s.w.installerB.id,
      workDate: '2025-03-20',
      work_date: '2025-03-20',
      reason: 'Staff training',
    });
    const again = await s.call(s.w.sessions.installerB, 'POST', path(), {
      workDate: '2025/03/20 00:00:00',
      reason: '  Holiday  ',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().reason).toBe('Holiday');
    // Yesterday (UTC) is still today west of UTC; no reason is ''.
    expect(
      (await s.call(s.w.sessions.installerB, 'POST', path(), { workDate: '2025-03-09' })).statusCode,
    ).toBe(201);
    await s.call(s.w.sessions.installerB, 'POST', path(), { workDate: '2025-05-01' });

    const list = await s.call(s.w.sessions.installerB, 'GET', path());
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { workDate: string; reason: string }) => [d.workDate, d.reason])).toEqual([
      ['2025-03-20', 'Holiday'],
      ['2025-05-01', ''],
    ]);
    const ranged = await s.call(s.w.sessions.installerB, 'GET', `${path()}?from=2025-03-01&to=2025-03-31`);
    expect(ranged.json().map((d: { workDate: string }) => d.workDate)).toEqual(['2025-03-09', '2025-03-20']);
  });

  it('refuses the past, a long reason, a bad date, a bad period and unknown fields (400)', async () => {
    const post = (body: object) => s.call(s.w.sessions.installerB, 'POST', path(), body);
    const past = await post({ workDate: '2025-03-08' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(m.pastDay('2025-03-08'));
    expect((await post({ workDate: '2025-03-21', reason: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await post({ workDate: '2025-02-30' })).statusCode).toBe(400);
    expect((await post({ workDate: 'soon' })).statusCode).toBe(400);
    expect((await post({ workDate: '2025-03-21', installerId: 1 })).statusCode).toBe(400);
    const backwards = await s.call(s.w.sessions.installerB, 'GET', `${path()}?from=2025-03-10&to=2025-03-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(m.toBeforeFrom);
    const long = await s.call(s.w.sessions.installerB, 'GET', `${path()}?from=2025-01-01&to=2027-12-31`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(m.rangeTooLong);
  });

  it('a day with pending, booked or started work answers 409 naming the jobs; a draft does not stop it', async () => {
    const db = s.t.database.db;
    const [booked, started, draft] = [
      await createInstallerJob(db, s.w.installerB.id),
      await createInstallerJob(db, s.w.installerB.id),
      await createInstallerJob(db, s.w.installerB.id),
    ];
    const on = (requestId: number, workDate: string, workStatus: string) => ({
      requestId,
      installerId: s.w.installerB.id,
      workDate,
      workStatus,
    });
    await db
      .insert(calendarDays)
      .values([
        on(booked, '2025-03-25', 'booked'),
        on(booked, '2025-03-25', 'booked'),
        on(started, '2025-03-25', 'started'),
        on(draft, '2025-03-26', 'draft'),
      ]);
    const res = await s.call(s.w.sessions.installerB, 'POST', path(), { workDate: '2025-03-25' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: m.dayHasWork('2025-03-25', [booked, started]),
      details: { requestIds: [booked, started] },
    });
    expect(res.json().message).toBe(
      `Cannot block 2025-03-25: jobs #${booked}, #${started} are scheduled that day. Reschedule them first.`,
    );
    expect(
      (await s.call(s.w.sessions.installerB, 'POST', path(), { workDate: '2025-03-26' })).statusCode,
    ).toBe(201);
  });

  it('unblocks a day (removed: true), then again idempotently (removed: false)', async () => {
    await s.call(s.w.sessions.installerB, 'POST', path(), { workDate: '2025-04-02' });
    const first = await s.call(s.w.sessions.installerB, 'DELETE', `${path()}/2025-04-02`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, workDate: '2025-04-02', removed: true });
    const again = await s.call(s.w.sessions.installerB, 'DELETE', `${path()}/2025-04-02`);
    expect(again.json()).toEqual({ success: true, workDate: '2025-04-02', removed: false });
    expect((await s.call(s.w.sessions.installerB, 'DELETE', `${path()}/someday`)).statusCode).toBe(400);
  });

  it('the calendar’s access: group locations and granted companies read and write; ASSIST only reads', async () => {
    const aPath = `/api/installerBlockedCalendars/${s.w.installerA.id}`;
    const sibling = await s.call(s.w.sessions.installerA2, 'POST', aPath, {
      workDate: '2025-04-10',
      reason: 'Group',
    });
    expect(sibling.statusCode, sibling.body).toBe(201);
    const read = await s.call(s.w.sessions.installerAAssist, 'GET', aPath);
    expect(read.statusCode).toBe(200);
    expect(read.json().map((d: { workDate: string }) => d.workDate)).toContain('2025-04-10');
    const assistWrite = await s.call(s.w.sessions.installerAAssist, 'POST', aPath, {
      workDate: '2025-04-11',
    });
    expect(assistWrite.statusCode).toBe(403);
    expect((await s.call(s.w.sessions.installerAAssist, 'DELETE', `${aPath}/2025-04-10`)).statusCode).toBe(
      403,
    );
    expect((await s.call(granted, 'POST', path(), { workDate: '2025-04-12' })).statusCode).toBe(201);
  });

  it('anyone else gets 404 (403 for dealers), an unknown installer 404, anonymous 401', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { workDate: '2025-04-15' }],
    ] as const) {
      const res = await s.call(s.w.sessions.installerC, method, path(), body);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await s.call(s.w.sessions.installerC, 'DELETE', `${path()}/2025-03-20`)).statusCode).toBe(404);
    expect((await s.call(s.w.sessions.dealer, 'GET', path())).statusCode).toBe(403);
    expect(
      (await s.call(s.w.sessions.installerB, 'GET', '/api/installerBlockedCalendars/2000000')).statusCode,
    ).toBe(404);
    expect((await s.t.app.inject({ method: 'GET', url: path() })).statusCode).toBe(401);
    // The other installer's day is untouched.
    const list = await s.call(s.w.sessions.installerB, 'GET', path());
    expect(list.json().map((d: { workDate: string }) => d.workDate)).not.toContain('2025-04-15');
  });
});
