import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createDealer, createUser } from '../src/db/factories/identity';
import { createServiceRequest } from '../src/db/factories/service-requests';
import { type ApiProcess, startApiProcess, stopApiProcess } from './api-process';
import { createTestDatabase, type TestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome = { call: string; status: number | 'no answer'; retryAfter: string | null; code?: string };

// Finding 5 of issue 19: an unhandled 'error' from a checked-out pg client crashed the API process when
// PostgreSQL dropped its connections during writes.
describe.skipIf(inject('testDb') !== 'postgres')(
  'the API process outlives PostgreSQL dropping its connections (PostgreSQL only: PGlite has no connections to drop)',
  () => {
    let database: TestDatabase;
    let api: ApiProcess;
    let exited: string | null = null;
    let dealerId = 0;
    let auth: Record<string, string> = {};
    const requestIds: number[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const dealer = await createDealer(database.db, { name: 'Dropped Connections Motors' });
      dealerId = dealer.id;
      await createUser(database.db, { email: 'drop@example.test', password: 'drop-test-pass', dealerId });
      for (let i = 0; i < 400; i++) {
        const { request } = await createServiceRequest(database.db, {
          requestType: 'dealer',
          requestorDealerId: dealerId,
          currentState: 'new',
        });
        requestIds.push(request.id);
      }
      api = await startApiProcess({
        DATABASE_URL: database.url!,
        OUTBOX_POLL_MS: '50',
        JWT_SECRET: 'database-drop-secret-database-drop-secret-01',
        DATA_DIR: path.join(root, '.cache/database-drop'),
      });
      api.child.once('exit', (code, signal) => {
        exited = `exit code ${code}, signal ${signal}`;
      });
      const res = await fetch(`${api.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'drop@example.test', password: 'drop-test-pass' }),
      });
      expect(res.status).toBe(200);
      auth = { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
    }, 120_000);

    afterAll(async () => {
      if (api) await stopApiProcess(api.child);
      await database?.drop();
    });

    /** A write in one statement (a page view) and one in a transaction (deleting a request). */
    async function write(kind: 'page view' | 'delete', requestId = 0): Promise<Outcome> {
      const [url, body] =
        kind === 'page view'
          ? [`${api.url}/api/page-views`, { label: 'dealerRequests', path: '/requests' }]
          : [`${api.url}/api/requestimates/${requestId}/actions/delete`, {}];
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await res.json().catch(() => ({}))) as { code?: string };
        return {
          call: kind,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          code: json.code,
        };
      } catch {
        return { call: kind, status: 'no answer', retryAfter: null };
      }
    }

    /** From an admin connection to another database, as an operator or a failover would. */
    async function terminateApiConnections(): Promise<number> {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const result = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [new URL(database.url!).pathname.slice(1)],
        );
        return result.rowCount ?? 0;
      } finally {
        await admin.end();
      }
    }

    it('answers 503 with Retry-After (never a crash, never 500) and serves again without a restart', async () => {
      const outcomes: Outcome[] = [];
      let isWriting = true;
      const pending = [...requestIds];
      const client = async (n: number) => {
        while (isWriting) {
          const requestId = n % 2 === 0 ? pending.shift() : undefined;
          outcomes.push(await write(requestId ? 'delete' : 'page view', requestId));
        }
      };
      const clients = Array.from({ length: 6 }, (_, n) => client(n));
      let terminated = 0;
      for (let round = 0; round < 6; round++) {
        await sleep(250);
        terminated += await terminateApiConnections();
      }
      await sleep(250);
      isWriting = false;
      await Promise.all(clients);

      expect(exited).toBeNull();
      expect(terminated).toBeGreaterThan(0);
      const unexpected = outcomes.filter(
        (o) =>
          !(o.status === 200 || o.status === 201) &&
          !(o.status === 503 && o.retryAfter !== null && o.code === 'SERVICE_UNAVAILABLE'),
      );
      expect(unexpected).toEqual([]);
      expect(outcomes.filter((o) => o.status === 200 || o.status === 201).length).toBeGreaterThan(0);

      // Ready again (the pool reconnects on the next query), and a write goes through.
      const ready = await fetch(`${api.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
      expect((await write('page view')).status).toBe(201);
      expect((await write('delete', pending.shift())).status).toBe(200);
      expect(exited).toBeNull();
    });
  },
);

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A port in 20000–32767 that nothing listens on now (tried in random order). */
async function freePortBelowEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12768);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 20000–32767');
}
const canRunOwnPostgres = existsSync(`${PG_BIN}/pg_ctl`) && process.getuid?.() === 0;

