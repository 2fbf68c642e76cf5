// Request lists and the full request under load: prints figures, asserts nothing.
// `node scripts/bench-lists.mjs [pglite] [postgres] [--explain] [--explain-only]`
//
// Seeds a separate database (a fresh PGlite data dir under /tmp, and a PostgreSQL database `bench_lists`
// on BENCH_DATABASE_URL or on a throwaway PostgreSQL 15 started here) with 100,000 requests and 300,000
// service lines across 50 dealers and 200 installers, in bulk SQL (generate_series). Then it starts the
// built server and drives, with 20 concurrent clients for ~10 s each, GET /api/requestimates/list/ (a
// dealer's jobs; an installer's merged requests) and GET /api/requestimates/fullrequest/. Beside each it
// runs the very SQL statement the server runs (captured from the repository, prepared the same way) from
// this process: pg Pool, 20 concurrent (PGlite: the same data dir opened here once the server is stopped).
// Also prints the floor every signed-in call pays (GET /api/health with a bearer token) and the machine's
// load, because the server, the database and the load generator share its CPUs, and (PostgreSQL, Linux)
// the CPU each request cost the API server, PostgreSQL and the load generator, read from /proc. EXPLAIN
// ANALYZE of each list's page runs with its values (a custom plan) and as the server's prepared statement
// may run it after five executions (a generic plan).
// Each engine is driven twice: with the server's read cache (the default: repeated reads of unchanged data
// are answered after one version check; on PostgreSQL the dealer list also runs while one of the dealer's
// requests changes every 100 ms) and with READ_CACHE_MB=0 (every read runs the statement). On PostgreSQL
// the uncached API and its bare statement then alternate, three rounds per call on the running server, and
// the throughput ratio printed is the median round's (compareThroughput).
// Env: BENCH_DATABASE_URL, BENCH_DURATION_S (default 10), BENCH_KEEP_DATA=1 (keep the PGlite data dir),
// BENCH_REQUESTS (default 100000; a comma list, e.g. 100000,1000000, measures each and prints them side by side).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withPostgres } from './bench-postgres.mjs';
import { startServer as startBuiltServer, stopServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const engines = args.filter((a) => a === 'pglite' || a === 'postgres');
const want = (name) => engines.length === 0 || engines.includes(name);
const showPlans = args.includes('--explain');
/** `--explain-only`: seed and EXPLAIN each size, without driving the API (minutes instead of half an hour). */
const explainOnly = args.includes('--explain-only');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;
/**
 * BENCH_REQUESTS: the requests to seed, or several sizes separated by commas (e.g. 100000,1000000), each
 * seeded and measured in turn and reported side by side at the end. The companies stay 50 dealers and 200
 * installers and the dates span the same ~3 years, so each company's history grows with the size.
 */
const SIZES = (process.env.BENCH_REQUESTS ?? '100000').split(',').map((v) => Number(v.trim()));
if (SIZES.some((n) => !Number.isInteger(n) || n < 1000))
  throw new Error('BENCH_REQUESTS: whole numbers ≥ 1000');
let SIZE = SIZES[0];
const sizeLabel = (n) =>
  n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n % 1000 === 0 ? `${n / 1000}k` : String(n);
const PASSWORD = 'bench-lists-password';

const fromRoot = (p) => pathToFileURL(path.join(root, p)).href;
const { default: autocannon } = await import(fromRoot('node_modules/autocannon/autocannon.js'));
const { default: pg } = await import(fromRoot('node_modules/pg/lib/index.js'));
const { PGlite } = await import(fromRoot('node_modules/@electric-sql/pglite/dist/index.js'));
// The server's data dir has the extensions its migrations created (db/client.ts loads the same).
const { pg_trgm } = await import(fromRoot('node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js'));
const openPglite = (dir) => new PGlite({ dataDir: dir, extensions: { pg_trgm } });
const { hash } = await import(fromRoot('node_modules/@node-rs/argon2/index.js'));
const { tsImport } = await import(fromRoot('node_modules/tsx/dist/esm/api/index.mjs'));

if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.log('building first…');
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rows = [];
const report = (engine, name, value, target = '') => {
  rows.push({ engine, size: SIZE, name, value, target });
  console.log(`${engine.padEnd(9)} ${name.padEnd(58)} ${String(value).padStart(10)}  ${target}`);
};

// ---------------------------------------------------------------------------------------------------
// The data set

/** Password hash made once with the parameters of apps/api/src/platform/security/password.ts. */
async function passwordHash() {
  const source = readFileSync(path.join(root, 'apps/api/src/platform/security/password.ts'), 'utf8');
  const m = /ARGON2_OPTIONS = (\{[^}]+\})/.exec(source);
  if (!m) throw new Error('ARGON2_OPTIONS not found in password.ts');
  const options = Function(`return (${m[1]});`)();
  return hash(PASSWORD, options);
}

/**
 * 50 dealers, 200 installers, 100k requests (70 % dealer requests, 30 % installer estimates) over ~3
 * years of available dates, mostly history (reviewed 55 %), 300k service lines, ~240k offers (the offers
 * of installers not chosen stay 'offered' on half the requests: stale offers the installer list must skip),
 * notes, state history, calendar days, deposits and payments, referrals (past months' bonuses paid out).
 * Deterministic (no random()).
 */
/** One request every 15 minutes at 100k: the same ~3 years of dates at every size. */
const STEP_SECONDS = () => (900 * 100_000) / SIZE;

