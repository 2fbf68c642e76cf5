import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from '../src/db/factories/identity';
import { type ApiProcess, startApiProcess, stopApiProcess } from './api-process';
import { createTestDatabase, type TestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'burst-two-process-pass';

// Issue 19, finding 1: the sign-in limits hold for a burst split between two API processes on one PostgreSQL.
describe.skipIf(inject('testDb') !== 'postgres')('sign-in burst across two API processes', () => {
  let database: TestDatabase;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await createUser(database.db, { email: 'burst-target@example.test', password: PASSWORD });
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: 'burst-two-process-secret-burst-two-process',
      DATA_DIR: path.join(root, '.cache/burst-two-process'),
    };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => stopApiProcess(p.child)));
    await database?.drop();
  });

  const attempt = (i: number, password: string) =>
    fetch(`${processes[i % 2]!.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'burst-target@example.test', password }),
    }).then((res) => res.status);

  it('100 parallel attempts, split between the processes: at most 5 are checked, the right password sent once the limit is reached is refused', async () => {
    let limitReached: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      limitReached = resolve;
    });
    const wrong = Array.from({ length: 99 }, (_, i) =>
      attempt(i, 'wrong-password').then((status) => {
        if (status === 429) limitReached();
        return status;
      }),
    );
    await Promise.race([reached, Promise.all(wrong)]);
    const right = await attempt(1, PASSWORD);
    const statuses = [...(await Promise.all(wrong)), right];
    expect(right).toBe(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95);
  });
});