describe.skipIf(inject('testDb') !== 'postgres' || !canRunOwnPostgres)(
  'the API process outlives a PostgreSQL stop and start (PostgreSQL only, and needs root and PostgreSQL 15 binaries to run a server of its own)',
  () => {
    let dir = '';
    let url = '';
    let serverOptions = '';
    let api: ApiProcess;
    let exited: string | null = null;
    /** Runs a PostgreSQL program as the postgres user; the server it starts keeps no pipe of ours open. */
    const asPostgres = (program: string, ...args: string[]) => {
      const run = spawnSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${program}`, ...args], {
        stdio: 'ignore',
      });
      if (run.status !== 0) {
        // The server's own log says why a start or stop failed (a port taken, shared memory, …).
        const log = existsSync(`${dir}/log`)
          ? readFileSync(`${dir}/log`, 'utf8').split('\n').slice(-15).join('\n')
          : '';
        throw new Error(`${program} ${args.join(' ')} exited with ${run.status}\n${log}`);
      }
    };
    const pgCtl = (...args: string[]) =>
      asPostgres('pg_ctl', '-D', `${dir}/data`, '-l', `${dir}/log`, ...args);

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'api-pg-restart-'));
      spawnSync('chown', ['postgres', dir]);
      asPostgres('initdb', '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres', '--no-sync');
      // The port stays the same across the restart, so it comes from below the kernel's ephemeral range
      // (32768 and up), where the suite's own outgoing connections cannot take it while the server is down.
      const port = await freePortBelowEphemeralRange();
      serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      pgCtl('-o', serverOptions, '-w', 'start');
      url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      api = await startApiProcess({
        DATABASE_URL: url,
        JWT_SECRET: 'database-restart-secret-database-restart-01',
        DATA_DIR: path.join(root, '.cache/database-restart'),
      });
      api.child.once('exit', (code, signal) => {
        exited = `exit code ${code}, signal ${signal}`;
      });
      // The API migrated the database at start; its user is added beside it.
      const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      const dealer = await createDealer(handle.db, { name: 'Restart Motors' });
      await createUser(handle.db, {
        email: 'restart@example.test',
        password: 'restart-pass',
        dealerId: dealer.id,
      });
      await handle.close();
    }, 120_000);

    afterAll(async () => {
      if (api) await stopApiProcess(api.child);
      if (dir) {
        pgCtl('-m', 'immediate', 'stop');
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('answers 503 with Retry-After while PostgreSQL is down and serves again once it is back', async () => {
      const signIn = () =>
        fetch(`${api.url}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'restart@example.test', password: 'restart-pass' }),
        });
      const signedIn = await signIn();
      expect(signedIn.status).toBe(200);
      const { accessToken } = (await signedIn.json()) as { accessToken: string };
      const pageView = () =>
        fetch(`${api.url}/api/page-views`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ label: 'dealerRequests' }),
        });
      expect((await pageView()).status).toBe(201);

      pgCtl('-m', 'fast', '-w', 'stop');
      const ready = await fetch(`${api.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).not.toBeNull();
      expect(((await ready.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
      const write = await pageView();
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).not.toBeNull();
      expect(exited).toBeNull();

      pgCtl('-o', serverOptions, '-w', 'start');
      expect((await fetch(`${api.url}/api/health/ready`)).status).toBe(200);
      expect((await pageView()).status).toBe(201);
      expect((await signIn()).status).toBe(200);
      expect(exited).toBeNull();
    });
  },
);