function seedSql(passwordHashValue) {
  const hashLiteral = passwordHashValue.replaceAll("'", "''");
  return `
insert into dealers (id, name, email, phone, city, state, latitude, longitude)
select g, 'Bench Dealer ' || g, 'dealer' || g || '@bench.test', '813555' || lpad(g::text, 4, '0'), 'Tampa', 'FL', 27.9, -82.4
from generate_series(1, 50) g;
insert into installers (id, name, email, phone, city, state, latitude, longitude)
select g, 'Bench Installer ' || g, 'installer' || g || '@bench.test', '727555' || lpad(g::text, 4, '0'), 'Tampa', 'FL', 27.9, -82.5
from generate_series(1, 200) g;
insert into customers (id, owning_installer_id, name, email, phone)
select g, (g % 200) + 1, 'Bench Customer ' || g, 'customer' || g || '@bench.test', '941555' || lpad((g % 10000)::text, 4, '0')
from generate_series(1, 2000) g;

create temporary table bench_requests as
select g as id,
  case when g % 10 < 7 then 'dealer' else 'installer' end as request_type,
  abs(hashint4(g)) % 100 as r,
  abs(hashint4(g + 1000000)) % 50 + 1 as dealer,
  abs(hashint4(g + 2000000)) % 200 + 1 as installer
from generate_series(1, ${SIZE}) g;
alter table bench_requests add column state text;
update bench_requests set state = case
  when r < 12 then 'new'
  when r < 17 then case when request_type = 'dealer' then 'answered' else 'new' end
  when r < 24 then 'scheduled'
  when r < 27 then 'received'
  when r < 30 then 'started'
  when r < 35 then 'finished'
  when r < 40 then 'collected'
  when r < 45 then 'deleted'
  else 'reviewed' end;

insert into service_requests (
  id, request_type, requestor_dealer_id, requestor_installer_id, assigned_installer_id, dealer_id, customer_id,
  vehicle_year, vehicle_make, vehicle_model, vehicle_trim, vin, service_requested,
  total_cents, discount_cents, fee_cents, taxes_cents, duration_tenths,
  available_date, due_date, created_date, current_state, offer_state,
  latitude, longitude, deposit_amount_cents, review_score, invoice_number, customer_facing_invoice,
  deleted_at, created_at, updated_at)
select b.id, b.request_type,
  case when b.request_type = 'dealer' then b.dealer end,
  case when b.request_type = 'installer' then b.installer end,
  case when b.request_type = 'installer' then b.installer
       when b.state in ('new', 'answered') then case when b.id % 5 = 0 then b.installer end
       else b.installer end,
  case when b.request_type = 'dealer' then b.dealer when b.id % 3 = 0 then b.dealer end,
  case when b.request_type = 'installer' and b.id % 3 <> 0 then (b.id % 2000) + 1 end,
  2015 + (b.id % 10), 'Toyota', 'Camry', 'SE', 'NV' || b.id, 'PPF - Full Front + 2',
  300000, 1000, 14950, case when b.request_type = 'installer' then 24000 else 0 end, 30,
  timestamptz '2023-01-01 08:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds',
  timestamptz '2023-01-04 08:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds',
  timestamptz '2022-12-01 08:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds',
  b.state,
  case when b.state = 'new' then 'offered' when b.state = 'answered' then 'accepted'
       when b.state = 'deleted' then 'deleted' else b.state end,
  27.9 + (b.id % 100) / 1000.0, -82.4 - (b.id % 100) / 1000.0,
  case when b.request_type = 'installer' and b.id % 3 = 0 then 10000 else 0 end,
  case when b.state = 'reviewed' then 1 + b.id % 5 end,
  case when b.state in ('finished', 'collected', 'reviewed') then 'INV-' || b.id end,
  case when b.state in ('finished', 'collected', 'reviewed') then 'C-' || b.id end,
  case when b.state = 'deleted' then timestamptz '2023-01-02 00:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds' end,
  now(), now()
from bench_requests b;

insert into request_services (request_id, position, service_category, description, amount_cents, discount_cents,
  fee_cents, retail_price_cents, duration_tenths, service_state)
select (g - 1) / 3 + 1, (g - 1) % 3, (array['PPF', 'Glass/Tint', 'Paint'])[(g - 1) % 3 + 1],
  'Bench service ' || ((g - 1) % 3 + 1), 100000, case when (g - 1) % 3 = 0 then 1000 else 0 end, 4950, 120000, 10,
  case when b.state in ('finished', 'collected', 'reviewed') then 'finished'
       when b.state = 'started' and (g - 1) % 3 = 0 then 'started' else 'new' end
from generate_series(1, ${3 * SIZE}) g join bench_requests b on b.id = (g - 1) / 3 + 1;

-- Offers: dealer requests to three installers (the chosen one, then two others); an estimate to itself.
insert into request_offers (request_id, installer_id, start_date, end_date, current_status, date_updated, created_at)
select b.id, ((b.installer - 1 + k) % 200) + 1,
  timestamptz '2023-01-01 08:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds',
  timestamptz '2023-01-03 08:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds',
  case
    when b.state = 'new' then 'offered'
    when b.state = 'answered' then case when k = 0 then 'accepted' else 'offered' end
    when b.state = 'deleted' then 'deleted'
    when k = 0 then b.state
    when b.id % 2 = 0 then 'offered'
    else 'rejected' end,
  now(), now()
from bench_requests b cross join generate_series(0, 2) k
where b.request_type = 'dealer';
insert into request_offers (request_id, installer_id, current_status, date_updated, created_at)
select b.id, b.installer,
  case when b.state = 'new' then 'offered' when b.state = 'deleted' then 'deleted' else b.state end, now(), now()
from bench_requests b where b.request_type = 'installer';

insert into request_notes (request_id, note_text, note_date, user_type)
select b.id, 'Bench note for request ' || b.id, timestamptz '2022-12-01 09:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds', b.request_type
from bench_requests b where b.id % 2 = 0;

insert into request_state_history (request_id, state_date, request_status, changed_by_user_type)
select b.id, timestamptz '2022-12-01 08:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds', 'created', b.request_type
from bench_requests b;
insert into request_state_history (request_id, state_date, request_status, changed_by_user_type)
select b.id, timestamptz '2022-12-05 08:00:00+00' + b.id * interval '${STEP_SECONDS()} seconds', b.state, 'installer'
from bench_requests b where b.state <> 'new';

insert into calendar_days (request_id, request_service_id, installer_id, work_date, work_status, daily_work_tenths)
select rs.request_id, rs.id, sr.assigned_installer_id,
  (sr.available_date + rs.position * interval '1 day')::date,
  case when sr.current_state = 'scheduled' then 'booked' when sr.current_state in ('received', 'started') then 'started'
       else 'finished' end, 10
from request_services rs join service_requests sr on sr.id = rs.request_id
where sr.assigned_installer_id is not null
  and sr.current_state in ('scheduled', 'received', 'started', 'finished', 'collected', 'reviewed');

insert into invoices (request_id, installer_id, dealer_id, invoice_type, number, status, amount_due_cents,
  amount_remaining_cents, amount_paid_cents, metadata)
select sr.id, sr.assigned_installer_id, sr.dealer_id, 'deposit', 'DEP-' || sr.id, 'paid', 10000, 0, 10000, '{}'::jsonb
from service_requests sr
where sr.deposit_amount_cents > 0 and sr.current_state not in ('new', 'deleted');
insert into invoices (request_id, installer_id, dealer_id, invoice_type, number, status, amount_due_cents,
  amount_remaining_cents, amount_paid_cents, metadata)
select sr.id, sr.assigned_installer_id, sr.dealer_id, 'final', sr.invoice_number,
  case when sr.current_state = 'finished' then 'open' else 'paid' end, 323000,
  case when sr.current_state = 'finished' then 323000 else 0 end,
  case when sr.current_state = 'finished' then 0 else 323000 end, '{}'::jsonb
from service_requests sr
where sr.current_state in ('finished', 'collected', 'reviewed');
insert into payments (request_id, invoice_id, installer_id, payment_type, payment_state, amount_cents, payment_date)
select i.request_id, i.id, i.installer_id, i.invoice_type,
  case when i.status = 'paid' then 'paid' else 'invoiced' end, i.amount_due_cents,
  case when i.status = 'paid' then now() end
from invoices i;

-- Referrals grow with the history: one per 5 dealer requests, claimed by the request's installer and
-- following it (COMPLETE once it was collected), and one expired lead per 25 (offered to three installers
-- long ago). The leads still open do not: 600 sales of the last 30 days, each offered to three installers.
insert into referrals (dealer_id, status, request_id, bonus_cents, date_added, expiration_date,
  specialist_action, claimed_by_installer_id, claimed_at, completed_at)
select sr.requestor_dealer_id,
  case when sr.current_state in ('collected', 'reviewed') then 'COMPLETE' else 'SCHEDULED' end,
  sr.id, 2500, sr.created_date, sr.created_date + interval '30 days',
  'owned', sr.assigned_installer_id, sr.created_date + interval '1 day',
  case when sr.current_state in ('collected', 'reviewed') then sr.available_date end
from service_requests sr
where sr.request_type = 'dealer' and sr.id % 5 = 1 and sr.assigned_installer_id is not null;
-- As a live system leaves them: each month's bonuses paid out at the start of the next (the monthly
-- payout), so a server started here has no years of backlog to pay while it is measured.
create temporary table bench_payable as
select id, dealer_id, bonus_cents, to_char(completed_at at time zone 'UTC', 'YYYY-MM') as period,
  date_trunc('month', completed_at at time zone 'UTC') at time zone 'UTC' + interval '1 month 6 hours' as paid_at
from referrals
where status = 'COMPLETE' and completed_at < date_trunc('month', now() at time zone 'UTC') at time zone 'UTC';
with payouts as (
  insert into referral_payouts (dealer_id, period, total_cents, referral_count, created_at)
  select dealer_id, period, sum(bonus_cents), count(*), min(paid_at) from bench_payable group by dealer_id, period
  returning id, dealer_id, period, created_at)
update referrals r set payout_id = p.id, paid_out_at = p.created_at
from bench_payable b join payouts p on p.dealer_id = b.dealer_id and p.period = b.period
where r.id = b.id;
with expired as (
  insert into referrals (dealer_id, status, bonus_cents, date_added, expiration_date)
  select sr.requestor_dealer_id, 'OFFERED', 2500, sr.created_date, sr.created_date + interval '30 days'
  from service_requests sr where sr.request_type = 'dealer' and sr.id % 25 = 2
  returning id, date_added)
insert into referral_offers (referral_id, installer_id, rank, token_hash, offered_at)
select e.id, ((e.id * 7 + k) % 200) + 1, k, md5(e.id || '-' || k), e.date_added
from expired e cross join generate_series(0, 2) k;
with open_leads as (
  insert into referrals (dealer_id, status, bonus_cents, date_added, expiration_date)
  select (g % 50) + 1, 'OFFERED', 2500, now() - g * interval '1 hour', now() - g * interval '1 hour' + interval '30 days'
  from generate_series(1, 600) g
  returning id, date_added)
insert into referral_offers (referral_id, installer_id, rank, token_hash, offered_at)
select o.id, ((o.id * 7 + k) % 200) + 1, k, md5('open-' || o.id || '-' || k), o.date_added
from open_leads o cross join generate_series(0, 2) k;

insert into users (email, name, user_type, access, dealer_id, installer_id, password_hash)
values ('bench-dealer@bench.test', 'Bench Dealer User', 'dealer', 'STANDARD', 1, null, '${hashLiteral}'),
       ('bench-installer@bench.test', 'Bench Installer User', 'installer', 'ADMIN', null, 1, '${hashLiteral}');

select setval(pg_get_serial_sequence('dealers', 'id'), 50);
select setval(pg_get_serial_sequence('installers', 'id'), 200);
select setval(pg_get_serial_sequence('customers', 'id'), 2000);
select setval(pg_get_serial_sequence('service_requests', 'id'), ${SIZE});
drop table bench_requests;
`;
}

