// Vehicle catalog (issue 14) under a large reference catalog: prints figures, asserts nothing.
// `node scripts/bench-vehicle-catalog.mjs [pglite] [postgres]`
//
// Seeds a separate database (a fresh PGlite data dir under /tmp; on PostgreSQL a database
// `bench_vehicle_catalog` on BENCH_DATABASE_URL or on a throwaway PostgreSQL 15, see bench-postgres.mjs) in
// bulk SQL with 200 makes, 1,000 models and 5,000 trims, one installer with 20 master services (retail and
// wholesale rows for S, M and L) and 20,000 of its per-trim overrides (4 per trim), plus 5,000 overrides of
// another installer (which the counts must leave out). Then it runs the app in this process on a loopback
// port and measures over HTTP, one client:
// - GET /api/vehiclescatalog/{installerId} (row 118, every trim with its override count): p50 / p95 of 40;
// - GET /api/service-overrides-model/{installerId}/{modelId} (the Service Overrides modal): p95 of 40;
// - POST /api/service-model-overrides (one price for a model's 5 trims, one transaction): p95 of 40.
// Env: BENCH_DATABASE_URL, BENCH_KEEP_DATA=1 (keep the PGlite data dir).
import { loadApi, pct, report } from './bench-in-process.mjs';
import { onEngines } from './bench-postgres.mjs';

const PASSWORD = 'bench-vehicles-password';
const MAKES = 200;
const MODELS_PER_MAKE = 5;
const TRIMS_PER_MODEL = 5;
const TRIMS = MAKES * MODELS_PER_MAKE * TRIMS_PER_MODEL;
const MASTERS = 20;
const OVERRIDES_PER_TRIM = 4;

const { openDatabase, runMigrations, buildApp, createTestConfig, hashPassword } = await loadApi();

/** Installer 1 (measured) and 2 (other overrides); service rows: master m, size s, catalog c. */
function seedSql(hash) {
  const h = hash.replaceAll("'", "''");
  const models = MAKES * MODELS_PER_MAKE;
  return `
insert into installers (id, name, email) values (1, 'Bench Film', 'owner@bench-veh.test'), (2, 'Other Film', 'o@bench-veh.test');
select setval(pg_get_serial_sequence('installers', 'id'), 2);
insert into users (email, name, phone, password_hash, user_type, installer_id, access, login_enabled)
values ('owner@bench-veh.test', 'Bench Owner', '8135550000', '${h}', 'installer', 1, 'ADMIN', true);
insert into vehicle_makes (id, name) select g, 'Make ' || lpad(g::text, 3, '0') from generate_series(1, ${MAKES}) g;
select setval(pg_get_serial_sequence('vehicle_makes', 'id'), ${MAKES});
insert into vehicle_models (id, make_id, name, size)
select g, 1 + (g - 1) / ${MODELS_PER_MAKE}, 'Model ' || g, (array['S','M','L'])[1 + g % 3] from generate_series(1, ${models}) g;
select setval(pg_get_serial_sequence('vehicle_models', 'id'), ${models});
insert into vehicle_trims (id, model_id, name, body_style, size, start_production_year, end_production_year)
select g, 1 + (g - 1) / ${TRIMS_PER_MODEL}, 'Trim ' || g, 'Sedan', (array['S','M','L'])[1 + (1 + (g - 1) / ${TRIMS_PER_MODEL}) % 3],
  2010 + g % 10, case when g % 4 = 0 then null else 2024 end
from generate_series(1, ${TRIMS}) g;
select setval(pg_get_serial_sequence('vehicle_trims', 'id'), ${TRIMS});
insert into master_services (id, installer_id, service_category, description)
select g, 1 + (g - 1) / ${MASTERS}, case when g % 2 = 0 then 'PPF' else 'Glass/Tint' end, 'Service ' || g
from generate_series(1, ${2 * MASTERS}) g;
select setval(pg_get_serial_sequence('master_services', 'id'), ${2 * MASTERS});
insert into services (master_service_id, installer_id, catalog, vehicle_size, price_cents)
select m.id, m.installer_id, c, s, 100000 + m.id * 100
from master_services m, unnest(array['RETAIL','WHOLE']) c, unnest(array['S','M','L']) s;
insert into service_trim_overrides (service_id, trim_id, installer_id, override_price_cents)
select s.id, t.id, m.installer_id, 90000 + k * 100
from vehicle_trims t
cross join generate_series(0, ${OVERRIDES_PER_TRIM - 1}) k
join master_services m on m.id = 1 + (t.id + k) % ${MASTERS}
join services s on s.master_service_id = m.id and s.catalog = 'RETAIL' and s.vehicle_size = t.size;
insert into service_trim_overrides (service_id, trim_id, installer_id, override_price_cents)
select s.id, t.id, 2, 80000
from vehicle_trims t
join services s on s.master_service_id = ${MASTERS} + 1 + t.id % ${MASTERS} and s.catalog = 'WHOLE' and s.vehicle_size = t.size;
analyze;
`;
}

async function time(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

async function drive(engine, database) {
  const t0 = performance.now();
  await runMigrations(database);
  await database.exec(seedSql(await hashPassword(PASSWORD)));
  const [{ n }] = (
    await database.db.execute('select count(*)::int as n from service_trim_overrides where installer_id = 1')
  ).rows;
  report(engine, `seed ${TRIMS} trims + ${n} overrides (bulk SQL), ms`, Math.round(performance.now() - t0));
  const config = createTestConfig({ logLevel: 'silent' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench-veh.test', password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
    const get = async (url) => {
      const res = await fetch(`${base}${url}`, { headers });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.arrayBuffer();
    };

    const body = JSON.parse(Buffer.from(await get('/api/vehiclescatalog/1')).toString());
    const counted = body.reduce((sum, r) => sum + r.override_count, 0);
    report(
      engine,
      `catalog rows / overrides counted / size KB`,
      `${body.length}/${counted}/${Math.round(JSON.stringify(body).length / 1024)}`,
    );
    const catalog = await time(40, () => get('/api/vehiclescatalog/1'));
    report(
      engine,
      `GET /vehiclescatalog (${TRIMS} trims, ${n} overrides), p50 ms`,
      pct(catalog, 0.5).toFixed(1),
    );
    report(engine, 'GET /vehiclescatalog, p95 ms', pct(catalog, 0.95).toFixed(1));
    const modal = await time(40, (i) => get(`/api/service-overrides-model/1/${1 + ((i * 37) % 1000)}`));
    report(
      engine,
      'GET /service-overrides-model (5 trims, 20 services), p95 ms',
      pct(modal, 0.95).toFixed(1),
      '< 50',
    );
    const write = await time(40, async (i) => {
      const res = await fetch(`${base}/api/service-model-overrides`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          installerId: 1,
          modelId: 1 + ((i * 53) % 1000),
          masterServiceId: 1 + (i % MASTERS),
          retailPrice: 1234.56,
          wholesalePrice: 999.99,
        }),
      });
      if (!res.ok) throw new Error(`model override: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    report(
      engine,
      'POST /service-model-overrides (10 upserts, 1 tx), p95 ms',
      pct(write, 0.95).toFixed(1),
      '< 100',
    );
  } finally {
    await app.close();
  }
}

await onEngines({ name: 'bench_vehicle_catalog', openDatabase, drive });
process.exit(0);
