// Benchmarks: prints figures, asserts nothing. Each section may be run alone: `npm run bench -- startup`
// (sections: startup, argon2, postgres, lists, lifecycle, creation, durability, coldload, financials,
// vehicle-catalog, calendar).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPostgres } from './bench-postgres.mjs';
import { startServer, stopServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const results = [];
const report = (name, value, target = '') => {
  results.push({ name, value, target });
  console.log(`${name.padEnd(52)} ${String(value).padStart(12)}  ${target}`);
};

if (
  !existsSync(path.join(root, 'apps/api/dist/server.js')) ||
  !existsSync(path.join(root, 'apps/web/dist/index.html'))
) {
  console.log('building first…');
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function signInTimes(url, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'installer@demo.test', password: 'demo1234' }),
    });
    if (!res.ok) throw new Error(`sign-in failed ${res.status}`);
    await res.json();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], p95: times[Math.floor(n * 0.95)] };
}

console.log(`${'figure'.padEnd(52)} ${'value'.padStart(12)}  target`);

if (want('startup')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const first = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  report('first start, empty DATA_DIR (migrate + seed), ms', first.ms, '< 15000');
  const t = await signInTimes(first.url, 20);
  report('sign-in over HTTP, median ms', t.median.toFixed(1), 'argon2 50–150 ms');
  report('sign-in over HTTP, p95 ms', t.p95.toFixed(1));
  await sleep(3000);
  report('idle RSS on PGlite after the first start (seeded), MB', rssMb(first.child.pid), '< 400');
  await stopServer(first.child);
  const restarts = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    restarts.push(again.ms);
    if (i === 2) {
      await sleep(3000);
      report('idle RSS on PGlite after a restart, MB', rssMb(again.child.pid), '< 400');
    }
    await stopServer(again.child);
  }
  restarts.sort((a, b) => a - b);
  report('restart on existing DATA_DIR to healthy, median ms', restarts[1], '< 2000');
  rmSync(dataDir, { recursive: true, force: true });
}

if (want('argon2')) {
  const { hash, verify } = await import(path.join(root, 'node_modules/@node-rs/argon2/index.js'));
  const opts = { algorithm: 2, memoryCost: 19_456, timeCost: 12, parallelism: 1 };
  const h = await hash('demo1234', opts);
  const times = [];
  for (let i = 0; i < 10; i++) {
    const cpu = process.cpuUsage();
    await verify(h, 'demo1234');
    const used = process.cpuUsage(cpu);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  report('argon2id verify CPU (m=19MiB t=12 p=1), median ms', times[5].toFixed(1), '50–150');
}

if (want('postgres')) {
  await withPostgres(async (url) => {
    // One DATA_DIR (JWT secret, the unpacked VIN database) kept across the restart, as in production.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pgdata-'));
    const s = await startServer({ DATABASE_URL: url, SEED_DEMO: 'true', DATA_DIR: dataDir });
    report('first start on PostgreSQL (migrate + seed), ms', s.ms);
    await sleep(3000);
    report('RSS 3 s after the first start (VIN data still unpacking), MB', rssMb(s.child.pid));
    await stopServer(s.child);
    const again = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    report('restart on PostgreSQL to healthy, ms', again.ms);
    await sleep(3000);
    report('idle RSS on PostgreSQL (API process), MB', rssMb(again.child.pid), '< 150');
    await stopServer(again.child);
    rmSync(dataDir, { recursive: true, force: true });
  });
}

// The capability benchmarks, each its own script (run alone for their options):
// lists (issue 3), lifecycle (issue 4), creation (issue 6), durability (issue 19), coldload (issue 17),
// financials (issue 13), vehicle-catalog (issue 14), calendar (issue 12).
for (const name of [
  'lists',
  'lifecycle',
  'creation',
  'durability',
  'coldload',
  'financials',
  'vehicle-catalog',
  'calendar',
]) {
  if (!want(name)) continue;
  console.log(`\n--- ${name}: node scripts/bench-${name}.mjs`);
  const run = spawnSync(process.execPath, [path.join(root, `scripts/bench-${name}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) console.log(`bench-${name} exited with ${run.status}`);
}
