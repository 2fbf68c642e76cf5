// Durable commits on the embedded database (issue 19 finding 6, decision 007): prints figures, asserts nothing.
// `node scripts/bench-durability.mjs` — BENCH_COMMITS (default 500) single-row INSERT commits, one after
// another, on a file-backed PGlite in a temp directory (on the disk that holds os.tmpdir()):
//   * without the flush: PGlite as the API opened it before (fsync off, NODEFS without fsync);
//   * with the flush: as the API opens it now (durablePgliteOptions: each commit fsyncs its WAL segment).
// Also: fsyncs per commit, and the time to open a new cluster (with: every file flushed once).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromRoot = (p) => pathToFileURL(path.join(root, p)).href;
const { tsImport } = await import(fromRoot('node_modules/tsx/dist/esm/api/index.mjs'));
const { PGlite } = await import(fromRoot('node_modules/@electric-sql/pglite/dist/index.js'));
const { durablePgliteOptions, nodeDiskSync, syncTree } = await tsImport(
  fromRoot('apps/api/src/db/durable-nodefs.ts'),
  import.meta.url,
);

const COMMITS = Number(process.env.BENCH_COMMITS ?? 500);
const CONF = ['shared_buffers=32MB']; // as apps/api/src/db/client.ts
const report = (name, value) => console.log(`${name.padEnd(64)} ${String(value).padStart(10)}`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

let syncs = 0;
const countingSync = {
  file: (fd) => {
    syncs++;
    nodeDiskSync.file(fd);
  },
  directory: (fd) => {
    syncs++;
    nodeDiskSync.directory(fd);
  },
};

async function run(label, isDurable) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-durability-'));
  try {
    let t = performance.now();
    let db;
    if (isDurable) {
      const durable = durablePgliteOptions(dir, countingSync);
      db = new PGlite({ ...durable, postgresqlconf: [...CONF, ...durable.postgresqlconf] });
      await db.waitReady;
      syncTree(dir, countingSync);
    } else {
      db = new PGlite({ dataDir: dir, postgresqlconf: CONF });
      await db.waitReady;
    }
    report(`${label}: open a new cluster, ms`, Math.round(performance.now() - t));
    await db.exec('create table bench_commits (id serial primary key, note text not null)');
    for (let i = 0; i < 20; i++) await db.query('insert into bench_commits (note) values ($1)', ['warm-up']);
    syncs = 0;
    const times = [];
    t = performance.now();
    for (let i = 0; i < COMMITS; i++) {
      const start = performance.now();
      await db.query('insert into bench_commits (note) values ($1)', [`commit ${i}`]);
      times.push(performance.now() - start);
    }
    const elapsed = performance.now() - t;
    times.sort((a, b) => a - b);
    report(`${label}: single-row commits/s (${COMMITS}, sequential)`, Math.round((COMMITS / elapsed) * 1000));
    report(`${label}: commit latency p50, ms`, percentile(times, 0.5).toFixed(2));
    report(`${label}: commit latency p95, ms`, percentile(times, 0.95).toFixed(2));
    report(`${label}: fsyncs per commit`, (syncs / COMMITS).toFixed(2));
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${'figure'.padEnd(64)} ${'value'.padStart(10)}`);
await run('without flush', false);
await run('with flush', true);