// ---------------------------------------------------------------------------------------------------
// The SQL the server runs, captured from the repository itself

const SENTINEL_ID = 987_654_321;
const CURSOR_US = 123_456_789_012;

/**
 * Runs the repository against a database that records statements instead of running them (the repository
 * compiles each statement with Drizzle's PostgreSQL dialect and prepares it under a name through the
 * session): the bare query is exactly the server's, text, parameters and prepared-statement name.
 */
async function captureQueries() {
  const repoUrl = pathToFileURL(
    path.join(root, 'apps/api/src/modules/service-requests/service-requests.repository.ts'),
  ).href;
  const { createServiceRequestsRepository } = await tsImport(repoUrl, import.meta.url);
  const { fillPlaceholders } = await import(fromRoot('node_modules/drizzle-orm/sql/sql.js'));
  let captured;
  const fakeDb = {
    _: {
      session: {
        prepareQuery: (query, _fields, name) => ({
          execute: async (values) => {
            captured = { sql: query.sql, params: fillPlaceholders(query.params, values), name };
            return { rows: [] };
          },
        }),
      },
    },
  };
  const repo = createServiceRequestsRepository(fakeDb);
  const page = { limit: 50, offset: 0 };
  await repo.listRequests({ role: 'dealer', dealerId: 1, modes: ['jobs'] }, page);
  const dealerJobs = captured;
  await repo.listRequests({ role: 'installer', installerId: 1, modes: ['requests'], part: 'all' }, page);
  const installerRequests = captured;
  await repo.listRequests({ role: 'installer', installerId: 1, modes: ['jobs'], part: 'all' }, page);
  const installerJobs = captured;
  await repo.listRequests({ role: 'dealer', dealerId: 1, modes: ['requests', 'jobs', 'pickups'] }, page);
  const dealerAll = captured;
  // A deep page: rows 501–550 of the dealer's lists, by offset and by keyset (cursor filled in later).
  await repo.listRequests(
    { role: 'dealer', dealerId: 1, modes: ['requests', 'jobs', 'pickups'] },
    { limit: 50, offset: 500 },
  );
  const dealerDeepOffset = captured;
  await repo.listRequests(
    { role: 'dealer', dealerId: 1, modes: ['requests', 'jobs', 'pickups'] },
    { limit: 50, offset: 0, after: { us: CURSOR_US, id: SENTINEL_ID } },
  );
  const dealerDeepAfter = captured;
  await repo.findFullRequest({ role: 'dealer', companyId: 1 }, SENTINEL_ID);
  const fullRequest = captured;
  // Offers of a company (row 14): the pages the HTTP runs below ask for.
  await repo.listOffersOfCompany({ role: 'installer', companyId: 1 }, { limit: 50, offset: 100 });
  const installerOffers = captured;
  await repo.listOffersOfCompany({ role: 'dealer', companyId: 1 }, { limit: 50, offset: 20 });
  const dealerOffers = captured;
  return {
    installerOffers,
    dealerOffers,
    dealerJobs,
    installerRequests,
    installerJobs,
    dealerAll,
    dealerDeepOffset,
    dealerDeepAfter,
    fullRequest,
  };
}

