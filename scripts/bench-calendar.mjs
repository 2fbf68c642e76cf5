// The calendar screen's read (issue 12, row 65) under a large calendar: prints figures, asserts nothing.
// `node scripts/bench-calendar.mjs [pglite] [postgres]`
//
// Seeds a separate database (a fresh PGlite data dir under /tmp; on PostgreSQL a database `bench_calendar` on
// BENCH_DATABASE_URL or on a throwaway PostgreSQL 15, see bench-postgres.mjs) with one installer location's
// 10,000 two-line jobs in bulk SQL (generate_series): 1,000 of them in June 2026 — 2,000 calendar entries
// (one per service line and work day, decision 022) — and 9,000 over the two years before, 20,000 rows in
// all. Then it runs the app from source (tsx) on a loopback port and measures over HTTP, one client, the
// month view's call GET /api/dealerCalendars/1?from=2026-06-01&to=2026-06-30: p50 / p95 of 60, and a week's.
// Env: BENCH_DATABASE_URL, BENCH_KEEP_DATA=1 (keep the PGlite data dir).
import { loadApi, pct, report, timeGet } from './bench-in-process.mjs';
import { onEngines } from './bench-postgres.mjs';

const PASSWORD = 'bench-calendar-password';
const JOBS = 10_000;
const MONTH_JOBS = 1_000;
const NOW = new Date('2026-06-15T12:00:00Z');

const { openDatabase, runMigrations, buildApp, createTestConfig, hashPassword } = await loadApi();

/** Job g's first day: June 2026 for the first MONTH_JOBS, else spread over 2024-06-01 … 2026-04-30. */
function seedSql(hash) {
  const h = hash.replaceAll("'", "''");
  const firstDay = `case when g <= ${MONTH_JOBS} then date '2026-06-01' + (g % 29)
    else date '2024-06-01' + ((g - ${MONTH_JOBS}) % 698) end`;
  return `
insert into installers (id, name, email, capacity) values (1, 'Bench Calendar', 'owner@bench-cal.test', 8);
insert into installer_locations (installer_id, name, capacity) values (1, 'Main shop', 8);
insert into users (email, name, phone, password_hash, user_type, installer_id, access, login_enabled)
values ('owner@bench-cal.test', 'Bench Owner', '8135550000', '${h}', 'installer', 1, 'ADMIN', true);
insert into dealers (id, name, email) select g, 'Bench Dealer ' || g, 'd' || g || '@bench-cal.test' from generate_series(1, 20) g;
insert into customers (id, owning_installer_id, name, email) select g, 1, 'Customer ' || g, 'c' || g || '@bench-cal.test' from generate_series(1, 2000) g;
select setval(pg_get_serial_sequence('installers', 'id'), 1);
select setval(pg_get_serial_sequence('dealers', 'id'), 20);
select setval(pg_get_serial_sequence('customers', 'id'), 2000);
insert into service_requests (id, request_type, requestor_dealer_id, requestor_installer_id, assigned_installer_id,
  dealer_id, customer_id, vehicle_year, vehicle_make, vehicle_model, service_requested, total_cents,
  duration_tenths, available_date, due_date, current_state)
select g,
  case when g % 5 < 3 then 'dealer' else 'installer' end,
  case when g % 5 < 3 then 1 + g % 20 end,
  case when g % 5 >= 3 then 1 end,
  1,
  case when g % 5 < 3 then 1 + g % 20 end,
  case when g % 5 >= 3 then 1 + g % 2000 end,
  2020 + g % 7, 'Porsche', '911', 'PPF - Full Front + 1', 120000, 20,
  (${firstDay})::timestamptz, (${firstDay} + 2)::timestamptz, 'scheduled'
from generate_series(1, ${JOBS}) g;
select setval(pg_get_serial_sequence('service_requests', 'id'), ${JOBS});
insert into request_services (id, request_id, position, service_category, description, amount_cents, discount_cents,
  duration_tenths)
select 2 * g - 1 + p, g, p, case p when 0 then 'PPF' else 'Tint' end, case p when 0 then 'Full Front' else 'Windows' end,
  case p when 0 then 90000 else 30000 end, case p when 0 then 5000 else 0 end, 10
from generate_series(1, ${JOBS}) g, generate_series(0, 1) p;
select setval(pg_get_serial_sequence('request_services', 'id'), ${2 * JOBS});
insert into calendar_days (request_id, request_service_id, installer_id, work_date, work_status, daily_work_tenths,
  event_id)
select g, 2 * g - 1 + p, 1, ${firstDay} + p, 'booked', 10, case when g % 3 = 0 then 'evt_' || g end
from generate_series(1, ${JOBS}) g, generate_series(0, 1) p;
analyze;
`;
}

async function drive(engine, database) {
  const t0 = performance.now();
  await runMigrations(database);
  await database.exec(seedSql(await hashPassword(PASSWORD)));
  report(
    engine,
    `seed ${JOBS} two-line jobs, ${2 * JOBS} calendar rows (bulk SQL), ms`,
    Math.round(performance.now() - t0),
  );
  const config = createTestConfig({ logLevel: 'silent' });
  const app = await buildApp({ config, database, clock: () => NOW });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench-cal.test', password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
    const period = (from, to) => `${base}/api/dealerCalendars/1?from=${from}&to=${to}`;

    const sample = await (await fetch(period('2026-06-01', '2026-06-30'), { headers })).json();
    const kb = Math.round(JSON.stringify(sample).length / 1024);
    const month = await timeGet(period('2026-06-01', '2026-06-30'), headers, 60);
    report(
      engine,
      `month view (${sample.entries.length} entries, ${kb} KB), p50 ms`,
      pct(month, 0.5).toFixed(1),
    );
    report(engine, 'month view, p95 ms', pct(month, 0.95).toFixed(1), '< 300');
    const week = await timeGet(period('2026-06-14', '2026-06-20'), headers, 60);
    report(engine, 'week view, p50 ms', pct(week, 0.5).toFixed(1));
    report(engine, 'week view, p95 ms', pct(week, 0.95).toFixed(1), '< 100');
  } finally {
    await app.close();
  }
}

await onEngines({ name: 'bench_calendar', openDatabase, drive });
process.exit(0);
