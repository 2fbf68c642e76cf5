import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDealer, createUser } from '../src/db/factories/identity';
import { createServiceRequest } from '../src/db/factories/service-requests';
import { enqueueOutbox } from '../src/modules/outbox/outbox-enqueue';
import { startTestSmtpServer, type TestSmtpServer } from '../src/modules/outbox/outbox-test-smtp';
import { type ApiProcess, startApiProcess, stopApiProcess as stop } from './api-process';
import { createTestDatabase, type TestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../../..');

// Scale-out: several stateless API processes on one PostgreSQL.
describe.skipIf(inject('testDb') !== 'postgres')('two API processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let dealerId = 0;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startTestSmtpServer({ delayMs: 5 });
    const dealer = await createDealer(database.db, { name: 'Two Process Motors' });
    dealerId = dealer.id;
    await createUser(database.db, {
      email: 'scale@example.test',
      password: 'scale-out-pass',
      dealerId: dealer.id,
    });
    const env = {
      DATABASE_URL: database.url!,
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: '100',
      JWT_SECRET: 'two-process-secret-two-process-secret-0123',
      DATA_DIR: path.join(root, '.cache/two-process'),
    };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => stop(p.child)));
    await smtp?.close();
    await database?.drop();
  });

  it('both processes serve sign-ins, and a token from one works on the other', async () => {
    const tokens = [];
    for (const { url } of processes) {
      const res = await fetch(`${url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'scale@example.test', password: 'scale-out-pass' }),
      });
      expect(res.status).toBe(200);
      tokens.push(
        (await res.json()) as { accessToken: string; refreshToken: string; user: { companyId: number } },
      );
    }
    const [a, b] = tokens;
    const cross = await fetch(`${processes[1]!.url}/api/dealers/${a!.user.companyId}`, {
      headers: { authorization: `Bearer ${a!.accessToken}` },
    });
    expect(cross.status).toBe(200);
    // A refresh token rotated on one process is spent on the other.
    const refreshed = await fetch(`${processes[0]!.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: b!.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    const replay = await fetch(`${processes[1]!.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: b!.refreshToken }),
    });
    expect(replay.status).toBe(401);
  });

  it('a list and a full request cached by one process show a change made through the other', async () => {
    const { request } = await createServiceRequest(database.db, {
      requestType: 'dealer',
      requestorDealerId: dealerId,
      currentState: 'new',
    });
    const signInOn = async (url: string) => {
      const res = await fetch(`${url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'scale@example.test', password: 'scale-out-pass' }),
      });
      return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
    };
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const onA = await signInOn(a.url);
    const onB = await signInOn(b.url);
    const listOnB = async () => {
      const res = await fetch(`${b.url}/api/requestimates/list/?mode=requests`, { headers: onB });
      return ((await res.json()) as { items: { requestId: number }[] }).items.map((r) => r.requestId);
    };
    const fullOnB = async () =>
      (await fetch(`${b.url}/api/requestimates/fullrequest/?Id=${request.id}`, { headers: onB })).status;
    // Read twice on B: the second answer comes from B's cache.
    for (let i = 0; i < 2; i++) {
      expect(await listOnB()).toContain(request.id);
      expect(await fullOnB()).toBe(200);
    }
    // The dealer deletes the request through A; B's next reads are the database's.
    const deleted = await fetch(`${a.url}/api/requestimates/${request.id}/actions/delete`, {
      method: 'POST',
      headers: { ...onA, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(deleted.status, await deleted.text()).toBe(200);
    expect(await listOnB()).not.toContain(request.id);
    expect(await fullOnB()).toBe(404);
  });

  it('delivers 100 queued e-mails exactly once between them', async () => {
    for (let i = 0; i < 100; i++) {
      await enqueueOutbox(database.db, {
        channel: 'email',
        kind: 'scale-test',
        payload: { to: `reader${i}@example.test`, subject: `Message ${i}`, text: `Body ${i}` },
      });
    }
    const deadline = Date.now() + 60_000;
    while (smtp.received.length < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Give a duplicate, if any, time to arrive.
    await new Promise((r) => setTimeout(r, 1000));
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(100);
    expect(new Set(subjects).size).toBe(100);
    const rows = await database.db.execute(
      "select status, count(*)::int as n from outbox where kind = 'scale-test' group by status",
    );
    expect((rows as unknown as { rows: { status: string; n: number }[] }).rows).toEqual([
      { status: 'sent', n: 100 },
    ]);
  });
});
