import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { outbox } from '../../db/schema/outbox';
import { enqueueOutbox } from './outbox-enqueue';
import { startTestSmtpServer, type TestSmtpServer } from './outbox-test-smtp';

// biome-ignore lint/style/noProcessEnv: the PostgreSQL server of this test comes from the environment
const serverUrl = process.env.TEST_DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../..');
const MESSAGE_COUNT = 100;

type ChildReport = { delivered: number; handled: number; pid: number };

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function startChild(databaseUrl: string, smtpUrl: string) {
  const child = fork(path.join(here, 'outbox-two-process.child.ts'), [databaseUrl, smtpUrl], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m) => m === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
  const report = new Promise<ChildReport>((resolve, reject) => {
    child.on('message', (m) => typeof m === 'object' && resolve(m as ChildReport));
    child.once('exit', (code) => code !== 0 && reject(new Error(`child exited with ${code}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, ready, report, exited };
}

describe.skipIf(!serverUrl)('outbox: two processes on one PostgreSQL', () => {
  const name = `outbox_two_proc_${randomBytes(5).toString('hex')}`;
  let database: DatabaseHandle | null = null;
  let smtp: TestSmtpServer | null = null;
  const children: ChildProcess[] = [];

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await smtp?.close();
    await database?.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it(`delivers ${MESSAGE_COUNT} e-mails exactly once between them`, async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = withDatabase(serverUrl ?? '', name);
    database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await runMigrations(database);
    for (let i = 1; i <= MESSAGE_COUNT; i++) {
      const n = String(i).padStart(3, '0');
      await enqueueOutbox(database.db, {
        channel: 'email',
        kind: 'two-process',
        payload: { to: `user${n}@example.test`, subject: `Two-process mail ${n}`, text: `Message ${n}` },
      });
    }
    // A little latency per message, as a real relay has, so the two workers overlap.
    smtp = await startTestSmtpServer({ delayMs: 5 });

    const started = Date.now();
    const a = startChild(url, smtp.url);
    const b = startChild(url, smtp.url);
    children.push(a.child, b.child);
    await Promise.all([a.ready, b.ready]);
    const go = Date.now();
    a.child.send('go');
    b.child.send('go');
    const reports = await Promise.all([a.report, b.report]);
    const deliveredMs = Date.now() - go;
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);

    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(MESSAGE_COUNT);
    expect(new Set(subjects).size).toBe(MESSAGE_COUNT);
    expect(reports.map((r) => r.delivered).reduce((x, y) => x + y, 0)).toBe(MESSAGE_COUNT);
    for (const r of reports) expect(r.delivered).toBeGreaterThan(0);

    const rows = await database.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox);
    expect(rows).toHaveLength(MESSAGE_COUNT);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    console.info(
      `[outbox] two processes: ${reports.map((r) => r.delivered).join(' + ')} e-mails, ` +
        `${deliveredMs} ms after go (${go - started} ms to start both)`,
    );
  });
});
