import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import { createTestConfig } from '../../config';
import { outbox } from '../../db/schema/outbox';
import { createOutboxModule, type OutboxModule } from './outbox.module';
import { LEASE_EXPIRED_ERROR } from './outbox.repository';
import { enqueueOutbox } from './outbox-enqueue';
import type { EmailMessage } from './outbox-messages';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from './outbox-test-smtp';

let database: TestDatabase;
let smtp: TestSmtpServer;
const modules: OutboxModule[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer({
    rejectWhen: (recipient, attempt) => {
      if (recipient === 'flaky@example.test' && attempt === 1) return 'Mailbox busy, try later';
      if (recipient === 'broken@example.test') return 'Mailbox unavailable';
      return null;
    },
  });
});

afterEach(async () => {
  for (const m of modules.splice(0)) await m.worker.stop();
  await database.db.delete(outbox);
  smtp.received.length = 0;
  smtp.attemptsByRecipient.clear();
});

afterAll(async () => {
  await smtp?.close();
  await database?.drop();
});

function createModule(
  overrides: Parameters<typeof createTestConfig>[0] = {},
  worker: Parameters<typeof createOutboxModule>[0]['worker'] = {},
) {
  const m = createOutboxModule({
    config: createTestConfig({ smtpUrl: smtp.url, ...overrides }),
    db: database.db,
    worker,
  });
  modules.push(m);
  return m;
}

async function findItem(id: number) {
  const rows = await database.db.select().from(outbox).where(eq(outbox.id, id));
  if (!rows[0]) throw new Error(`outbox ${id} missing`);
  return rows[0];
}

async function enqueueEmail(to: string, subject: string, extra: { requestId?: number } = {}) {
  await enqueueOutbox(database.db, {
    channel: 'email',
    kind: 'test',
    payload: { to, subject, text: `Body of ${subject}` },
    ...extra,
  });
  const rows = await database.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(sql`${outbox.payload}->>'subject' = ${subject}`);
  if (!rows[0]) throw new Error('enqueue failed');
  return rows[0].id;
}

/** Makes an item due now, as if its backoff had elapsed. */
async function makeDue(id: number) {
  await database.db
    .update(outbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outbox.id, id));
}

