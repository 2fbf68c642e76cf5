// What the in-process benchmarks (bench-calendar, bench-financials, bench-vehicle-catalog) share: the API
// loaded from source through tsx, their report line, a percentile of sorted times, and a timed GET.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromRoot = (p) => pathToFileURL(path.join(root, p)).href;

/** The API's database, migrations, app, test config and password hashing, from source. */
export async function loadApi() {
  const { tsImport } = await import(fromRoot('node_modules/tsx/dist/esm/api/index.mjs'));
  const load = (p) => tsImport(fromRoot(p), import.meta.url);
  const [{ openDatabase }, { runMigrations }, { buildApp }, { createTestConfig }, { hashPassword }] =
    await Promise.all([
      load('apps/api/src/db/client.ts'),
      load('apps/api/src/db/migrate.ts'),
      load('apps/api/src/app.ts'),
      load('apps/api/src/config.ts'),
      load('apps/api/src/platform/security/password.ts'),
    ]);
  return { openDatabase, runMigrations, buildApp, createTestConfig, hashPassword };
}

export const report = (engine, name, value, target = '') =>
  console.log(`${engine.padEnd(9)} ${name.padEnd(62)} ${String(value).padStart(10)}  ${target}`);

/** The p-th percentile (0–1) of times sorted ascending. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** `n` GETs of `url` one after another; the times in ms, sorted. Any non-2xx stops the run. */
export async function timeGet(url, headers, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}
