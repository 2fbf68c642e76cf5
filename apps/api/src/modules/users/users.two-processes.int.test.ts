import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiProcess, startApiProcess, stopApiProcess } from '../../../test/api-process';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createInstaller, createUser } from '../../db/factories/identity';

const root = path.resolve(import.meta.dirname, '../../../../..');
const AUTH_CACHE_MS = 1000;

// Scale-out: a user disabled through one API process is refused by another within AUTH_CACHE_MS.
describe.skipIf(inject('testDb') !== 'postgres')('user management across two API processes', () => {
  let database: TestDatabase;
  const processes: ApiProcess[] = [];
  let installerId = 0;
  let targetId = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const installer = await createInstaller(database.db, { name: 'Two Process Tint' });
    installerId = installer.id;
    await createUser(database.db, {
      email: 'admin@twoprocess.test',
      password: 'admin-pass-1',
      installerId,
      access: 'ADMIN',
    });
    targetId = (
      await createUser(database.db, { email: 'tech@twoprocess.test', password: 'tech-pass-1', installerId })
    ).id;
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: 'users-two-process-secret-users-two-process',
      AUTH_CACHE_MS: String(AUTH_CACHE_MS),
      OUTBOX_POLL_MS: '500',
      DATA_DIR: path.join(root, '.cache/users-two-process'),
    };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => stopApiProcess(p.child)));
    await database?.drop();
  });

  const signIn = async (url: string, email: string, password: string) => {
    const res = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };

  it("a disabled user's access token stops working on the other process within AUTH_CACHE_MS", async () => {
    const [a, b] = processes.map((p) => p.url) as [string, string];
    const admin = await signIn(a, 'admin@twoprocess.test', 'admin-pass-1');
    const tech = await signIn(b, 'tech@twoprocess.test', 'tech-pass-1');
    const read = () =>
      fetch(`${b}/api/userAccess/${targetId}`, { headers: { authorization: `Bearer ${tech}` } });
    // Served (and now cached) by process B.
    expect((await read()).status).toBe(200);
    const disabled = await fetch(`${a}/api/users/${targetId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'tech@twoprocess.test',
        userName: 'Tech',
        userPhoneNumber: '8135550100',
        companyId: installerId,
        companyType: 'specialist',
        active: false,
      }),
    });
    expect(disabled.status, await disabled.text()).toBe(200);
    const started = performance.now();
    let status = (await read()).status;
    while (status !== 401 && performance.now() - started < AUTH_CACHE_MS * 3) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await read()).status;
    }
    const elapsed = performance.now() - started;
    expect(status).toBe(401);
    // AUTH_CACHE_MS plus the time of one call on a busy machine.
    expect(elapsed).toBeLessThan(AUTH_CACHE_MS + 500);
    console.info(`disabled user refused by the other process after ${Math.round(elapsed)} ms`);
  });
});