/** The statement as the server sends it: same text, same parameters, same prepared-statement name. */
const withId = (query, id) => ({
  ...(query.name ? { name: query.name } : {}),
  text: query.sql,
  values: query.params.map((p) => (p === SENTINEL_ID ? id : p)),
});

// ---------------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(times, seconds) {
  const sorted = Float64Array.from(times).sort();
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: times.length / seconds,
  };
}

/** The API server being driven (its CPU time is read from /proc), set by driveServer. */
let serverPid = null;

/**
 * CPU ms a process has used so far (user + system), from /proc; 0 where there is none. With `children`, also
 * that of its children that have exited (for PostgreSQL's postmaster: the backends and autovacuum workers
 * that ended between two readings, whose CPU would otherwise vanish from the sum).
 */
function cpuMs(pid, { children = false } = {}) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks =
      Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
    return (ticks * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/**
 * CPU used so far by this process (the load generator or the bare client), the API server and every
 * PostgreSQL process, so a run can say where each request's CPU went. The 2 cores are shared by all three:
 * what the API spends on top of the statement is what its throughput loses against the bare statement's.
 */
function cpuNow() {
  let postgres = 0;
  if (existsSync('/proc/self/stat')) {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres'))
          postgres += cpuMs(pid, { children: true });
      } catch {}
    }
  }
  return { self: cpuMs(process.pid), server: serverPid ? cpuMs(serverPid) : 0, postgres };
}

/** CPU ms per request between two cpuNow() readings. */
function cpuPer(before, after, n) {
  const per = (k) => (n > 0 ? (after[k] - before[k]) / n : Number.NaN);
  return { self: per('self'), server: per('server'), postgres: per('postgres') };
}

/** autocannon, 20 connections; paths cycle through `paths`. */
function driveHttp(url, token, paths, seconds) {
  return new Promise((resolve, reject) => {
    let i = 0;
    const times = [];
    let bad = 0;
    const cpuBefore = cpuNow();
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              req.path = paths[i++ % paths.length];
              return req;
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          ...summarize(times, result.duration),
          cpu: cpuPer(cpuBefore, cpuNow(), times.length),
          bad,
          errors: result.errors,
          rps: result.requests.average,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      if (status !== 200) bad += 1;
    });
  });
}

/** 20 loops calling `run(i)` back to back for `seconds`. */
async function driveLoops(run, seconds) {
  const times = [];
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  const cpuBefore = cpuNow();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await run(n++);
        times.push(performance.now() - t);
      }
    }),
  );
  return {
    ...summarize(times, (performance.now() - started) / 1000),
    cpu: cpuPer(cpuBefore, cpuNow(), times.length),
  };
}

/** What else the machine is doing: these figures share its CPUs with the database and the load generator. */
function machineContext(engine, when) {
  const cpus = os.cpus().length;
  const load = os.loadavg()[0].toFixed(1);
  let pressure = 'n/a';
  try {
    pressure = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? 'n/a';
  } catch {}
  report(
    engine,
    `machine ${when}: CPUs / load 1 min / CPU pressure avg10 %`,
    `${cpus} / ${load} / ${pressure}`,
  );
}

const fmt = (v) => (Number.isFinite(v) ? v.toFixed(v >= 100 ? 0 : 1) : 'n/a');
/** CPU milliseconds per request, to the hundredth. */
const ms2 = (v) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');

