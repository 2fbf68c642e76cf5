// Job lifecycle benchmarks: prints figures, asserts nothing.
// `node scripts/bench-lifecycle.mjs [domain] [pglite] [postgres]` (default: all three)
//
// - domain: computeAvailability / computeAvailabilitySummary (packages/domain) for an installer with 2,000
//   calendar entries inside the 60-day horizon, per call.
// - pglite / postgres: the API (started from source with tsx, as the integration tests start it) on a
//   database seeded in bulk SQL with that installer (400 jobs × 5 days = 2,000 calendar rows in the
//   horizon), then
//     * GET /api/availability/{installerId}/{requestId}?checkDate=… latency (sequential) and throughput
//       (20 concurrent clients);
//     * transition throughput: 20 concurrent clients, each claiming (POST /dashboard/claim: claim + book)
//       then checking in (POST …/actions/checkIn) its own open requests;
//     * contended claims: every request offered to all 20 installers, all 20 claim each of them; exactly
//       one claim per request wins (checked and printed).
// PostgreSQL: BENCH_DATABASE_URL, or a throwaway PostgreSQL 15 started here (root + Debian package).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withPostgres } from './bench-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const want = (name) => args.filter((a) => !a.startsWith('--')).length === 0 || args.includes(name);
const availabilityOnly = args.includes('--availability-only');
const fromRoot = (p) => pathToFileURL(path.join(root, p)).href;
const { tsImport } = await import(fromRoot('node_modules/tsx/dist/esm/api/index.mjs'));
const { SignJWT } = await import(fromRoot('node_modules/jose/dist/webapi/index.js'));

