// Financials (issue 13) under a large history: prints figures, asserts nothing.
// `node scripts/bench-financials.mjs [pglite] [postgres]`
//
// Seeds a separate database (a fresh PGlite data dir under /tmp; on PostgreSQL a database
// `bench_financials` on BENCH_DATABASE_URL or on a throwaway PostgreSQL 15, see bench-postgres.mjs) with
// one installer's 100,000 jobs, invoices and payments over 3 years, in bulk SQL (generate_series): 60 %
// dealer work for 20 dealerships, 40 % retail for 2,000 customers, paid, settled, invoiced, pending and
// covered. Then it runs the app from source (tsx) on a loopback port and measures over HTTP, one client:
// - a month's page (50 rows) with its totals, GET /api/installerPayments/{id}?from&to: p50 / p95 of 60;
// - a 2-year custom range (page and totals): p50 / p95 of 20;
// - the CSV export of a year (~33,000 rows), streamed: time, size, and the process's RSS growth while
//   the client reads it chunk by chunk (the server and the client share this process).
// Env: BENCH_DATABASE_URL, BENCH_KEEP_DATA=1 (keep the PGlite data dir).
import { loadApi, pct, report, timeGet } from './bench-in-process.mjs';
import { onEngines } from './bench-postgres.mjs';

const PASSWORD = 'bench-financials-password';
const JOBS = 100_000;
const NOW = new Date('2026-06-15T12:00:00Z');

const { openDatabase, runMigrations, buildApp, createTestConfig, hashPassword } = await loadApi();

const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

/** 3 years before NOW, one job every ~16 minutes; invoice i on day floor(i * 1095 / JOBS). */
function seedSql(hash) {
  const h = hash.replaceAll("'", "''");
  return `
insert into installers (id, name, email, onboarding_complete, stripe_account_id, tax_rate_bps)
values (1, 'Bench Film', 'owner@bench-fin.test', true, 'acct_bench', 750);
insert into invoice_number_series (installer_id, prefix, last_number) values (1, 'BEN', ${JOBS + 1000});
insert into users (email, name, phone, password_hash, user_type, installer_id, access, login_enabled)
values ('owner@bench-fin.test', 'Bench Owner', '8135550000', '${h}', 'installer', 1, 'ADMIN', true);
insert into dealers (id, name, email) select g, 'Bench Dealer ' || g, 'd' || g || '@bench-fin.test' from generate_series(1, 20) g;
insert into customers (id, owning_installer_id, name, email) select g, 1, 'Customer ' || g, 'c' || g || '@bench-fin.test' from generate_series(1, 2000) g;
select setval(pg_get_serial_sequence('dealers', 'id'), 20);
select setval(pg_get_serial_sequence('customers', 'id'), 2000);
select setval(pg_get_serial_sequence('installers', 'id'), 1);
insert into service_requests (id, request_type, requestor_dealer_id, requestor_installer_id, assigned_installer_id,
  dealer_id, customer_id, vin, vehicle_year, vehicle_make, vehicle_model, service_requested, total_cents, fee_cents,
  available_date, created_date, current_state)
select g,
  case when g % 5 < 3 then 'dealer' else 'installer' end,
  case when g % 5 < 3 then 1 + g % 20 end,
  case when g % 5 >= 3 then 1 end,
  1,
  case when g % 5 < 3 then 1 + g % 20 end,
  case when g % 5 >= 3 then 1 + g % 2000 end,
  'BENCHVIN' || lpad(g::text, 9, '0'), 2020 + g % 7, 'Porsche', '911', 'Full Front PPF',
  50000 + (g % 97) * 1000, (50000 + (g % 97) * 1000) / 20,
  timestamptz '${NOW.toISOString()}' - interval '1095 days' + (g * interval '1095 days' / ${JOBS}),
  timestamptz '${NOW.toISOString()}' - interval '1096 days' + (g * interval '1095 days' / ${JOBS}),
  'reviewed'
from generate_series(1, ${JOBS}) g;
select setval(pg_get_serial_sequence('service_requests', 'id'), ${JOBS});
insert into invoices (id, request_id, installer_id, dealer_id, customer_id, invoice_type, number, customer_facing_number,
  status, amount_due_cents, amount_remaining_cents, amount_paid_cents, customer_name, invoice_date, paid_at)
select sr.id, sr.id, 1, sr.dealer_id, sr.customer_id, 'final', 'BEN-' || (1000 + sr.id), 'BEN-' || (1000 + sr.id),
  case when sr.id % 10 < 7 then 'paid' else 'open' end,
  sr.total_cents, case when sr.id % 10 < 7 then 0 else sr.total_cents end,
  case when sr.id % 10 < 7 then sr.total_cents else 0 end,
  coalesce(d.name, c.name), sr.available_date + interval '1 day',
  case when sr.id % 10 < 7 then sr.available_date + interval '3 days' end
from service_requests sr left join dealers d on d.id = sr.dealer_id left join customers c on c.id = sr.customer_id;
select setval(pg_get_serial_sequence('invoices', 'id'), ${JOBS});
insert into payments (request_id, invoice_id, installer_id, payment_type, payment_state, amount_cents,
  platform_fee_cents, method, check_number, payment_date)
select i.id, i.id, 1, 'final',
  case i.id % 10 when 0 then 'covered' when 1 then 'settled' when 7 then 'pending' when 8 then 'invoiced'
    when 9 then 'invoiced' else 'paid' end,
  i.amount_due_cents, i.amount_due_cents / 20,
  case when i.id % 10 between 1 and 6 then 'check' end,
  case when i.id % 10 between 1 and 6 then (4000 + i.id)::text end,
  i.paid_at
from invoices i;
analyze;
`;
}