function reportHttp(engine, label, r, p95Target) {
  report(engine, `${label}: p50 / p95 / p99 ms`, `${fmt(r.p50)} / ${fmt(r.p95)} / ${fmt(r.p99)}`, p95Target);
  report(
    engine,
    `${label}: req/s`,
    fmt(r.rps),
    r.bad > 0 || r.errors > 0 ? `(${r.bad} non-200, ${r.errors} errors)` : '',
  );
  if (r.cpu && engine === 'postgres') {
    report(
      engine,
      `${label}: CPU ms/req, API / PostgreSQL / load generator`,
      `${ms2(r.cpu.server)} / ${ms2(r.cpu.postgres)} / ${ms2(r.cpu.self)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Server

// Never leave a server behind, whatever stops this script (bench-server.mjs kills its servers on exit;
// bench-postgres.mjs removes its PostgreSQL).
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

/** The built server without the demo data; seeding a million rows first may take minutes. */
function startServer(env) {
  return startBuiltServer({ SEED_DEMO: 'false', ...env }, { timeoutMs: 180_000 });
}

async function signInToken(url, email) {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

/** The signed-in user's id, from the token's subject. */
function userIdOf(token) {
  return Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);
}

/** Ids of requests dealer 1 may open (its dealer requests, not deleted). */
const FULL_REQUEST_IDS_SQL = `select id from service_requests
  where requestor_dealer_id = 1 and request_type = 'dealer' and deleted_at is null
  order by id limit 500`;

/**
 * Drives the three calls on a running server. `cached`: the server keeps its read cache (the default);
 * its figures are then those of repeated reads of unchanged data, and `write` (when given) also runs the
 * dealer list while one of the dealer's listed requests changes every 100 ms.
 */
async function driveServer(engine, url, ids, { cached, write, pid }) {
  const tag = cached ? 'cached' : 'no cache';
  serverPid = pid;
  machineContext(engine, `before (${tag})`);
  // What the server does on its own takes CPU from every figure below: its jobs at start (outbox, referral
  // payouts, count compaction) and, the first time it runs on a data dir, unpacking the offline VIN database
  // (~0.5 s). Near 0 when it is idle.
  const idleBefore = cpuMs(pid);
  await sleep(2000);
  report(
    engine,
    `API server's own CPU before the calls (${tag}), ms per s`,
    fmt((cpuMs(pid) - idleBefore) / 2),
  );
  const dealerToken = await signInToken(url, 'bench-dealer@bench.test');
  const installerToken = await signInToken(url, 'bench-installer@bench.test');
  const dealerList = ['/api/requestimates/list/?mode=jobs&limit=50'];
  const installerList = ['/api/requestimates/list/?mode=requests&limit=50'];
  const fullPaths = ids.map((id) => `/api/requestimates/fullrequest/?Id=${id}`);

  // Sanity: the calls answer what the bare SQL answers.
  const probe = await fetch(`${url}${dealerList[0]}`, {
    headers: { authorization: `Bearer ${dealerToken}` },
  });
  const probeBody = await probe.json();
  report(engine, 'dealer jobs: total rows / page rows', `${probeBody.total} / ${probeBody.items.length}`);
  const probe2 = await fetch(`${url}${installerList[0]}`, {
    headers: { authorization: `Bearer ${installerToken}` },
  });
  const probe2Body = await probe2.json();
  report(
    engine,
    'installer requests (merged): total / page rows',
    `${probe2Body.total} / ${probe2Body.items.length}`,
  );

  await driveHttp(url, dealerToken, dealerList, 2); // warm-up
  await driveHttp(url, dealerToken, fullPaths, 2);
  // The floor every signed-in call pays here: HTTP + the auth guard (JWT check + user lookup), no handler work.
  const floor = await driveHttp(url, dealerToken, ['/api/health'], Math.min(5, DURATION_S));
  reportHttp(engine, 'floor: GET /api/health + bearer (guard, select 1)', floor, '(context)');
  const target = (t) => (engine === 'postgres' ? t : '');
  const a = await driveHttp(url, dealerToken, dealerList, DURATION_S);
  reportHttp(engine, `API list, dealer jobs (${tag})`, a, target('p95 < 25'));
  const b = await driveHttp(url, installerToken, installerList, DURATION_S);
  reportHttp(engine, `API list, installer requests, merged (${tag})`, b, target('p95 < 25'));
  const c = await driveHttp(url, dealerToken, fullPaths, DURATION_S);
  reportHttp(engine, `API full request (${tag})`, c, target('p95 < 15'));
  // The other lists (not behind the read cache): referrals (rows 96, 97) and offers of a company (row 14).
  const others = {
    dealerReferrals: [dealerToken, `/api/referrals/${userIdOf(dealerToken)}?limit=50`],
    installerReferrals: [installerToken, '/api/referrals/specialist/1?limit=50'],
    installerOffers: [installerToken, '/api/requestOffered/1?limit=50&offset=100'],
    // Rows 21–70: a full page at both sizes (dealer 1 has 77 offered rows at 100k, 724 at 1M).
    dealerOffers: [dealerToken, '/api/requestOffered/1?limit=50&offset=20'],
  };
  const otherRuns = {};
  for (const [name, [token, path]] of Object.entries(others)) {
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const body = await res.json();
    const total = res.headers.get('x-total-count');
    report(
      engine,
      `${name}: page rows${total ? ' / total' : ''}`,
      `${body.length}${total ? ` / ${total}` : ''}`,
    );
    otherRuns[name] = await driveHttp(url, token, [path], DURATION_S);
    reportHttp(engine, `API ${name} (${tag})`, otherRuns[name], '');
  }
  if (cached && write) {
    let writes = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await write(writes++);
        await sleep(100);
      }
    })();
    const w = await driveHttp(url, dealerToken, dealerList, DURATION_S);
    writing = false;
    await writer;
    reportHttp(
      engine,
      'API list, dealer jobs (cached, its requests written every 100 ms)',
      w,
      target('p95 < 25'),
    );
    report(engine, 'writes to the dealer’s requests during that run', writes);
  }
  machineContext(engine, `after (${tag})`);
  return { dealerList: a, installerList: b, full: c, tag, ...otherRuns };
}

const COMPARE_ROUNDS = 3;
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const percent = (x) => `${Math.round(100 * x)} %`;

