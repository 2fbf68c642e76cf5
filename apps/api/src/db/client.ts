import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withTimeout } from '../timeout';
import { type DiskSync, durablePgliteOptions, syncTree } from './durable-nodefs';
import * as schema from './schema/all';

export type Schema = typeof schema;
/** One database type for both drivers: code never knows whether it runs on PGlite or PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /** Runs raw SQL (several statements allowed) — used by migrations tooling and tests. */
  exec: (sqlText: string) => Promise<void>;
  /** Runs fn while holding a PostgreSQL session advisory lock on a dedicated connection (PGlite: just runs it). */
  withAdvisoryLock: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
  /** Resolves when the database answers `select 1` within timeoutMs; rejects otherwise (readiness). */
  ping: (timeoutMs: number) => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File; diskSync?: DiskSync }
  | { kind: 'postgres'; url: string; poolSize?: number };

/**
 * The embedded database serves one shop: PostgreSQL's default 128 MB of shared buffers would be touched at
 * start and kept for ever (measured: 301 MB resident for PGlite alone with the demo data, 173 MB with 32 MB).
 * Pages beyond them come from the data directory through the OS cache; a bigger installation moves to
 * PostgreSQL (DATABASE_URL).
 */
const PGLITE_CONF = ['shared_buffers=32MB'];
/** The extensions the migrations create (pg_trgm: the names' trigram indexes, migration 0029). */
const PGLITE_EXTENSIONS = { pg_trgm };

/** How long a query waits for a new PostgreSQL connection before it fails. */
const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the database is down a query waits at most this long for a connection, then fails (503).
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection the server closes (restart, failover, admin termination) emits 'error' on its client;
    // unhandled, that would crash the process. The pool listens only while a client is idle in it, so
    // every client also gets a listener of its own for the time it is checked out (a transaction, the
    // advisory lock, the outbox worker's claim). The query in flight, if any, fails by itself (503),
    // the pool drops the broken client on release and opens a new one on the next query.
    const onConnectionLost = (error: Error) => {
      if ((error as { code?: string }).code !== '57P01')
        console.warn(`database connection lost: ${error.message}`);
    };
    pool.on('error', onConnectionLost);
    pool.on('connect', (client) => {
      client.on('error', onConnectionLost);
    });
    // Fail fast with a clear message rather than on the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      withAdvisoryLock: async (key, fn) => {
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
          lockClient.release();
        }
      },
      ping: (timeoutMs) => withTimeout(pool.query('select 1'), timeoutMs, 'The database'),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
    // A commit is acknowledged once its WAL is on disk, as on PostgreSQL (decision 007).
    const durable = durablePgliteOptions(dir, options.diskSync);
    client = new PGlite({
      ...durable,
      postgresqlconf: [...PGLITE_CONF, ...durable.postgresqlconf],
      extensions: PGLITE_EXTENSIONS,
    });
    await client.waitReady;
    if (isNew) syncTree(dir, options.diskSync);
  } else {
    client = new PGlite({
      postgresqlconf: PGLITE_CONF,
      extensions: PGLITE_EXTENSIONS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    withAdvisoryLock: (_key, fn) => fn(),
    ping: (timeoutMs) => withTimeout(client.query('select 1'), timeoutMs, 'The database'),
    close: () => client.close(),
  };
}
