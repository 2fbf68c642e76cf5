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
