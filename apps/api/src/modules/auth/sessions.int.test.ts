import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, post, signIn, useTestApp } from '../../../test/build-test-app';
import { createInstaller, createUser } from '../../db/factories/identity';
import { resetPasswordThroughOutbox } from './password-reset.fixture';

const PASSWORD = 'correct horse battery';

/** Issue 19, finding 8: signing out or resetting the password ends access tokens too, not only refresh tokens. */
describe.each([
  { authCacheMs: 0, label: 'AUTH_CACHE_MS=0' },
  { authCacheMs: 300, label: 'AUTH_CACHE_MS=300' },
])('sessions end with their access tokens ($label)', ({ authCacheMs }) => {
  const t = useTestApp({ config: { authCacheMs } }, async ({ database }) => {
    const user = await createUser(database.db, { email: 'leaver@example.test', password: PASSWORD });
    return { dealerId: user.dealerId as number };
  });

  const read = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/dealers/${t.dealerId}`, headers });
  // Another API process keeps its cached answer for at most AUTH_CACHE_MS: wait that long where it matters.
  const afterCacheTime = () => new Promise((resolve) => setTimeout(resolve, authCacheMs + 50));

  it('sign-out ends that session’s access token at once, and only that session', async () => {
    const phone = await signIn(t.app, 'leaver@example.test', PASSWORD);
    const laptop = await signIn(t.app, 'leaver@example.test', PASSWORD);
    expect((await read(phone.headers)).statusCode).toBe(200);
    expect((await read(laptop.headers)).statusCode).toBe(200);
    const out = await post(t.app, '/api/auth/signout', { refreshToken: phone.refreshToken });
    expect(out.statusCode).toBe(200);
    const refused = await read(phone.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHENTICATED');
    expect((await read(laptop.headers)).statusCode).toBe(200);
  });

  it('sign-out through another process: the token ends within AUTH_CACHE_MS', async () => {
    const session = await signIn(t.app, 'leaver@example.test', PASSWORD);
    expect((await read(session.headers)).statusCode).toBe(200);
    // What another process does: revoke the family in the database, without touching this process's cache.
    await t.database.db.execute(
      sql`update refresh_tokens set revoked_at = now() where family_id = (select family_id from refresh_tokens where id = ${session.refreshToken.split('.')[0]})`,
    );
    await afterCacheTime();
    expect((await read(session.headers)).statusCode).toBe(401);
  });

  it('a password reset ends every session’s access token', async () => {
    const first = await signIn(t.app, 'leaver@example.test', PASSWORD);
    const second = await signIn(t.app, 'leaver@example.test', PASSWORD);
    expect((await read(first.headers)).statusCode).toBe(200);
    const reset = await resetPasswordThroughOutbox(t, 'leaver@example.test', PASSWORD);
    expect(reset.statusCode).toBe(200);
    expect((await read(first.headers)).statusCode).toBe(401);
    expect((await read(second.headers)).statusCode).toBe(401);
    // A new sign-in works.
    expect((await read((await signIn(t.app, 'leaver@example.test', PASSWORD)).headers)).statusCode).toBe(200);
  });
});

/** Issue 19, finding 10: the web app's refresh token lives in an HttpOnly cookie, spent only with a CSRF header. */
describe('the refresh-token cookie', () => {
  const t = useTestApp({ config: { publicUrl: 'https://app.example.test' } }, async ({ database }) => {
    await createUser(database.db, { email: 'browser@example.test', password: PASSWORD });
  });

  type Cookie = { name: string; value: string; path?: string; secure?: boolean; httpOnly?: boolean };
  const cookieOf = (res: { cookies: { name: string; value: string }[] }): Cookie | undefined =>
    res.cookies.find((c) => c.name === 'im_refresh');

  const signInAnswer = () =>
    post(t.app, '/api/auth/signin', { email: 'browser@example.test', password: PASSWORD });

  it('sign-in sets it HttpOnly, Secure, SameSite=Strict on /api/auth, and still answers refreshToken', async () => {
    const res = await signInAnswer();
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({
      value: res.json().refreshToken,
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 30 * 24 * 60 * 60,
    });
  });

  it('refresh with the cookie and X-Requested-With rotates it; the old cookie is spent', async () => {
    const first = cookieOf(await signInAnswer())!.value;
    const refresh = (value: string, headers: Record<string, string> = { 'x-requested-with': 'fetch' }) =>
      post(t.app, '/api/auth/refresh', {}, { cookies: { im_refresh: value }, headers });
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = cookieOf(rotated);
    expect(second?.value).toBe(rotated.json().refreshToken);
    expect(second?.value).not.toBe(first);
    expect(second).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    // Spent: a replay is refused and the cookie is cleared.
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(cookieOf(replay)?.value).toBe('');
  });

  it('refuses a refresh by cookie without the X-Requested-With header, and spends nothing', async () => {
    const value = cookieOf(await signInAnswer())!.value;
    const forged = await post(t.app, '/api/auth/refresh', {}, { cookies: { im_refresh: value } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('FORBIDDEN');
    expect(cookieOf(forged)).toBeUndefined();
    const real = await post(
      t.app,
      '/api/auth/refresh',
      {},
      { cookies: { im_refresh: value }, headers: { 'x-requested-with': 'fetch' } },
    );
    expect(real.statusCode).toBe(200);
  });

  it('refresh with neither body token nor cookie is 401', async () => {
    const res = await post(t.app, '/api/auth/refresh', {}, { headers: { 'x-requested-with': 'fetch' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('sign-out by cookie revokes the session and clears the cookie', async () => {
    const value = cookieOf(await signInAnswer())!.value;
    const out = await post(
      t.app,
      '/api/auth/signout',
      {},
      { cookies: { im_refresh: value }, headers: { 'x-requested-with': 'fetch' } },
    );
    expect(out.statusCode).toBe(200);
    const cleared = cookieOf(out);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
    const after = await post(t.app, '/api/auth/refresh', { refreshToken: value });
    expect(after.statusCode).toBe(401);
  });

  it('is not Secure when PUBLIC_URL is plain http (browsers would drop it on http://127.0.0.1)', async () => {
    const plain = await buildTestApp({ publicUrl: 'http://127.0.0.1:3000' });
    try {
      await createUser(plain.database.db, { email: 'dev@example.test', password: PASSWORD });
      const res = await post(plain.app, '/api/auth/signin', {
        email: 'dev@example.test',
        password: PASSWORD,
      });
      expect(cookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect(cookieOf(res)?.secure).toBeFalsy();
    } finally {
      await plain.close();
    }
  });
});

/** Issue 19, finding 10: an ADMIN learns the account status only of users of its own companies. */
describe('user status for administrators', () => {
  const t = useTestApp(async ({ database: { db } }) => {
    const mine = await createInstaller(db, { name: 'Admin Own Tint' });
    const theirs = await createInstaller(db, { name: 'Other Company Tint' });
    await createUser(db, {
      email: 'admin@own.test',
      password: PASSWORD,
      installerId: mine.id,
      access: 'ADMIN',
    });
    await createUser(db, { email: 'colleague@own.test', installerId: mine.id, status: 'pending' });
    await createUser(db, { email: 'stranger@other.test', installerId: theirs.id });
  });

  it('answers for the caller’s companies and not_found for anyone else, as for a missing user', async () => {
    const admin = await signIn(t.app, 'admin@own.test', PASSWORD);
    const status = async (email: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/user-status/${encodeURIComponent(email)}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await status('colleague@own.test')).toEqual({ email: 'colleague@own.test', status: 'pending' });
    expect(await status('stranger@other.test')).toEqual({
      email: 'stranger@other.test',
      status: 'not_found',
    });
    expect(await status('nobody@nowhere.test')).toEqual({
      email: 'nobody@nowhere.test',
      status: 'not_found',
    });
  });
});
