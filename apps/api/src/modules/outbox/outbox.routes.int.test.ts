import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, useTestApp } from '../../../test/build-test-app';
import { createLocalMessageStore } from '../../adapters/local-message-store';
import { createDealer, createUser, type Dealer } from '../../db/factories/identity';
import { localMessages, outbox } from '../../db/schema/outbox';
import { buildLifecycleWorld, type LifecycleWorld } from '../lifecycle/lifecycle.fixture';
import { enqueueOutbox } from './outbox-enqueue';

const PASSWORD = 'outbox-pass-123';

describe('outbox routes with the local adapters', () => {
  let headers: { authorization: string };
  let w: LifecycleWorld;
  /** A dealer request of w.dealer offered to installers A and B. */
  let requestId: number;

  const t = useTestApp({ config: { mailOutboxViewer: true } });
  beforeAll(async () => {
    await createUser(t.database.db, {
      email: 'outbox.user@example.test',
      phone: '+1 (555) 000-1001',
      password: PASSWORD,
    });
    ({ headers } = await signIn(t.app, 'outbox.user@example.test', PASSWORD));
    w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
    requestId = (await w.openRequest([w.installerA.id, w.installerB.id])).request.id;
  });

  it('shows the caller’s delivered and still-queued messages in GET /api/dev/outbox, newest first', async () => {
    const { db } = t.database;
    expect(t.app.outbox.adapters).toEqual({ mail: 'local', sms: 'local' });
    await enqueueOutbox(db, {
      channel: 'email',
      kind: 'welcome',
      payload: {
        to: 'Outbox.User@example.test',
        subject: 'Welcome',
        text: 'Hello A',
        html: '<p>Hello A</p>',
      },
      requestId,
    });
    await enqueueOutbox(db, {
      channel: 'sms',
      kind: 'reminder',
      payload: { to: '5550001001', text: 'See you at 9' },
    });
    await enqueueOutbox(db, {
      channel: 'email',
      kind: 'welcome',
      payload: { to: 'someone.else@example.test', subject: 'Not yours', text: 'Hello B' },
    });
    expect(await t.app.outbox.worker.runOnce()).toBe(3);
    await enqueueOutbox(db, {
      channel: 'email',
      kind: 'later',
      payload: { to: 'outbox.user@example.test', subject: 'Queued', text: 'Not yet' },
      requestId,
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: Record<string, unknown>[] };
    expect(items.map((i) => [i.channel, i.to, i.subject, i.text, i.status])).toEqual([
      ['email', 'outbox.user@example.test', 'Queued', 'Not yet', 'pending'],
      ['sms', '5550001001', null, 'See you at 9', 'sent'],
      ['email', 'Outbox.User@example.test', 'Welcome', 'Hello A', 'sent'],
    ]);
    expect(items[2]).toMatchObject({ attempts: 1, lastError: null });
    expect(typeof items[2]?.sentAt).toBe('string');
    expect(items[0]?.sentAt).toBeNull();

    // In the order they were queued: the worker delivers a batch concurrently, so the stored rows' own ids
    // follow whichever delivery finished first.
    const stored = await db.select().from(localMessages).orderBy(localMessages.outboxId);
    expect(stored.map((m) => [m.channel, m.to, m.html])).toEqual([
      ['email', 'Outbox.User@example.test', '<p>Hello A</p>'],
      ['sms', '5550001001', null],
      ['email', 'someone.else@example.test', null],
    ]);

    const smsOnly = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?channel=sms', headers });
    expect((smsOnly.json() as { items: unknown[] }).items).toHaveLength(1);

    const badChannel = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?channel=fax', headers });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lists the delivery state of a request’s effects to the companies that may read the request', async () => {
    const url = `/api/outbox/request/${requestId}`;
    for (const who of [w.sessions.dealer, w.sessions.installerA, w.sessions.installerB]) {
      const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      const { items } = res.json() as { items: Record<string, unknown>[] };
      expect(items.map((i) => [i.channel, i.kind, i.status, i.attempts])).toEqual([
        ['email', 'welcome', 'sent', 1],
        ['email', 'later', 'pending', 0],
      ]);
    }
    // Another dealership, an installer it was not offered to, a user of no company: 404, as any request read.
    for (const who of [w.sessions.otherDealer, w.sessions.installerC, { headers }]) {
      const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/outbox/request/999999',
      headers: w.sessions.dealer.headers,
    });
    expect(none.statusCode).toBe(404);
  });

  it('requires sign-in', async () => {
    for (const url of ['/api/dev/outbox', `/api/outbox/request/${requestId}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('the local adapter stores a re-delivered item once (idempotent on outbox_id)', async () => {
    const { db } = t.database;
    const [row] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, 'welcome'));
    const store = createLocalMessageStore(db);
    const again = await store.save({
      outboxId: row?.id ?? 0,
      channel: 'email',
      to: 'a@example.test',
      subject: 'Welcome',
      text: 'Hello A',
      html: null,
    });
    const stored = await db
      .select()
      .from(localMessages)
      .where(eq(localMessages.outboxId, row?.id ?? 0));
    expect(stored).toHaveLength(1);
    expect(again.id).toBe(stored[0]?.id);
  });
});

describe('the app with runOutboxWorker', () => {
  it('delivers on its own after enqueue and stops cleanly on close', async () => {
    const t = await buildTestApp({ runOutboxWorker: true, outboxPollMs: 60_000 });
    try {
      await enqueueOutbox(t.database.db, {
        channel: 'email',
        kind: 'auto',
        payload: { to: 'auto@example.test', subject: 'Automatic', text: 'Delivered by the worker loop' },
      });
      const started = Date.now();
      let stored: { to: string }[] = [];
      while (stored.length === 0 && Date.now() - started < 5_000) {
        await new Promise((r) => setTimeout(r, 20));
        stored = await t.database.db.select({ to: localMessages.to }).from(localMessages);
      }
      expect(stored).toEqual([{ to: 'auto@example.test' }]);
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/dev/outbox is absent (404 ROUTE_NOT_FOUND)', () => {
  for (const [name, overrides] of [
    ['when MAIL_OUTBOX_VIEWER is off', { mailOutboxViewer: false }],
    ['when SMTP is configured', { mailOutboxViewer: true, smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true' }],
    ['in production', { mailOutboxViewer: true, env: 'production' as const }],
  ] as const) {
    it(name, async () => {
      const t = await buildTestApp(overrides);
      try {
        await createUser(t.database.db, { email: 'hidden@example.test', password: PASSWORD });
        const { headers } = await signIn(t.app, 'hidden@example.test', PASSWORD);
        const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      } finally {
        await t.close();
      }
    });
  }
});

describe('the dev mailbox shows a user only mail addressed to it or to its companies', () => {
  let dealerX: Dealer;
  let dealerY: Dealer;
  /** A and B: users of dealership X; B's login is also X's company address. C: a user of dealership Y. */
  const sessions: Record<'a' | 'b' | 'c', { authorization: string }> = {} as never;

  const t = useTestApp({ config: { mailOutboxViewer: true } });
  beforeAll(async () => {
    const { db } = t.database;
    dealerX = await createDealer(db, { email: 'office@x-motors.test', phone: '8135551111' });
    dealerY = await createDealer(db, { email: 'office@y-motors.test', phone: '8135552222' });
    await createUser(db, { email: 'a@x-motors.test', dealerId: dealerX.id, password: PASSWORD });
    await createUser(db, { email: 'office@x-motors.test', dealerId: dealerX.id, password: PASSWORD });
    await createUser(db, { email: 'c@y-motors.test', dealerId: dealerY.id, password: PASSWORD });
    sessions.a = (await signIn(t.app, 'a@x-motors.test', PASSWORD)).headers;
    sessions.b = (await signIn(t.app, 'office@x-motors.test', PASSWORD)).headers;
    sessions.c = (await signIn(t.app, 'c@y-motors.test', PASSWORD)).headers;
  });

  const mailbox = async (headers: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?channel=email', headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { to: string; subject: string | null; text: string }[] }).items;
  };
  const resetLinks = <T extends { text: string }>(items: T[]) =>
    items.filter((i) => i.text.includes('/reset-password?token='));

  it('user A cannot read user B’s password reset link, B can (even when B’s address is A’s company address)', async () => {
    for (const email of ['office@x-motors.test', 'c@y-motors.test']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.outbox.worker.runOnce();

    expect(resetLinks(await mailbox(sessions.a))).toEqual([]);
    expect(resetLinks(await mailbox(sessions.b)).map((i) => i.to)).toEqual(['office@x-motors.test']);
    expect(resetLinks(await mailbox(sessions.c)).map((i) => i.to)).toEqual(['c@y-motors.test']);
  });

  it('mail to a company’s address is visible to its users, not to other companies’ users', async () => {
    await enqueueOutbox(t.database.db, {
      channel: 'email',
      kind: 'invoice',
      payload: { to: dealerX.email ?? '', subject: 'Invoice for X', text: 'Pay here' },
    });
    await enqueueOutbox(t.database.db, {
      channel: 'email',
      kind: 'invoice',
      payload: { to: dealerY.email ?? '', subject: 'Invoice for Y', text: 'Pay there' },
    });
    const subjects = async (headers: { authorization: string }) =>
      (await mailbox(headers)).filter((i) => i.subject?.startsWith('Invoice')).map((i) => i.subject);
    expect(await subjects(sessions.a)).toEqual(['Invoice for X']);
    expect(await subjects(sessions.b)).toEqual(['Invoice for X']);
    expect(await subjects(sessions.c)).toEqual(['Invoice for Y']);
  });
});
