import { calendarLinkMessages as M } from '@app/contracts/calendar-link.contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type GoogleCalendarFake, startGoogleCalendarFake } from '../../../test/fakes/google-calendar-fake';
import { createServiceRequest } from '../../db/factories/service-requests';
import { calendarConnections } from '../../db/schema/calendar-link';
import {
  buildLifecycleWorld,
  caller,
  inspector,
  type LifecycleWorld,
  NOW,
  type Session,
} from '../lifecycle/lifecycle.fixture';
import { createStateSigner } from './calendar-link.secrets';

const SHOP = 'shop@fake.calendar';

/**
 * The calendar link against a local fake of Google's endpoints (OAuth consent and token, revoke, calendarList,
 * events), reached by the official client through the endpoint overrides: connect → select → book → sync →
 * reschedule → delete, bulk sync of 12 entries in groups of 5, expiry, and the refusals (issue 12).
 */
describe('calendar link with Google (fake)', () => {
  let fake: GoogleCalendarFake;
  let t: TestApp;
  let w: LifecycleWorld;
  let call: ReturnType<typeof caller>;
  let look: ReturnType<typeof inspector>;

  beforeAll(async () => {
    fake = await startGoogleCalendarFake();
    t = await buildTestApp({ google: fake.config() }, { clock: () => NOW });
    w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
    call = caller(t.app);
    look = inspector(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const A = () => w.sessions.installerA;
  const drain = async () => {
    while ((await t.app.outbox.worker.runOnce()) > 0) {}
  };
  const installerAuth = async () => (await call(A(), 'GET', `/api/installerAuth/${w.installerA.id}`)).json();
  const connectionRow = async () => {
    const [row] = await t.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.installerId, w.installerA.id));
    return row;
  };

  /** GET /googlecal/auth, the user approves at the fake, the browser returns to the callback. */
  async function connect(who: Session = A()) {
    const res = await call(who, 'GET', `/api/googlecal/auth/${w.installerA.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const back = new URL(fake.approve(res.json().url));
    return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  }

  async function connectAndSelect() {
    const back = await connect();
    expect(back.statusCode, back.body).toBe(302);
    const select = await call(A(), 'POST', '/api/googlecal/select', {
      installerId: w.installerA.id,
      calendarId: SHOP,
    });
    expect(select.statusCode, select.body).toBe(200);
  }

  it('connect: consent URL (offline, calendar scope, signed state) → callback stores the grant encrypted → /calendar with the calendars', async () => {
    const res = await call(A(), 'GET', '/api/request');
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL(res.json().url);
    expect(consent.origin + consent.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar');
    expect(consent.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/api/googlecal/callback');
    expect(consent.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);

    const back = await connect();
    expect(back.statusCode, back.body).toBe(302);
    const location = new URL(back.headers.location as string, 'http://app');
    expect(location.pathname).toBe('/calendar');
    expect(location.searchParams.get('calendar_selection')).toBe('1');
    expect(location.searchParams.get('installer_id')).toBe(String(w.installerA.id));
    expect(JSON.parse(location.searchParams.get('calendars') ?? '')).toEqual([
      { id: SHOP, name: 'Elite Shop', primary: true },
      { id: 'team@fake.calendar', name: 'Team Schedule', primary: false },
    ]);
    const row = await connectionRow();
    expect(row).toMatchObject({ provider: 'google', status: 'needs_selection', stateNonce: null });
    // Encrypted at rest: no refresh token the fake issued appears in the row.
    expect(row?.refreshTokenCiphertext).toMatch(/^v1\./);
    for (const token of fake.refreshTokens) expect(JSON.stringify(row)).not.toContain(token);
    // Not linked until a calendar is chosen.
    expect(await installerAuth()).toMatchObject({ authenticated: 0, calendar_id: null });
    const status = await call(A(), 'GET', `/api/googlecal/connection/${w.installerA.id}`);
    expect(status.json()).toMatchObject({ status: 'needs_selection', provider: 'google' });
  });

  it('refuses a forged, stale or replayed state with 400, and another installer’s id with 403', async () => {
    const res = await call(A(), 'GET', `/api/googlecal/auth/${w.installerA.id}`);
    const back = new URL(fake.approve(res.json().url));
    const state = back.searchParams.get('state') ?? '';
    const code = back.searchParams.get('code') ?? '';
    const callback = (s: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/googlecal/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(s)}`,
      });
    const [payload, mac] = state.split('.') as [string, string];
    const tampered = JSON.parse(Buffer.from(payload, 'base64url').toString());
    tampered.i = w.installerB.id;
    const forged = await callback(`${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${mac}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(
      'The calendar authorisation could not be verified. Please connect again.',
    );
    const stale = createStateSigner(t.config.jwtSecret).sign({
      installerId: w.installerA.id,
      userId: w.users.installerA.id,
      nonce: 'n',
      exp: Math.floor(NOW.getTime() / 1000) - 1,
    });
    expect((await callback(stale)).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The calendar authorisation has expired. Please connect again.',
    });
    expect((await callback('')).statusCode).toBe(400);
    expect((await callback(state)).statusCode).toBe(302);
    const replay = await callback(state);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toContain('already used');

    expect((await call(A(), 'GET', `/api/googlecal/auth/${w.installerB.id}`)).statusCode).toBe(403);
    const foreignSelect = await call(A(), 'POST', '/api/googlecal/select', {
      installerId: w.installerB.id,
      calendarId: SHOP,
    });
    expect(foreignSelect.statusCode).toBe(403);
    expect((await call(A(), 'DELETE', `/api/googlecal/disconnect/${w.installerB.id}`)).statusCode).toBe(403);
    // ASSIST is read-only (convention 22).
    expect((await call(w.sessions.installerAAssist, 'GET', '/api/request')).statusCode).toBe(403);
  });

  it('select: a calendar not in the account’s list → 400; one of them links the location', async () => {
    const bad = await call(A(), 'POST', '/api/googlecal/select', {
      installerId: w.installerA.id,
      calendarId: 'someone-else@fake.calendar',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Calendar someone-else@fake.calendar is not one of your calendars.',
      userMessage: M.selectFailed,
    });
    const ok = await call(A(), 'PUT', `/api/updateLocation/${w.installerA.id}`, {
      installerId: w.installerA.id,
      calendarId: SHOP,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, installer_id: w.installerA.id, calendar_id: SHOP });
    expect(await installerAuth()).toMatchObject({ authenticated: 1, calendar_id: SHOP });
    expect((await call(A(), 'GET', `/api/googlecal/connection/${w.installerA.id}`)).json()).toMatchObject({
      status: 'connected',
      calendar_id: SHOP,
      calendar_name: 'Elite Shop',
    });
  });

  it('book → sync → reschedule → book again: one event per job over its days, removed and added through the outbox', async () => {
    const { request } = await w.dealerRequest({ currentState: 'new', assignedInstallerId: w.installerA.id });
    const booked = await call(A(), 'POST', `/api/requestimates/${request.id}/actions/book`, {
      startDate: '2025-03-12',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await drain();
    const [event] = fake.events(SHOP).filter((e) => e.description === `Request #${request.id}`);
    expect(event).toMatchObject({ start: { date: '2025-03-12' }, end: { date: '2025-03-14' } });
    const days = await look.calendar(request.id);
    expect(days.length).toBeGreaterThan(1);
    expect(days.every((d) => d.eventId === event?.id)).toBe(true);
    const read = await call(A(), 'GET', `/api/readAppt/${request.id}`);
    expect(read.json()).toMatchObject({
      linked: true,
      synced: true,
      eventId: event?.id,
      appointment: { id: event?.id, startDate: '2025-03-12', endDate: '2025-03-14', status: 'confirmed' },
    });

    const rescheduled = await call(A(), 'PUT', `/api/requestOffered/${request.id}`, {
      currentStatus: 'offered',
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    await drain();
    expect(fake.allEvents.get(`${SHOP}\u0000${event?.id}`)?.status).toBe('cancelled');
    const rebooked = await call(A(), 'POST', `/api/requestimates/${request.id}/actions/book`, {
      startDate: '2025-03-20',
    });
    expect(rebooked.statusCode, rebooked.body).toBe(200);
    await drain();
    const live = fake.events(SHOP).filter((e) => e.description === `Request #${request.id}`);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ start: { date: '2025-03-20' }, end: { date: '2025-03-22' } });
  });

  it('book → delete: the estimate’s appointment is removed; delAppt / addAppt take it off and put it back', async () => {
    const { request } = await w.estimate();
    expect(
      (await call(A(), 'POST', `/api/requestimates/${request.id}/actions/book`, { startDate: '2025-03-13' }))
        .statusCode,
    ).toBe(200);
    await drain();
    const mine = () => fake.events(SHOP).filter((e) => e.description === `Request #${request.id}`);
    expect(mine()).toHaveLength(1);
    const eventId = mine()[0]!.id;

    const del = await call(A(), 'PUT', '/api/delAppt/', {
      requestId: request.id,
      installerId: w.installerA.id,
    });
    expect(del.json()).toEqual({ success: true, requestId: request.id, removed: [eventId] });
    expect(mine()).toHaveLength(0);
    expect((await look.calendar(request.id)).every((d) => d.eventId === null)).toBe(true);
    const add = await call(A(), 'PUT', '/api/addAppt/', {
      request: request.id,
      installerId: w.installerA.id,
    });
    expect(add.statusCode, add.body).toBe(200);
    const again = await call(A(), 'PUT', '/api/addAppt/', { request: request.id });
    expect(again.json()).toMatchObject({ alreadySynced: true, eventId: add.json().eventId });
    expect(mine()).toHaveLength(1);

    const deleted = await call(A(), 'POST', `/api/requestimates/${request.id}/actions/delete`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    await drain();
    expect(mine()).toHaveLength(0);
  });

  it('an outbox item delivered twice (a crash after Google answered) adds one event: the same deterministic id', async () => {
    const { request } = await w.estimate();
    await call(A(), 'POST', `/api/requestimates/${request.id}/actions/book`, { startDate: '2025-03-19' });
    await drain();
    const mine = () => fake.events(SHOP).filter((e) => e.description === `Request #${request.id}`);
    expect(mine()).toHaveLength(1);
    const first = mine()[0]!.id;
    // As if the process died before recording the delivery: the ids are not kept, the item runs again.
    await t.database.db.execute(
      sql`update calendar_days set event_id = null where request_id = ${request.id}`,
    );
    await t.database.db.execute(
      sql`update outbox set status = 'pending', next_attempt_at = now() where request_id = ${request.id} and kind = 'add-appointment'`,
    );
    await drain();
    expect(mine().map((e) => e.id)).toEqual([first]);
    expect((await look.calendar(request.id)).every((d) => d.eventId === first)).toBe(true);
  });

  it('Google down: the booking answers, the outbox retries, the days stay unsynced until it is back', async () => {
    fake.setDown(503);
    const { request } = await w.estimate();
    const booked = await call(A(), 'POST', `/api/requestimates/${request.id}/actions/book`, {
      startDate: '2025-03-14',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    await t.app.outbox.worker.runOnce();
    const item = (await look.outbox(request.id)).find((i) => i.kind === 'add-appointment');
    expect(['pending', 'failed']).toContain(item?.status);
    expect((await look.calendar(request.id)).every((d) => d.eventId === null)).toBe(true);
    const direct = await call(A(), 'PUT', '/api/addAppt/', { request: request.id });
    expect(direct.statusCode).toBe(503);
    expect(direct.json().message).toBe(M.googleFailed);
    fake.setDown(null);
    // The retry (its backoff forced due) delivers it.
    await t.database.db.execute(
      sql`update outbox set next_attempt_at = now() where request_id = ${request.id} and status <> 'sent'`,
    );
    await drain();
    expect((await look.calendar(request.id)).every((d) => d.eventId !== null)).toBe(true);
  });

  it('Sync All: 12 unsynced entries in groups of 5 (colorId 6) all become synced', async () => {
    const line = [{ serviceCategory: 'PPF', description: 'Hood', amountCents: 50_000, durationTenths: 10 }];
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { request } = await createServiceRequest(t.database.db, {
        requestType: 'installer',
        requestorInstallerId: w.installerA.id,
        customerId: w.customer.id,
        currentState: 'scheduled',
        assignedInstallerId: w.installerA.id,
        lines: line,
        calendar: { startDate: `2025-04-${String(i + 1).padStart(2, '0')}`, workStatus: 'booked' },
      });
      ids.push(request.id);
    }
    const before = fake.events(SHOP).length;
    for (let i = 0; i < ids.length; i += 5) {
      const group = ids.slice(i, i + 5);
      const answers = await Promise.all(
        group.map((id) =>
          call(A(), 'PUT', '/api/addAppt/', { request: id, colorId: 6, installerId: w.installerA.id }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    }
    const added = fake.events(SHOP).slice(before);
    expect(added).toHaveLength(12);
    expect(added.every((e) => e.colorId === '6')).toBe(true);
    for (const id of ids) expect((await look.calendar(id)).every((d) => d.eventId !== null)).toBe(true);
  });

  it('expiry: invalid_grant marks the location not linked, stops, and keeps the entries needing sync', async () => {
    const { request } = await w.estimate();
    await call(A(), 'POST', `/api/requestimates/${request.id}/actions/book`, { startDate: '2025-03-17' });
    fake.expireGrants();
    await t.app.outbox.worker.runOnce();
    // Never retried forever: the item stops at once.
    expect((await look.outbox(request.id)).find((i) => i.kind === 'add-appointment')?.status).toBe('dead');
    expect((await look.calendar(request.id)).every((d) => d.eventId === null)).toBe(true);
    expect(await installerAuth()).toMatchObject({ authenticated: 0, Authenticated: 0, calendar_id: null });
    expect((await connectionRow())?.status).toBe('expired');
    const sync = await call(A(), 'PUT', '/api/addAppt/', { request: request.id, colorId: '6' });
    expect(sync.statusCode).toBe(409);
    expect(sync.json()).toMatchObject({ message: M.expired, details: { reason: 'calendar_expired' } });
    expect((await call(A(), 'GET', `/api/googlecal/connection/${w.installerA.id}`)).json().status).toBe(
      'expired',
    );
  });

  it('reconnect, then disconnect revokes the grant at Google and unlinks the location', async () => {
    await connectAndSelect();
    expect(await installerAuth()).toMatchObject({ authenticated: 1 });
    const tokens = [...fake.refreshTokens];
    const res = await call(A(), 'DELETE', `/api/googlecal/disconnect/${w.installerA.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      installer_id: w.installerA.id,
      revoked: true,
      message: M.disconnected,
    });
    expect(fake.revoked.some((r) => tokens.includes(r))).toBe(true);
    expect(await installerAuth()).toMatchObject({ authenticated: 0, calendar_id: null });
    expect((await connectionRow())?.refreshTokenCiphertext).toBeNull();
    const select = await call(A(), 'POST', '/api/googlecal/select', {
      installerId: w.installerA.id,
      calendarId: SHOP,
    });
    expect(select.statusCode).toBe(409);
  });
});