const JWT_SECRET = 'bench-lifecycle-secret-bench-lifecycle-secret';
const CLIENTS = 20;
const OWN_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000); // claimed + checked in: 2 transitions each
const CONTENDED_REQUESTS = 100;
const AVAILABILITY_INSTALLER = 21;
const TARGET_REQUEST = 401;
const VIN = '1HGCM82633A004352';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const report = (scope, name, value, target = '') =>
  console.log(`${scope.padEnd(9)} ${name.padEnd(64)} ${String(value).padStart(10)}  ${target}`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const isoDay = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

console.log(`${'scope'.padEnd(9)} ${'figure'.padEnd(64)} ${'value'.padStart(10)}  target`);

// ---------------------------------------------------------------------------------------------------
// Domain function

if (want('domain')) {
  const { computeAvailability, computeAvailabilitySummary } = await tsImport(
    fromRoot('packages/domain/src/scheduling/availability.ts'),
    import.meta.url,
  );
  const statuses = ['booked', 'pending', 'started', 'draft'];
  const today = isoDay(0);
  // The entries as the API builds them: one per calendar row (a work day), 400 jobs × 5 days.
  const entries = [];
  for (let r = 1; r <= 400; r++) {
    for (let d = 0; d < 5; d++) {
      entries.push({
        requestId: r,
        workDate: isoDay((r % 56) + d),
        durationDays: 1,
        workStatus: statuses[r % 4],
      });
    }
  }
  const time = (fn, n) => {
    for (let i = 0; i < 200; i++) fn(i);
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      fn(i);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  };
  const a = time(
    (i) =>
      computeAvailability({
        checkDate: isoDay(i % 30),
        today,
        durationDays: 2,
        capacity: 8,
        entries,
        excludeRequestId: TARGET_REQUEST,
      }),
    5000,
  );
  report('domain', 'computeAvailability, 2,000 entries: p50 ms', a.p50.toFixed(3));
  report('domain', 'computeAvailability, 2,000 entries: p95 ms', a.p95.toFixed(3), '< 5');
  const s = time(
    (i) =>
      computeAvailabilitySummary({
        checkDate: isoDay(i % 30),
        today,
        durationDays: 3,
        dueDate: isoDay(40),
        capacity: 8,
        entries,
      }),
    5000,
  );
  report('domain', 'computeAvailabilitySummary, 2,000 entries: p95 ms', s.p95.toFixed(3), '< 5');
}

// ---------------------------------------------------------------------------------------------------
// Data set (same SQL on PGlite and PostgreSQL)

function seedSql() {
  return `
insert into dealers (id, name, email, phone) values (1, 'Bench Dealer', 'bench@dealers.test', '8135550100');
insert into installers (id, name, email, phone, capacity, onboarding_complete)
select g, 'Bench Installer ' || g, 'installer' || g || '@bench.test', '727555' || lpad(g::text, 4, '0'), 8, true
from generate_series(1, ${AVAILABILITY_INSTALLER}) g;
insert into users (id, email, name, user_type, access, installer_id, password_hash)
select g, 'inst' || g || '@bench.test', 'Installer user ' || g, 'installer', 'STANDARD', g, 'not-used'
from generate_series(1, ${AVAILABILITY_INSTALLER}) g;
insert into users (id, email, name, user_type, access, dealer_id, password_hash)
values (100, 'dealer@bench.test', 'Dealer user', 'dealer', 'STANDARD', 1, 'not-used');

-- Availability: 400 jobs × 5 days of installer ${AVAILABILITY_INSTALLER}, all inside the 60-day horizon.
insert into service_requests (id, request_type, requestor_installer_id, assigned_installer_id, available_date,
  current_state, duration_tenths, service_requested)
select g, 'installer', ${AVAILABILITY_INSTALLER}, ${AVAILABILITY_INSTALLER}, now(), 'scheduled', 50, 'PPF'
from generate_series(1, 400) g;
insert into calendar_days (request_id, installer_id, work_date, work_status)
select r, ${AVAILABILITY_INSTALLER}, current_date + ((r % 56) + d),
  (array['booked','pending','started','draft'])[(r % 4) + 1]
from generate_series(1, 400) r, generate_series(0, 4) d;
insert into service_requests (id, request_type, requestor_installer_id, assigned_installer_id, available_date,
  current_state, duration_tenths, service_requested, due_date)
values (${TARGET_REQUEST}, 'installer', ${AVAILABILITY_INSTALLER}, ${AVAILABILITY_INSTALLER}, now(), 'new', 20,
  'PPF', now() + interval '30 days');

-- Transitions: open dealer requests 1001… each offered to one installer (client g % ${CLIENTS} + 1),
-- then 5001… offered to all ${CLIENTS} (contended).
insert into service_requests (id, request_type, requestor_dealer_id, dealer_id, available_date, due_date,
  current_state, offer_state, duration_tenths, service_requested, vin, total_cents, fee_cents)
select 1000 + g, 'dealer', 1, 1, now(), now() + interval '120 days', 'new', 'offered', 10, 'PPF - Full Front',
  'NV' || g, 150000, 7500
from generate_series(1, ${OWN_REQUESTS}) g
union all
select 5000 + g, 'dealer', 1, 1, now(), now() + interval '120 days', 'new', 'offered', 10, 'PPF - Full Front',
  'NV' || (100000 + g), 150000, 7500
from generate_series(1, ${CONTENDED_REQUESTS}) g;
insert into request_services (request_id, service_category, description, amount_cents, fee_cents, duration_tenths)
select id, 'PPF', 'Full Front PPF', 150000, 7500, 10 from service_requests where id > 1000;
insert into request_offers (request_id, installer_id, current_status)
select 1000 + g, (g % ${CLIENTS}) + 1, 'offered' from generate_series(1, ${OWN_REQUESTS}) g
union all
select 5000 + g, i, 'offered' from generate_series(1, ${CONTENDED_REQUESTS}) g, generate_series(1, ${CLIENTS}) i;

select setval(pg_get_serial_sequence('dealers', 'id'), 1000);
select setval(pg_get_serial_sequence('installers', 'id'), 1000);
select setval(pg_get_serial_sequence('users', 'id'), 1000);
select setval(pg_get_serial_sequence('service_requests', 'id'), 100000);
analyze;
`;
}

async function tokenFor(userId, companyId, userType) {
  return new SignJWT({
    groups: [userType === 'dealer' ? 'Dealer' : 'Installer'],
    companyId,
    access: 'STANDARD',
    userType,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

// ---------------------------------------------------------------------------------------------------
// The API process

/** `node --import tsx apps/api/src/server.ts`; resolves once it prints its URL. */
function startServer(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        JWT_SECRET,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 180_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Serving on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function runScenarios(scope, url) {
  const installerTokens = [];
  for (let i = 1; i <= CLIENTS; i++) installerTokens.push(await tokenFor(i, i, 'installer'));
  const availabilityToken = await tokenFor(AVAILABILITY_INSTALLER, AVAILABILITY_INSTALLER, 'installer');
  const send = async (token, method, pathname, body) => {
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text };
  };

  // Availability over HTTP.
  const availabilityPath = (i) =>
    `/api/availability/${AVAILABILITY_INSTALLER}/${TARGET_REQUEST}?checkDate=${isoDay(i % 30)}`;
  for (let i = 0; i < 100; i++) {
    const r = await send(availabilityToken, 'GET', availabilityPath(i));
    if (r.status !== 200) throw new Error(`availability ${r.status}: ${r.text}`);
  }
  const measure = async (pathOf, n = 1000) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await send(availabilityToken, 'GET', pathOf(i));
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b);
  };
  // Baseline on the same machine: a signed-in call that reads one small row (guard + one query).
  const baseline = await measure(() => `/api/installerGroup/${AVAILABILITY_INSTALLER}`);
  report(
    scope,
    'baseline GET /installerGroup (sign-in check + 1 query): p50 / p95 ms',
    `${percentile(baseline, 0.5).toFixed(2)} / ${percentile(baseline, 0.95).toFixed(2)}`,
  );
  const times = await measure(availabilityPath);
  report(
    scope,
    'GET /availability (2,000 calendar rows), sequential: p50 ms',
    percentile(times, 0.5).toFixed(2),
  );
  report(
    scope,
    'GET /availability (2,000 calendar rows), sequential: p95 ms',
    percentile(times, 0.95).toFixed(2),
    '< 5',
  );
  {
    let done = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < 100; i++) {
          await send(availabilityToken, 'GET', availabilityPath(c + i));
          done++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    report(scope, `GET /availability, ${CLIENTS} concurrent clients: req/s`, Math.round(done / seconds));
  }

  if (availabilityOnly) return;

  // Transitions: each client claims + books, then checks in, its own requests.
  {
    const perClient = Array.from({ length: CLIENTS }, () => []);
    for (let g = 1; g <= OWN_REQUESTS; g++) perClient[g % CLIENTS].push(1000 + g);
    let transitions = 0;
    let failures = 0;
    const latencies = [];
    const started = performance.now();
    await Promise.all(
      perClient.map(async (ids, c) => {
        const token = installerTokens[c];
        for (const [k, id] of ids.entries()) {
          const t0 = performance.now();
          const claim = await send(token, 'POST', `/api/dashboard/claim/${id}`, {
            installerId: c + 1,
            startDate: isoDay(1 + (k % 60)),
          });
          const t1 = performance.now();
          const checkIn = await send(token, 'POST', `/api/requestimates/${id}/actions/checkIn`, { vin: VIN });
          latencies.push(t1 - t0, performance.now() - t1);
          for (const r of [claim, checkIn]) {
            if (r.status === 200) transitions++;
            else if (failures++ < 3) console.log(`  unexpected ${r.status}: ${r.text.slice(0, 200)}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    report(
      scope,
      `claim+book then check-in, ${CLIENTS} clients: transitions/s`,
      Math.round(transitions / seconds),
    );
    report(scope, '  transitions done (failed)', `${transitions} (${failures})`);
    report(
      scope,
      '  transition latency p50 / p95 ms',
      `${percentile(latencies, 0.5).toFixed(1)} / ${percentile(latencies, 0.95).toFixed(1)}`,
    );
  }

  // Contended claims: all clients claim every request.
  {
    let wins = 0;
    let conflicts = 0;
    let other = 0;
    const started = performance.now();
    await Promise.all(
      installerTokens.map(async (token, c) => {
        for (let g = 1; g <= CONTENDED_REQUESTS; g++) {
          const r = await send(token, 'POST', `/api/dashboard/claim/${5000 + g}`, {
            installerId: c + 1,
            startDate: isoDay(2),
          });
          if (r.status === 200) wins++;
          else if (r.status === 409) conflicts++;
          else other++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    report(
      scope,
      `contended claims (${CLIENTS} per request): attempts/s`,
      Math.round((wins + conflicts + other) / seconds),
    );
    report(
      scope,
      `  winners for ${CONTENDED_REQUESTS} requests / 409s / other`,
      `${wins} / ${conflicts} / ${other}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Engines

if (want('pglite')) {
  const { PGlite } = await import(fromRoot('node_modules/@electric-sql/pglite/dist/index.js'));
  const { pg_trgm } = await import(fromRoot('node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lifecycle-pglite-'));
  try {
    let server = await startServer({ DATA_DIR: dataDir }); // migrates
    await stopServer(server.child);
    const pglite = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await pglite.exec(seedSql());
    await pglite.close();
    server = await startServer({ DATA_DIR: dataDir });
    try {
      await runScenarios('pglite', server.url);
    } finally {
      await stopServer(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (want('postgres')) {
  const { default: pg } = await import(fromRoot('node_modules/pg/lib/index.js'));
  await withPostgres(async (baseUrl) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query('drop database if exists bench_lifecycle with (force)');
    await admin.query('create database bench_lifecycle');
    const u = new URL(baseUrl);
    u.pathname = '/bench_lifecycle';
    const url = u.toString();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lifecycle-data-'));
    try {
      let server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir }); // migrates
      await stopServer(server.child);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(seedSql());
      await client.end();
      server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
      try {
        await runScenarios('postgres', server.url);
      } finally {
        await stopServer(server.child);
      }
    } finally {
      await admin.query('drop database if exists bench_lifecycle with (force)').catch(() => undefined);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
await sleep(0);
