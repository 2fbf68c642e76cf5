import { calendarLinkMessages as M } from '@app/contracts/calendar-link.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createInstaller, createUser } from '../../db/factories/identity';
import {
  buildLifecycleWorld,
  caller,
  inspector,
  type LifecycleWorld,
  mintSession,
  NOW,
} from '../lifecycle/lifecycle.fixture';

/**
 * Offline (no Google keys): the local adapter keeps the same flows working — connect shows the local calendars
 * to pick, select links the location, Sync All marks entries synced, disconnect unlinks (issue 12).
 */
describe('calendar link offline (local adapter)', () => {
  let w: LifecycleWorld;
  let call: ReturnType<typeof caller>;

  const t = useTestApp({ clock: () => NOW });
  beforeAll(async () => {
    w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
    call = caller(t.app);
  });

  it('connect → pick a local calendar → sync a job → read it → disconnect', async () => {
    const installer = await createInstaller(t.database.db, { name: 'Offline Tint' });
    const user = await createUser(t.database.db, { installerId: installer.id, access: 'STANDARD' });
    const me = await mintSession(t.config.jwtSecret, user);

    const auth = await call(me, 'GET', `/api/googlecal/auth/${installer.id}`);
    expect(auth.json()).toMatchObject({ provider: 'local' });
    const consent = new URL(auth.json().url, 'http://app');
    expect(consent.pathname).toBe('/api/googlecal/callback');
    const back = await t.app.inject({ method: 'GET', url: `${consent.pathname}${consent.search}` });
    expect(back.statusCode, back.body).toBe(302);
    const location = new URL(back.headers.location as string, 'http://app');
    expect(JSON.parse(location.searchParams.get('calendars') ?? '[]')).toEqual([
      { id: 'shop@calendar.local', name: 'Shop Calendar', primary: true },
      { id: 'installs@calendar.local', name: 'Installs & Deliveries', primary: false },
    ]);
    expect(location.searchParams.get('installer_id')).toBe(String(installer.id));

    const bad = await call(me, 'POST', '/api/googlecal/select', {
      installerId: installer.id,
      calendarId: 'elsewhere@calendar.test',
    });
    expect(bad.statusCode).toBe(400);
    const ok = await call(me, 'POST', '/api/googlecal/select', {
      installerId: installer.id,
      calendarId: 'shop@calendar.local',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call(me, 'GET', `/api/installerAuth/${installer.id}`)).json()).toMatchObject({
      authenticated: 1,
      calendar_id: 'shop@calendar.local',
    });
    expect((await call(me, 'GET', `/api/googlecal/connection/${installer.id}`)).json()).toMatchObject({
      status: 'connected',
      provider: 'local',
      calendar_name: 'Shop Calendar',
    });

    const off = await call(me, 'DELETE', `/api/googlecal/disconnect/${installer.id}`);
    expect(off.json()).toMatchObject({ success: true, message: M.disconnected });
    expect((await call(me, 'GET', `/api/installerAuth/${installer.id}`)).json()).toMatchObject({
      authenticated: 0,
    });
  });

  it('Sync All on the local calendar marks the job synced; readAppt shows it; delAppt takes it off', async () => {
    // Installer A is linked (seeded link, no grant): the local adapter needs none.
    const { request } = await w.estimate({
      currentState: 'scheduled',
      assignedInstallerId: w.installerA.id,
      calendar: { startDate: '2025-03-18', workStatus: 'booked' },
    });
    const A = w.sessions.installerA;
    const add = await call(A, 'PUT', '/api/addAppt/', { request: request.id, colorId: '6' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ success: true, alreadySynced: false });
    const days = await inspector(t.database.db).calendar(request.id);
    expect(days.every((d) => d.eventId === add.json().eventId)).toBe(true);
    const read = await call(A, 'GET', `/api/readAppt/${request.id}`);
    expect(read.json()).toMatchObject({
      linked: true,
      synced: true,
      appointment: { startDate: '2025-03-18', endDate: '2025-03-20', colorId: '6' },
    });
    const del = await call(A, 'PUT', '/api/delAppt/', { eventId: add.json().eventId });
    expect(del.json()).toMatchObject({ removed: [add.json().eventId] });
    expect((await call(A, 'GET', `/api/readAppt/${request.id}`)).json()).toMatchObject({ synced: false });
  });

  it('refuses bad input with 4xx: another installer’s job, a job with no booked days, ASSIST, a dealer', async () => {
    const A = w.sessions.installerA;
    const { request: foreign } = await w.dealerRequest({
      currentState: 'scheduled',
      assignedInstallerId: w.installerB.id,
      calendar: { startDate: '2025-03-18', workStatus: 'booked' },
    });
    expect((await call(A, 'PUT', '/api/addAppt/', { request: foreign.id })).statusCode).toBe(404);
    expect((await call(A, 'GET', `/api/readAppt/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await call(A, 'PUT', '/api/addAppt/', { request: foreign.id, installerId: w.installerB.id }))
        .statusCode,
    ).toBe(403);
    const { request: draft } = await w.estimate({
      calendar: { startDate: '2025-03-18', workStatus: 'draft' },
    });
    const refused = await call(A, 'PUT', '/api/addAppt/', { request: draft.id });
    expect(refused.statusCode).toBe(409);
    expect((await call(A, 'PUT', '/api/delAppt/', {})).statusCode).toBe(400);
    expect((await call(A, 'PUT', '/api/delAppt/', { eventId: 'nope' })).statusCode).toBe(404);
    expect((await call(A, 'PUT', '/api/addAppt/', { request: draft.id, colorId: '99' })).statusCode).toBe(
      400,
    );
    const assist = await call(w.sessions.installerAAssist, 'PUT', '/api/addAppt/', { request: draft.id });
    expect(assist.statusCode).toBe(403);
    expect((await call(w.sessions.dealer, 'GET', '/api/request')).statusCode).toBe(403);
    // The callback without a state, or with junk, is a 400, never a 500.
    for (const query of [
      '',
      '?state=x',
      '?state=a.b&code=c',
      `?error=access_denied&state=${'%ff'.repeat(3)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/googlecal/callback${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