/**
 * PostgreSQL: the uncached API against its bare statement, interleaved. For each call, three rounds of the
 * API for DURATION_S, then the same statement bare for DURATION_S, on the running server: what drifts on
 * this shared 2-core machine (autovacuum after the seed, the scheduler's split between the API, PostgreSQL
 * and the load generator) falls on both sides of each round's ratio. The figure is the median round's.
 */
async function compareThroughput(engine, url, ids, query, pid) {
  const dealerToken = await signInToken(url, 'bench-dealer@bench.test');
  const installerToken = await signInToken(url, 'bench-installer@bench.test');
  const fullPaths = ids.map((id) => `/api/requestimates/fullrequest/?Id=${id}`);
  const calls = [
    [
      'dealer jobs list',
      dealerToken,
      ['/api/requestimates/list/?mode=jobs&limit=50'],
      () => query(queries.dealerJobs),
    ],
    [
      'installer merged list',
      installerToken,
      ['/api/requestimates/list/?mode=requests&limit=50'],
      () => query(queries.installerRequests),
    ],
    ['full request', dealerToken, fullPaths, (n) => query(queries.fullRequest, ids[n % ids.length])],
  ];
  for (const [label, token, paths, bare] of calls) {
    const rounds = [];
    for (let round = 0; round < COMPARE_ROUNDS; round++) {
      serverPid = pid;
      const api = await driveHttp(url, token, paths, DURATION_S);
      serverPid = null;
      const statement = await driveLoops(bare, DURATION_S);
      rounds.push({ api, statement, ratio: api.rps / statement.rps });
    }
    const mid = rounds.find((r) => r.ratio === median(rounds.map((x) => x.ratio)));
    report(
      engine,
      `bare SQL, ${label}: q/s (p95 ms), median round`,
      `${fmt(mid.statement.rps)} (${fmt(mid.statement.p95)})`,
    );
    report(
      engine,
      `bare SQL, ${label}: CPU ms/q, PostgreSQL / client`,
      `${ms2(mid.statement.cpu.postgres)} / ${ms2(mid.statement.cpu.self)}`,
    );
    report(
      engine,
      `API / bare throughput, ${label} (no cache), rounds`,
      rounds.map((r) => `${fmt(r.api.rps)}/${fmt(r.statement.rps)}`).join(' '),
    );
    report(engine, `API / bare throughput, ${label} (no cache)`, percent(mid.ratio), '≥ 70 %');
  }
}

/** PGlite: the bare statements after the API runs (the server holds the data directory while it runs). */
async function driveBare(engine, query, ids, runs) {
  serverPid = null;
  const bare = async (label, run) => {
    const r = await driveLoops(run, DURATION_S);
    report(engine, `bare SQL, ${label}: q/s (p95 ms)`, `${fmt(r.rps)} (${fmt(r.p95)})`);
    return r;
  };
  const a = await bare('dealer jobs list', () => query(queries.dealerJobs));
  const b = await bare('installer merged list', () => query(queries.installerRequests));
  const c = await bare('full request', (n) => query(queries.fullRequest, ids[n % ids.length]));
  const ratio = (x, y) => percent(x.rps / y.rps);
  for (const api of runs) {
    report(engine, `API / bare throughput, dealer jobs list (${api.tag})`, ratio(api.dealerList, a));
    report(engine, `API / bare throughput, installer merged list (${api.tag})`, ratio(api.installerList, b));
    report(engine, `API / bare throughput, full request (${api.tag})`, ratio(api.full, c));
  }
}

/** The cursor of row 500 of dealer 1's lists (all modes), for the keyset deep page. */
const DEEP_CURSOR_SQL = `select (extract(epoch from available_date) * 1000000)::bigint::text as us, id
  from service_requests where requestor_dealer_id = 1 and request_type = 'dealer'
    and current_state in ('new','answered','scheduled','started','received','collected','finished')
  order by available_date, id offset 499 limit 1`;

/**
 * EXPLAIN ANALYZE runs per page: one run is at the mercy of the two shared cores (the same page read
 * 1.9 ms in one run and 2.7 ms in the next), so the plan printed is the run with the median time.
 */
const EXPLAIN_RUNS = 9;

/** The plan lines of the run whose execution time is the median of EXPLAIN_RUNS runs of `explainOnce`. */
async function medianPlan(explainOnce) {
  const plans = [];
  for (let i = 0; i < EXPLAIN_RUNS; i++) plans.push((await explainOnce()).map((r) => r['QUERY PLAN']));
  plans.sort((a, b) => (executionMs(a) || 0) - (executionMs(b) || 0));
  return plans[Math.floor(plans.length / 2)];
}

/** The execution time a plan reports, ms ('' when it reports none). */
function executionMs(plan) {
  const line = plan.find((l) => l.startsWith('Execution Time'));
  return line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : '';
}

async function explain(engine, query, ids) {
  const [cursor] = await query(DEEP_CURSOR_SQL, []);
  for (const [name, q, id] of [
    ['dealer jobs list', queries.dealerJobs],
    ['installer merged list', queries.installerRequests],
    ['installer jobs list', queries.installerJobs],
    ['dealer all modes list', queries.dealerAll],
    ['dealer all modes, rows 501-550 by offset', queries.dealerDeepOffset],
    ['dealer all modes, rows 501-550 by keyset', queries.dealerDeepAfter, cursor?.id],
    ['full request', queries.fullRequest, ids[0]],
    ['installer offers, rows 101-150', queries.installerOffers],
    ['dealer offers, rows 21-70', queries.dealerOffers],
  ]) {
    if (q === queries.dealerDeepAfter && !cursor) continue;
    const { text, values: raw } = withId(q, id);
    const values = raw.map((v) => (v === CURSOR_US ? Number(cursor.us) : v));
    // Once unmeasured first: the server runs these pages all day, so their rows are in memory; a cold
    // first read after the seed measures the disk, not the plan (it read up to 3.9 ms at 1M).
    await query(text, values);
    const plan = await medianPlan(() => query(`explain (analyze, buffers, costs off) ${text}`, values));
    const seqScans = plan.filter((l) =>
      /Seq Scan on (service_requests|request_offers|request_services|payments|referrals|calendar_days|request_notes)\b/.test(
        l,
      ),
    );
    report(engine, `EXPLAIN ${name}: execution ms (median of ${EXPLAIN_RUNS})`, executionMs(plan), '≤ 3');
    report(engine, `EXPLAIN ${name}: seq scans on big tables`, seqScans.length, '0');
    if (showPlans || seqScans.length > 0) console.log(plan.map((l) => `    ${l}`).join('\n'));
    // The server prepares each statement once; after five runs the database may keep a generic plan (one
    // planned without the parameters' values). Its cost must not grow with the history either.
    await query(`prepare bench_generic as ${text}`, []);
    try {
      await query('set plan_cache_mode = force_generic_plan', []);
      const generic = await medianPlan(() =>
        query(`explain (analyze, buffers, costs off) execute bench_generic(${values.join(', ')})`, []),
      );
      report(
        engine,
        `EXPLAIN ${name}: execution ms, generic plan (median of ${EXPLAIN_RUNS})`,
        executionMs(generic),
        '≤ 3',
      );
      if (showPlans) console.log(generic.map((l) => `    ${l}`).join('\n'));
    } finally {
      await query('reset plan_cache_mode', []);
      await query('deallocate bench_generic', []);
    }
  }
}