async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('outbox worker over SMTP', () => {
  it('delivers each queued e-mail exactly once, with subject, recipient and body', async () => {
    const m = createModule();
    expect(m.adapters.mail).toBe('smtp');
    const ids = [
      await enqueueEmail('ann@example.test', 'Job 1 scheduled'),
      await enqueueEmail('bob@example.test', 'Job 2 scheduled'),
      await enqueueEmail('cy@example.test', 'Job 3 scheduled'),
    ];

    expect(await m.worker.runOnce()).toBe(3);
    expect(await m.worker.runOnce()).toBe(0);

    const bySubject = (s: string) => smtp.received.filter((r: ReceivedMail) => r.subject === s);
    expect(smtp.received).toHaveLength(3);
    for (const [i, to] of ['ann', 'bob', 'cy'].entries()) {
      const mails = bySubject(`Job ${i + 1} scheduled`);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.rcptTo).toEqual([`${to}@example.test`]);
      expect(mails[0]?.body).toContain(`Body of Job ${i + 1} scheduled`);
      expect(mails[0]?.raw).toMatch(/^From: Test <test@marketplace\.local>/im);
    }
    for (const id of ids) {
      const item = await findItem(id);
      expect(item).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
      expect(item.sentAt).toBeInstanceOf(Date);
    }
  });

  it('retries a rejected e-mail with backoff, then delivers it', async () => {
    const m = createModule();
    const id = await enqueueEmail('flaky@example.test', 'Flaky one');

    expect(await m.worker.runOnce()).toBe(1);
    const failed = await findItem(id);
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('Mailbox busy');
    // 5 s × 2^1 ± 20 %: at least 8 s after the attempt.
    expect(failed.nextAttemptAt.getTime() - failed.createdAt.getTime()).toBeGreaterThanOrEqual(7_900);
    expect(smtp.received).toHaveLength(0);

    // Not due yet: nothing happens.
    expect(await m.worker.runOnce()).toBe(0);

    await makeDue(id);
    expect(await m.worker.runOnce()).toBe(1);
    const sent = await findItem(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((r) => r.subject)).toEqual(['Flaky one']);
  });

  it('gives up after max_attempts: the item is dead, with its last error', async () => {
    const m = createModule();
    const id = await enqueueEmail('broken@example.test', 'Never arrives');
    await database.db.update(outbox).set({ maxAttempts: 3 }).where(eq(outbox.id, id));

    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue(id);
      expect(await m.worker.runOnce()).toBe(1);
      const item = await findItem(id);
      expect(item.attempts).toBe(attempt);
      expect(item.status).toBe(attempt < 3 ? 'failed' : 'dead');
    }
    await makeDue(id);
    expect(await m.worker.runOnce()).toBe(0);
    const dead = await findItem(id);
    expect(dead.lastError).toContain('Mailbox unavailable');
    expect(smtp.attemptsByRecipient.get('broken@example.test')).toBe(3);
  });

  it('fails an item with no handler loudly and keeps retrying it; a handler registered later delivers it', async () => {
    const m = createModule();
    await enqueueOutbox(database.db, {
      channel: 'calendar',
      kind: 'job-booked',
      payload: { jobId: 7 },
      requestId: 7,
    });
    expect(await m.worker.runOnce()).toBe(1);
    const [item] = await database.db.select().from(outbox).where(eq(outbox.channel, 'calendar'));
    expect(item).toMatchObject({ status: 'failed', attempts: 1 });
    expect(item?.lastError).toBe('No outbox handler registered for channel "calendar" kind "job-booked"');

    const seen: unknown[] = [];
    m.registerHandler('calendar', 'job-booked', async (delivery) => {
      seen.push(delivery.payload);
    });
    expect(() => m.registerHandler('calendar', 'job-booked', async () => {})).toThrow(/already registered/);
    await makeDue(item?.id ?? 0);
    expect(await m.worker.runOnce()).toBe(1);
    expect(seen).toEqual([{ jobId: 7 }]);
    expect(await findItem(item?.id ?? 0)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('marks an item dead at once on a permanent error, and on an invalid payload', async () => {
    const m = createModule();
    m.registerHandler('webhook', async () => {
      throw new PermanentDeliveryError('endpoint says 410 Gone');
    });
    await enqueueOutbox(database.db, { channel: 'webhook', kind: 'x', payload: {} });
    // A malformed row, as a bug elsewhere could write it.
    const malformed = { subject: 'no recipient' } as unknown as EmailMessage;
    await enqueueOutbox(database.db, { channel: 'email', kind: 'bad', payload: malformed });
    expect(await m.worker.runOnce()).toBe(2);
    const rows = await database.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['dead', 1],
      ['dead', 1],
    ]);
    expect(rows[0]?.lastError).toContain('410 Gone');
    expect(rows[1]?.lastError).toMatch(/invalid payload: to/);
  });

  it('counts a hung handler as a failed attempt instead of wedging the worker', async () => {
    const m = createModule({}, { lockMs: 400 });
    m.registerHandler('webhook', () => new Promise<void>(() => {}));
    await enqueueOutbox(database.db, { channel: 'webhook', kind: 'hangs', payload: {} });
    expect(await m.worker.runOnce()).toBe(1);
    const [item] = await database.db.select().from(outbox);
    expect(item).toMatchObject({ status: 'failed', attempts: 1 });
    expect(item?.lastError).toContain('did not finish within 200 ms');
  });

  it('reclaims an item left in "sending" by a crashed process once its lease expired (at-least-once)', async () => {
    const m = createModule();
    const id = await enqueueEmail('ann@example.test', 'Crashed mid-send');
    const lastTry = await enqueueEmail('bob@example.test', 'Crashed on its last attempt');
    const stuck = { status: 'sending', lockedUntil: sql`now() + interval '1 minute'` };
    await database.db
      .update(outbox)
      .set({ ...stuck, attempts: 1 })
      .where(eq(outbox.id, id));
    await database.db
      .update(outbox)
      .set({ ...stuck, attempts: 12 })
      .where(eq(outbox.id, lastTry));
    expect(await m.worker.runOnce()).toBe(0); // leases still held by the "other" process

    await database.db.update(outbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await m.worker.runOnce()).toBe(1);
    expect(await findItem(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: LEASE_EXPIRED_ERROR });
    expect(await findItem(lastTry)).toMatchObject({
      status: 'dead',
      attempts: 12,
      lastError: LEASE_EXPIRED_ERROR,
    });
    expect(smtp.received.map((r) => r.subject)).toEqual(['Crashed mid-send']);
  });

  it('start() delivers soon after enqueue without waiting for the poll (LISTEN/NOTIFY), stop() waits for the batch', async () => {
    const m = createModule({ outboxPollMs: 60_000 });
    let release: () => void = () => {};
    let started = 0;
    m.registerHandler('webhook', async () => {
      started++;
      await new Promise<void>((r) => {
        release = r;
      });
    });
    m.worker.start();
    await new Promise((r) => setTimeout(r, 100)); // first (empty) poll done; next poll in 60 s

    const t0 = Date.now();
    await enqueueEmail('ann@example.test', 'Instant');
    await waitFor(() => smtp.received.length === 1, 3_000);
    const latencyMs = Date.now() - t0;
    expect(latencyMs).toBeLessThan(2_000);

    await enqueueOutbox(database.db, { channel: 'webhook', kind: 'slow', payload: {} });
    await waitFor(() => started === 1, 3_000);
    let isStopped = false;
    const stopping = m.worker.stop().then(() => {
      isStopped = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(isStopped).toBe(false);
    release();
    await stopping;
    const [hook] = await database.db.select().from(outbox).where(eq(outbox.channel, 'webhook'));
    expect(hook?.status).toBe('sent');
    console.info(`[outbox] ${database.kind}: enqueue → SMTP delivery with a 60 s poll: ${latencyMs} ms`);
  });
});