async function drive(engine, database) {
  const t0 = performance.now();
  await runMigrations(database);
  await database.exec(seedSql(await hashPassword(PASSWORD)));
  report(
    engine,
    `seed ${JOBS} jobs + invoices + payments (bulk SQL), ms`,
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
      body: JSON.stringify({ email: 'owner@bench-fin.test', password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
    const page = (q) => `${base}/api/installerPayments/1?${q}`;

    const month = await timeGet(page('from=2026-05-01&to=2026-05-31'), headers, 60);
    const sample = await (await fetch(page('from=2026-05-01&to=2026-05-31'), { headers })).json();
    report(
      engine,
      `a month's page + totals (${sample.total} rows, 50 shown), p50 ms`,
      pct(month, 0.5).toFixed(1),
    );
    report(engine, "a month's page + totals, p95 ms", pct(month, 0.95).toFixed(1), '< 50');
    const filtered = await timeGet(
      page('from=2026-05-01&to=2026-05-31&state=paid&type=dealer&sort=amount'),
      headers,
      40,
    );
    report(
      engine,
      'a month, state + type filters, sorted by amount, p95 ms',
      pct(filtered, 0.95).toFixed(1),
      '< 50',
    );
    const search = await timeGet(page('name=Customer%2017'), headers, 20);
    report(engine, 'name search over every date, p95 ms', pct(search, 0.95).toFixed(1));
    const twoYears = await timeGet(page('from=2024-06-16&to=2026-06-15'), headers, 20);
    report(engine, '2-year range (page + totals of ~66,700 rows), p50 ms', pct(twoYears, 0.5).toFixed(1));
    report(engine, '2-year range, p95 ms', pct(twoYears, 0.95).toFixed(1), '< 200');

    global.gc?.();
    const before = rssMb();
    let peak = before;
    let bytes = 0;
    const t = performance.now();
    const res = await fetch(`${base}/api/financials/export/1?from=2025-06-01&to=2026-05-31`, { headers });
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      peak = Math.max(peak, rssMb());
    }
    report(
      engine,
      `CSV export of a year (${(bytes / 1048576).toFixed(1)} MB), ms`,
      Math.round(performance.now() - t),
    );
    report(
      engine,
      'CSV export of a year, RSS growth while streaming, MB',
      peak - before,
      'flat: chunks of 1,000',
    );
  } finally {
    await app.close();
  }
}

await onEngines({ name: 'bench_financials', openDatabase, drive });
process.exit(0);