/**
 * Whether PostgreSQL keeps one plan for each list statement or plans every call anew (issue 20): each
 * list is read KEPT_PLAN_RUNS times through the server's own repositories on one connection, then
 * pg_prepared_statements says how many of those runs were planned for their values (custom plans). After
 * the first five, a statement whose kept plan is chosen is planned no more; one planned every call costs
 * its planning time on every page (0.1–2 ms here).
 */
const KEPT_PLAN_RUNS = 12;

async function reportKeptPlans(url) {
  const fromApi = (p) => pathToFileURL(path.join(root, 'apps/api/src', p)).href;
  const { openDatabase } = await tsImport(fromApi('db/client.ts'), import.meta.url);
  const { createServiceRequestsRepository } = await tsImport(
    fromApi('modules/service-requests/service-requests.repository.ts'),
    import.meta.url,
  );
  const { createReferralsRepository } = await tsImport(
    fromApi('modules/referrals/referrals.repository.ts'),
    import.meta.url,
  );
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const lists = createServiceRequestsRepository(handle.db);
    const referrals = createReferralsRepository(handle.db);
    const dealer = { role: 'dealer', dealerId: 1 };
    const installer = { role: 'installer', installerId: 1, part: 'all' };
    const reads = [
      () => lists.listRequests({ ...dealer, modes: ['jobs'] }, { limit: 50, offset: 0 }),
      () =>
        lists.listRequests({ ...dealer, modes: ['requests', 'jobs', 'pickups'] }, { limit: 50, offset: 500 }),
      () => lists.listRequests({ ...installer, modes: ['requests'] }, { limit: 50, offset: 0 }),
      () => lists.listRequests({ ...installer, modes: ['jobs'] }, { limit: 50, offset: 0 }),
      () => lists.findFullRequest({ role: 'dealer', companyId: 1 }, 1),
      () => lists.listOffersOfCompany({ role: 'installer', companyId: 1 }, { limit: 50, offset: 100 }),
      () => lists.listOffersOfCompany({ role: 'dealer', companyId: 1 }, { limit: 50, offset: 20 }),
      () => referrals.listForDealer(1, { limit: 50 }),
      () => referrals.listForInstaller(1, new Date(), { limit: 50 }),
    ];
    for (let i = 0; i < KEPT_PLAN_RUNS; i++) for (const read of reads) await read();
    const { rows } = await handle.db.execute(
      `select name, generic_plans, custom_plans from pg_prepared_statements where name <> '' order by name`,
    );
    for (const row of rows) {
      const custom = Number(row.custom_plans);
      report(
        'postgres',
        `kept plan: ${row.name}, runs planned anew of ${custom + Number(row.generic_plans)}`,
        custom,
        custom <= 5 ? '≤ 5 (kept)' : '(planned each call)',
      );
    }
  } finally {
    await handle.close();
  }
}

/**
 * The shell's and the back office's reads beside the lists (issue 20), each through the server's own
 * repository: every statement a read sends is captured (Drizzle's query log) and EXPLAIN ANALYZEd as sent,
 * median of EXPLAIN_RUNS. Their cost must not grow with a company's history either.
 */
async function explainBackOffice(url) {
  const fromApi = (p) => pathToFileURL(path.join(root, 'apps/api/src', p)).href;
  const load = async (file, factory) => (await tsImport(fromApi(file), import.meta.url))[factory];
  const { drizzle } = await import(fromRoot('node_modules/drizzle-orm/node-postgres/index.js'));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let sent = [];
  const db = drizzle(pool, { logger: { logQuery: (text, params) => sent.push({ text, params }) } });
  try {
    const navigation = (
      await load('modules/navigation/navigation.repository.ts', 'createNavigationRepository')
    )(db);
    const referrals = (await load('modules/referrals/referrals.repository.ts', 'createReferralsRepository'))(
      db,
    );
    const vehicles = (await load('modules/vehicles/vehicles.repository.ts', 'createVehiclesRepository'))(db);
    const customers = (await load('modules/customers/customers.repository.ts', 'createCustomersRepository'))(
      db,
    );
    // The dealership installer 1 works for most: SHOW JOBS's longest list.
    const [{ dealer_id: dealerId }] = (
      await pool.query(`select dealer_id from service_requests where assigned_installer_id = 1
        and dealer_id is not null group by dealer_id order by count(*) desc limit 1`)
    ).rows;
    const reads = [
      ['navigation referral count, dealer', () => navigation.countDealerReferrals(1)],
      ['navigation referral count, installer', () => navigation.countInstallerReferrals(1)],
      ['installer referrals page', () => referrals.listForInstaller(1, new Date(), { limit: 50 })],
      [
        'dealer referral summary',
        () =>
          referrals.summarize(
            1,
            new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)),
          ),
      ],
      ['SHOW JOBS for a dealership', () => vehicles.listCustomerJobs(1, { kind: 'dealer', id: dealerId })],
      ["an installer's dealerships", () => customers.listInstallerDealers(1)],
    ];
    for (const [name, read] of reads) {
      sent = [];
      await read();
      const statements = sent;
      for (const [i, { text, params }] of statements.entries()) {
        const label = statements.length > 1 ? `${name} (statement ${i + 1})` : name;
        await pool.query(text, params);
        const plan = await medianPlan(
          async () => (await pool.query(`explain (analyze, buffers, costs off) ${text}`, params)).rows,
        );
        report(
          'postgres',
          `EXPLAIN ${label}: execution ms (median of ${EXPLAIN_RUNS})`,
          executionMs(plan),
          '≤ 3',
        );
        if (showPlans) console.log(plan.map((l) => `    ${l}`).join('\n'));
      }
    }
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------------

