// The PostgreSQL the benchmarks run on: BENCH_DATABASE_URL when given, else a throwaway PostgreSQL 15
// started here as CI starts one (needs root and /usr/lib/postgresql/15/bin), removed afterwards and
// also when the benchmark is interrupted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** Runs `fn(url)` against a PostgreSQL; prints why and skips when none is available. */
export async function withPostgres(fn, { settings = '' } = {}) {
  if (process.env.BENCH_DATABASE_URL) return fn(process.env.BENCH_DATABASE_URL);
  if (!existsSync(`${BIN}/initdb`) || process.getuid?.() !== 0) {
    console.log('(no PostgreSQL: set BENCH_DATABASE_URL, or run as root with PostgreSQL 15 installed)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  spawnSync('chown', ['postgres', dir]);
  const port = 55000 + Math.floor(Math.random() * 2000);
  const run = (args) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' });
  run([`${BIN}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${settings}`.trim();
  run([`${BIN}/pg_ctl`, '-D', `${dir}/data`, '-o', options, '-w', 'start']);
  const stop = () => {
    process.off('exit', stop);
    run([`${BIN}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  try {
    return await fn(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    stop();
  }
}

/**
 * Runs `drive(engine, database)` on each engine the command line asks for (`pglite`, `postgres`; both when
 * neither is named): a fresh PGlite data dir under the temp dir, and a fresh database `name` on the
 * PostgreSQL of withPostgres, dropped afterwards. `openDatabase` is the API's (loaded by the caller).
 */
export async function onEngines({ name, openDatabase, drive, args = process.argv.slice(2) }) {
  const engines = args.filter((a) => a === 'pglite' || a === 'postgres');
  const want = (engine) => engines.length === 0 || engines.includes(engine);
  if (want('pglite')) {
    const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await drive('pglite', database);
    } finally {
      await database.close();
      if (!process.env.BENCH_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
    }
  }
  if (want('postgres')) {
    const { default: pg } = await import('pg');
    await withPostgres(async (url) => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: target.href });
      try {
        await drive('postgres', database);
      } finally {
        await database.close();
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      }
    });
  }
}
