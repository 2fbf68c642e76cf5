import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { get, post, signIn, useTestApp } from '../../../test/build-test-app';
import { userMaker } from '../../../test/world';
import { createDealer, createInstaller, createUser, grantCompanyAccess } from '../../db/factories/identity';

const PASSWORD = 'correct horse battery';

describe('identity: sign-in, tokens, sign-out', () => {
  const t = useTestApp(async ({ database: { db } }) => {
    const dealer = await createDealer(db, { name: 'Sunrise Test Motors' });
    const dealerUser = await createUser(db, {
      email: 'Dealer.Person@Example.test',
      password: PASSWORD,
      dealerId: dealer.id,
    });
    const installer = await createInstaller(db, { name: 'Elite Test Film' });
    const second = await createInstaller(db, { name: 'Elite Test Film North' });
    const groupedInstallerId = second.id;
    const otherInstallerId = (await createInstaller(db, { name: 'Someone Else Tint' })).id;
    const installerUser = await createUser(db, {
      email: 'installer@example.test',
      password: PASSWORD,
      installerId: installer.id,
      access: 'ADMIN',
    });
    await grantCompanyAccess(db, { userId: installerUser.id, installerId: second.id });
    return { dealerUser, installerUser, otherInstallerId, groupedInstallerId };
  });

  it('signs a dealer in with the groups claim and the dealer company', async () => {
    const res = await post(t.app, '/api/auth/signin', {
      email: 'dealer.person@example.test',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenType).toBe('Bearer');
    expect(body.expiresIn).toBe(900);
    expect(body.user).toMatchObject({
      userId: t.dealerUser.id,
      userType: 'dealer',
      groups: ['Dealer'],
      companyId: t.dealerUser.dealerId,
      access: 'STANDARD',
    });
    const claims = decodeJwt(body.accessToken);
    expect(claims.sub).toBe(String(t.dealerUser.id));
    expect(claims.groups).toEqual(['Dealer']);
    expect(claims.companyId).toBe(t.dealerUser.dealerId);
  });

  it('refuses a wrong password and an unknown e-mail with the same M2 answer', async () => {
    const wrong = await post(
      t.app,
      '/api/auth/signin',
      { email: 'installer@example.test', password: 'nope-nope' },
      { remoteAddress: '10.0.0.1' },
    );
    const unknown = await post(
      t.app,
      '/api/auth/signin',
      { email: 'nobody@example.test', password: 'nope-nope' },
      { remoteAddress: '10.0.0.1' },
    );
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Sign in failed. Please check your credentials and try again.',
      });
    }
  });

  it('rejects a malformed sign-in body with 400 and the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'x@y.z' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json().details)).toContain('password');
  });

  it('rotates refresh tokens; a reused token is refused and revokes the whole family', async () => {
    const session = await signIn(t.app, 'installer@example.test', PASSWORD);
    const first = await post(t.app, '/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(session.refreshToken);

    // The new access token works.
    const me = await get(t.app, '/api/auth/login/?email=installer@example.test', {
      authorization: `Bearer ${rotated.accessToken}`,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ User_id: t.installerUser.id, Company_id: t.installerUser.installerId });

    // Replaying the first refresh token: refused, and the rotated one dies with it.
    const replay = await post(t.app, '/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('UNAUTHENTICATED');
    const afterTheft = await post(t.app, '/api/auth/refresh', { refreshToken: rotated.refreshToken });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('sign-out revokes the refresh token', async () => {
    const session = await signIn(t.app, 'installer@example.test', PASSWORD);
    const out = await post(t.app, '/api/auth/signout', { refreshToken: session.refreshToken });
    expect(out.statusCode).toBe(200);
    const res = await post(t.app, '/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(res.statusCode).toBe(401);
  });

  it('switches company through refresh, only to companies the user may reach', async () => {
    const session = await signIn(t.app, 'installer@example.test', PASSWORD);
    const access = await get(t.app, `/api/userAccess/${t.installerUser.id}`, session.headers);
    expect(access.statusCode).toBe(200);
    expect(access.json().map((c: { company_name: string }) => c.company_name)).toEqual([
      'Elite Test Film',
      'Elite Test Film North',
    ]);

    const switched = await post(t.app, '/api/auth/refresh', {
      refreshToken: session.refreshToken,
      companyId: t.groupedInstallerId,
    });
    expect(switched.statusCode).toBe(200);
    const body = switched.json();
    expect(body.user.companyId).toBe(t.groupedInstallerId);
    const record = await get(t.app, `/api/installers/${t.groupedInstallerId}`, {
      authorization: `Bearer ${body.accessToken}`,
    });
    expect(record.statusCode).toBe(200);
    expect(record.json()[0]).toMatchObject({
      Installer_id: t.groupedInstallerId,
      Installer_Name: 'Elite Test Film North',
    });

    const refused = await post(t.app, '/api/auth/refresh', {
      refreshToken: body.refreshToken,
      companyId: t.otherInstallerId,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('reads the caller’s own company records and refuses another company of the same kind', async () => {
    const dealerSession = await signIn(t.app, 'dealer.person@example.test', PASSWORD);
    const own = await get(t.app, `/api/dealers/${t.dealerUser.dealerId}`, dealerSession.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      expect.objectContaining({
        dealer_id: t.dealerUser.dealerId,
        dealer_name: 'Sunrise Test Motors',
        customer_contract: 'N',
      }),
    ]);
    const otherDealer = await createDealer(t.database.db);
    const foreign = await get(t.app, `/api/DEALERS/${otherDealer.id}/`, dealerSession.headers);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
  });

  it('refuses protected calls without a token or with a tampered one', async () => {
    const none = await get(t.app, `/api/dealers/${t.dealerUser.dealerId}`);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const session = await signIn(t.app, 'dealer.person@example.test', PASSWORD);
    const tampered = `${session.accessToken.slice(0, -4)}AAAA`;
    const bad = await get(t.app, `/api/dealers/${t.dealerUser.dealerId}`, {
      authorization: `Bearer ${tampered}`,
    });
    expect(bad.statusCode).toBe(401);
  });

  it('a disabled user is refused at once, even with a valid access token', async () => {
    const user = await createUser(t.database.db, { email: 'soon-disabled@example.test', password: PASSWORD });
    const session = await signIn(t.app, 'soon-disabled@example.test', PASSWORD);
    await t.database.exec(`update users set status = 'disabled' where id = ${user.id}`);
    const res = await get(t.app, `/api/dealers/${user.dealerId}`, session.headers);
    expect(res.statusCode).toBe(401);
  });
});

describe('identity: the guard keeps a resolved user for AUTH_CACHE_MS', () => {
  const t = useTestApp({ config: { authCacheMs: 300 } });

  it('a disabled user is refused once the cache time has passed', async () => {
    const user = await createUser(t.database.db, { email: 'cached@example.test', password: PASSWORD });
    const session = await signIn(t.app, 'cached@example.test', PASSWORD);
    const call = () => get(t.app, `/api/dealers/${user.dealerId}`, session.headers);
    expect((await call()).statusCode).toBe(200);
    await t.database.exec(`update users set status = 'disabled' where id = ${user.id}`);
    // Within the cache time the earlier answer may still be used (one database read saved per call) …
    const started = Date.now();
    const soon = await call();
    if (Date.now() - started < 250) expect(soon.statusCode).toBe(200);
    // … and after it the change holds.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await call()).statusCode).toBe(401);
  });
});

describe('identity: ASSIST is read-only on the server', () => {
  const t = useTestApp(async ({ database: { db } }) => {
    const installerId = (await createInstaller(db)).id;
    const user = userMaker(db, PASSWORD);
    await user('assist-installer@example.test', { installerId }, 'ASSIST');
    await user('std-installer@example.test', { installerId });
    await user('assist-dealer@example.test', {}, 'ASSIST');
    return { installerId };
  });

  const update = (headers: Record<string, string>, id = t.installerId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/updateLocation/${id}`,
      headers,
      payload: { installerId: id, calendarId: 'shop@calendar.local' },
    });

  it('refuses writes by ASSIST users and allows their reads', async () => {
    const assist = await signIn(t.app, 'assist-installer@example.test', PASSWORD);
    const res = await update(assist.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Your access level (ASSIST) is read-only.' });
    const read = await get(t.app, `/api/installerAuth/${t.installerId}`, assist.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ authenticated: 0, calendar_id: null });

    const assistDealer = await signIn(t.app, 'assist-dealer@example.test', PASSWORD);
    expect((await update(assistDealer.headers)).statusCode).toBe(403);
    // Sign-out stays possible for ASSIST users.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: assist.headers,
      payload: { refreshToken: assist.refreshToken },
    });
    expect(out.statusCode).toBe(200);
  });

  it('lets a STANDARD installer write its own company and nobody else’s', async () => {
    const std = await signIn(t.app, 'std-installer@example.test', PASSWORD);
    const res = await update(std.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      installer_id: t.installerId,
      calendar_id: 'shop@calendar.local',
    });
    const read = await get(t.app, `/api/installerAuth/${t.installerId}`, std.headers);
    expect(read.json()).toMatchObject({
      authenticated: 1,
      Authenticated: 1,
      calendar_id: 'shop@calendar.local',
    });
    const other = (await createInstaller(t.database.db)).id;
    expect((await update(std.headers, other)).statusCode).toBe(403);
  });
});