const queries = await captureQueries();
const hashValue = await passwordHash();

console.log(`${'engine'.padEnd(9)} ${'figure'.padEnd(58)} ${'value'.padStart(10)}  target`);

async function runSize() {
  if (want('postgres')) {
    await withPostgres(
      async (baseUrl) => {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query('drop database if exists bench_lists with (force)');
        await admin.query('create database bench_lists');
        await admin.end();
        const u = new URL(baseUrl);
        u.pathname = '/bench_lists';
        const url = u.toString();
        const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lists-pgdata-'));
        let server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir }); // migrates
        await stopServer(server.child);
        const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
        pool.on('error', () => {}); // idle connections closed by the server's shutdown
        const t0 = performance.now();
        await pool.query(seedSql(hashValue));
        await pool.query('vacuum analyze');
        report(
          'postgres',
          `seed ${sizeLabel(SIZE)} requests + ${sizeLabel(3 * SIZE)} lines (bulk SQL), s`,
          ((performance.now() - t0) / 1000).toFixed(1),
        );
        const ids = (await pool.query(FULL_REQUEST_IDS_SQL)).rows.map((r) => r.id);
        const query = async (q, id) => (await pool.query(withId(q, id))).rows;
        await reportKeptPlans(url);
        await explainBackOffice(url);
        // One connection: the generic plans are prepared and explained on the same session.
        const session = await pool.connect();
        try {
          await explain('postgres', async (text, values) => (await session.query(text, values)).rows, ids);
        } finally {
          session.release();
        }
        const jobIds = (
          await pool.query(
            `select id from service_requests where requestor_dealer_id = 1 and request_type = 'dealer'
             and current_state in ('scheduled', 'received', 'started') order by available_date, id limit 50`,
          )
        ).rows.map((r) => r.id);
        const write = (n) =>
          pool.query('update service_requests set vehicle_trim = $2 where id = $1', [
            jobIds[n % jobIds.length],
            `Trim ${n}`,
          ]);
        const runs = [];
        for (const cached of explainOnly ? [] : [true, false]) {
          server = await startServer({
            DATABASE_URL: url,
            DATA_DIR: dataDir,
            ...(cached ? {} : { READ_CACHE_MB: '0' }),
          });
          try {
            runs.push(
              await driveServer('postgres', server.url, ids, { cached, write, pid: server.child.pid }),
            );
            if (!cached) await compareThroughput('postgres', server.url, ids, query, server.child.pid);
          } finally {
            await stopServer(server.child);
          }
        }
        await pool.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
      { settings: '-c fsync=off -c max_connections=100' },
    );
  }

  if (want('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lists-pglite-'));
    let server = await startServer({ DATA_DIR: dataDir }); // migrates
    await stopServer(server.child);
    let db = openPglite(path.join(dataDir, 'pglite'));
    await db.waitReady;
    const t0 = performance.now();
    await db.exec(seedSql(hashValue));
    await db.exec('vacuum analyze');
    report(
      'pglite',
      `seed ${sizeLabel(SIZE)} requests + ${sizeLabel(3 * SIZE)} lines (bulk SQL), s`,
      ((performance.now() - t0) / 1000).toFixed(1),
    );
    const ids = (await db.query(FULL_REQUEST_IDS_SQL)).rows.map((r) => r.id);
    await db.close();
    const runs = [];
    for (const cached of explainOnly ? [] : [true, false]) {
      server = await startServer({ DATA_DIR: dataDir, ...(cached ? {} : { READ_CACHE_MB: '0' }) });
      try {
        runs.push(await driveServer('pglite', server.url, ids, { cached, pid: server.child.pid }));
      } finally {
        await stopServer(server.child);
      }
    }
    db = openPglite(path.join(dataDir, 'pglite'));
    await db.waitReady;
    // As the server does on PGlite: PREPARE each statement once on the session, EXECUTE it with its integers.
    const prepared = new Map();
    const query = async (q, id) => {
      const { name, text, values } = withId(q, id);
      if (!prepared.has(name)) {
        prepared.set(name, db.exec(`prepare ${name} (${values.map(() => 'bigint').join(', ')}) as ${text}`));
      }
      await prepared.get(name);
      return (await db.query(`execute ${name}(${values.join(', ')})`)).rows;
    };
    await explain('pglite', async (text, values) => (await db.query(text, values)).rows, ids);
    if (!explainOnly) await driveBare('pglite', query, ids, runs);
    await db.close();
    if (process.env.BENCH_KEEP_DATA) console.log(`(PGlite data kept in ${dataDir})`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const size of SIZES) {
  SIZE = size;
  console.log(`\n— ${sizeLabel(size)} requests —`);
  await runSize();
}

// Side by side: each figure at each size.
if (SIZES.length > 1) {
  console.log(
    `\n${'engine'.padEnd(9)} ${'figure'.padEnd(58)} ${SIZES.map((n) => sizeLabel(n).padStart(18)).join(' ')}`,
  );
  const seen = new Set();
  for (const r of rows) {
    const key = `${r.engine}|${r.name}`;
    if (seen.has(key) || r.name.startsWith('seed ')) continue;
    seen.add(key);
    const values = SIZES.map((n) => {
      const found = rows.find((x) => x.engine === r.engine && x.name === r.name && x.size === n);
      return String(found ? found.value : '').padStart(18);
    });
    console.log(`${r.engine.padEnd(9)} ${r.name.padEnd(58)} ${values.join(' ')}`);
  }
}
