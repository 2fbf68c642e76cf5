import { randomBytes } from 'node:crypto';
import { jobClaimMessages as m } from '@app/contracts/job-claim.contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/build-test-app';
import type { Db } from '../../db/client';
import { createDealer, createUser } from '../../db/factories/identity';
import { hashClaimToken } from '../../db/factories/referrals';
import { createServiceRequest } from '../../db/factories/service-requests';
import { installers, users } from '../../db/schema/identity';
import { requestClaimInvites } from '../../db/schema/referrals';
import { inspector, mintSession } from '../lifecycle/lifecycle.fixture';

const PASSWORD = 'claim-pass-1';

let ipCounter = 0;
/** Each call from its own address unless told: the per-IP limits are tested on their own. */
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function prospect(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: ' Dana ',
    lastName: 'Reyes',
    email: ` ${email.toUpperCase()} `,
    phone: '(813) 555-0199',
    businessName: ' Reyes Tint & Wrap ',
    password: PASSWORD,
    ...overrides,
  };
}

async function countRows(db: Db, table: 'users' | 'installers'): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
}

describe('the public job claim (/claim, rows 104–105)', () => {
  const t = useTestApp(async ({ database: { db }, config }) => {
    const dealer = await createDealer(db, { name: 'Sunrise Claims', city: 'Tampa', state: 'FL' });
    const user = await createUser(db, { dealerId: dealer.id });
    return {
      dealerId: dealer.id,
      dealerEmail: user.email,
      dealerSession: await mintSession(config.jwtSecret, user),
    };
  });

  async function openRequest() {
    const { request } = await createServiceRequest(t.database.db, {
      requestType: 'dealer',
      requestorDealerId: t.dealerId,
      currentState: 'new',
      assignedInstallerId: null,
      vehicleYear: 2023,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      availableDate: new Date('2099-03-12T08:00:00Z'),
      dueDate: new Date('2099-04-30T10:00:00Z'),
      offers: [],
    });
    return request;
  }

  async function invite(requestId: number, email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/claim/invite',
      headers: t.dealerSession.headers,
      payload: { requestId, email },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { claimLink: string; inviteId: number };
    const link = new URL(body.claimLink);
    return {
      ...body,
      token: link.searchParams.get('token') as string,
      request: link.searchParams.get('request'),
    };
  }

  const validate = (requestId: number, token: string, ip = nextIp()) =>
    t.app.inject({
      method: 'GET',
      url: `/api/claim?request=${requestId}&token=${encodeURIComponent(token)}`,
      remoteAddress: ip,
    });
  const processClaim = (payload: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/claim/process',
      payload: payload as object,
      remoteAddress: ip,
    });

  it('invite → the link shows the job → the claim makes a trial company that signs in and sees the job', async () => {
    const { db } = t.database;
    const request = await openRequest();
    const sent = await invite(request.id, 'Dana@Reyes.test');
    expect(sent.request).toBe(String(request.id));
    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db
      .select()
      .from(requestClaimInvites)
      .where(eq(requestClaimInvites.id, sent.inviteId));
    expect(stored?.tokenHash).toBe(hashClaimToken(sent.token));
    expect(stored?.email).toBe('dana@reyes.test');
    const look = inspector(db);
    const inviteMail = (await look.outbox(request.id)).find((i) => i.kind === 'job-claim-invite');
    expect(JSON.stringify(inviteMail)).toContain(sent.claimLink);

    const shown = await validate(request.id, sent.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      error: false,
      message: expect.any(String),
      jobDetails: {
        jobTotal: 1500,
        serviceRequested: expect.stringContaining('PPF'),
        availableDate: '2099/03/12 08:00:00',
        dueDate: '2099/04/30 10:00:00',
        location: 'Tampa, FL',
        vehicle: '2023 Toyota Camry',
        durationDays: 1,
        dealerName: null,
      },
    });

    const claimed = await processClaim({
      requestId: request.id,
      token: sent.token,
      prospectData: prospect('dana@reyes.test'),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ error: false, message: m.claimedSuccess });

    const [company] = await db.select().from(installers).where(eq(installers.email, 'dana@reyes.test'));
    expect(company).toMatchObject({
      name: 'Reyes Tint & Wrap',
      isTrial: true,
      onboardingComplete: false,
      phone: '8135550199',
    });
    const [user] = await db.select().from(users).where(eq(users.email, 'dana@reyes.test'));
    expect(user).toMatchObject({
      name: 'Dana Reyes',
      access: 'ADMIN',
      userType: 'installer',
      installerId: company?.id,
    });

    // The lifecycle's claim: assigned, scheduled on the requested day, booked days, history, dealer e-mail.
    const row = await look.request(request.id);
    expect(row).toMatchObject({ currentState: 'scheduled', assignedInstallerId: company?.id });
    expect(await look.offers(request.id)).toEqual([
      expect.objectContaining({ installerId: company?.id, currentStatus: 'scheduled' }),
    ]);
    const days = await look.calendar(request.id);
    expect(days.map((d) => [d.installerId, d.workStatus])).toEqual([[company?.id, 'booked']]);
    expect((await look.history(request.id)).map((h) => h.requestStatus)).toContain('scheduled');
    const mails = await look.outbox(request.id);
    expect(mails.map((i) => i.kind)).toEqual(
      expect.arrayContaining(['job-claim-invite', 'booking-confirmation', 'job-claim-welcome']),
    );
    const welcome = mails.find((i) => i.kind === 'job-claim-welcome');
    const text = JSON.stringify(welcome);
    expect(text).toContain('/reset-password?token=');
    expect(text).not.toContain(PASSWORD);

    // The new ADMIN signs in with the chosen password and finds the job in its list.
    const session = await signIn(t.app, 'dana@reyes.test', PASSWORD);
    expect(session.user.companyId).toBe(company?.id);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/requestimates/list/',
      headers: session.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { items: { requestId: number }[] }).items.map((i) => i.requestId)).toContain(
      request.id,
    );

    // The link is spent: 404 with the claimed flag on GET, 409 on POST.
    const again = await validate(request.id, sent.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: m.claimed, details: { claimed: true } });
    const twice = await processClaim({
      requestId: request.id,
      token: sent.token,
      prospectData: prospect('other@reyes.test'),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', message: m.claimed });
  });

  it('the set-password link of the welcome e-mail sets the password once', async () => {
    const request = await openRequest();
    const sent = await invite(request.id, 'setpw@reyes.test');
    const res = await processClaim({
      requestId: request.id,
      token: sent.token,
      prospectData: prospect('setpw@reyes.test'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const welcome = (await inspector(t.database.db).outbox(request.id)).find(
      (i) => i.kind === 'job-claim-welcome',
    );
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(JSON.stringify(welcome))?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token as string), password: 'a-new-password-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await signIn(t.app, 'setpw@reyes.test', 'a-new-password-9');
  });

  it('expired, forged and mismatched links are refused and change nothing', async () => {
    const { db } = t.database;
    const request = await openRequest();
    const token = randomBytes(32).toString('base64url');
    await db.insert(requestClaimInvites).values({
      requestId: request.id,
      email: 'late@reyes.test',
      tokenHash: hashClaimToken(token),
      expiresAt: new Date(Date.now() - 1000),
    });
    const live = await invite(request.id, 'live@reyes.test');
    const before = { users: await countRows(db, 'users'), installers: await countRows(db, 'installers') };
    const cases: [string, number, string][] = [
      ['expired', request.id, token],
      ['forged', request.id, randomBytes(32).toString('base64url')],
      ['another request', request.id + 1000, live.token],
    ];
    for (const [name, requestId, given] of cases) {
      const shown = await validate(requestId, given);
      expect(shown.statusCode, name).toBe(404);
      expect(shown.json(), name).toEqual({ code: 'NOT_FOUND', message: m.invalidLink });
      const claimed = await processClaim({
        requestId,
        token: given,
        prospectData: prospect('late@reyes.test'),
      });
      expect(claimed.statusCode, name).toBe(404);
      expect(claimed.json(), name).toEqual({ code: 'NOT_FOUND', message: m.invalidLink });
    }
    expect(await countRows(db, 'users')).toBe(before.users);
    expect(await countRows(db, 'installers')).toBe(before.installers);
    expect(await inspector(db).request(request.id)).toMatchObject({
      currentState: 'new',
      assignedInstallerId: null,
    });
  });

  it('an e-mail that already has an account is refused without saying more', async () => {
    const { db } = t.database;
    const request = await openRequest();
    const sent = await invite(request.id, 'someone@reyes.test');
    const before = await countRows(db, 'installers');
    const res = await processClaim({
      requestId: request.id,
      token: sent.token,
      prospectData: prospect(t.dealerEmail),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: m.emailTaken });
    expect(await countRows(db, 'installers')).toBe(before);
    // The link still works for a new address.
    expect((await validate(request.id, sent.token)).statusCode).toBe(200);
  });

  it('bad bodies get 400 with the field messages, never a 500', async () => {
    const request = await openRequest();
    const sent = await invite(request.id, 'bad@reyes.test');
    const empty = { firstName: '', lastName: ' ', email: '', phone: '', businessName: '', password: '' };
    const res = await processClaim({ requestId: request.id, token: sent.token, prospectData: empty });
    expect(res.statusCode).toBe(400);
    const messages = (res.json() as { details: { message: string }[] }).details.map((d) => d.message);
    for (const message of [
      m.firstNameRequired,
      m.lastNameRequired,
      m.emailRequired,
      'Phone number is required',
      m.businessRequired,
      m.passwordRequired,
    ]) {
      expect(messages).toContain(message);
    }
    const invalid = await processClaim({
      requestId: request.id,
      token: sent.token,
      prospectData: prospect('x', { email: 'not-an-email', phone: '555-01', password: 'short' }),
    });
    expect(invalid.statusCode).toBe(400);
    const invalidMessages = (invalid.json() as { details: { message: string }[] }).details.map(
      (d) => d.message,
    );
    expect(invalidMessages).toEqual(
      expect.arrayContaining([m.email, 'Please enter a valid phone number', m.passwordShort]),
    );
    for (const payload of [
      null,
      [],
      { requestId: 'x' },
      { requestId: request.id, token: 'a'.repeat(5000) },
    ]) {
      const r = await processClaim(payload ?? {});
      expect(r.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/claim?request=abc' })).statusCode).toBe(400);
    expect((await validate(request.id, sent.token)).statusCode).toBe(200);
  });

  it('20 parallel claims of one link: exactly one wins, 19 get 409', async () => {
    const { db } = t.database;
    const request = await openRequest();
    const sent = await invite(request.id, 'race@reyes.test');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        processClaim({
          requestId: request.id,
          token: sent.token,
          prospectData: prospect(`racer${i}@reyes.test`, { businessName: `Racer ${i}` }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'CONFLICT', message: m.claimed });
    }
    const racers = await db.execute(
      sql`select count(*)::int as n from users where email like 'racer%@reyes.test'`,
    );
    expect(Number((racers as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(1);
    const row = await inspector(db).request(request.id);
    expect(row.currentState).toBe('scheduled');
    expect(await inspector(db).offers(request.id)).toHaveLength(1);
  });

  it('the dealer invites only for its own open requests', async () => {
    const other = await createServiceRequest(t.database.db, {
      requestType: 'dealer',
      currentState: 'new',
      assignedInstallerId: null,
      offers: [],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/claim/invite',
      headers: t.dealerSession.headers,
      payload: { requestId: other.request.id, email: 'x@reyes.test' },
    });
    expect(res.statusCode).toBe(404);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/claim/invite',
      headers: t.dealerSession.headers,
      payload: { requestId: (await openRequest()).id, email: t.dealerEmail },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: m.inviteEmailTaken });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/claim/invite',
      payload: { requestId: other.request.id, email: 'x@reyes.test' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('per IP: the 61st link check and the 11th submit in 15 minutes get 429', async () => {
    const ip = '10.200.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await validate(1, 'x', ip)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    const posts: number[] = [];
    const body = { requestId: 1, token: 'x', prospectData: prospect('limit@reyes.test') };
    for (let i = 0; i < 11; i++) posts.push((await processClaim(body, '10.200.0.2')).statusCode);
    expect(posts.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(posts[10]).toBe(429);
    expect((await processClaim(body, '10.200.0.2')).json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
