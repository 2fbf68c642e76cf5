import { existsSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDemoData } from './db/seed';

export type BootTimings = { openMs: number; migrateMs: number; seedMs: number; buildMs: number };

/** Opens the database chosen by the config, migrates it, seeds demo data if asked, and builds the app. */
export async function bootApp(
  config: Config,
): Promise<{ app: FastifyInstance; database: DatabaseHandle; timings: BootTimings }> {
  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - t);
    t = now;
    return ms;
  };
  const open = () =>
    openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url }
        : { kind: 'pglite', dataDir: config.database.dataDir },
    );
  // Only a database kept in a directory can be reopened; an in-memory one would be lost.
  const pgliteDir = config.database.kind === 'pglite' ? config.database.dataDir : null;
  const isNewPglite =
    pgliteDir !== null && !existsSync(path.join(path.resolve(pgliteDir), 'pglite', 'PG_VERSION'));
  let database = await open();
  const openMs = lap();
  await runMigrations(database);
  const migrateMs = lap();
  let seeded = false;
  if (config.seedDemo) seeded = (await seedDemoData(database.db)).seeded;
  // A WebAssembly heap never shrinks: creating the database, the first migrations and the seed
  // transaction leave PGlite's grown to 600–800 MB. Reopening (≈0.3 s) starts a fresh heap, so the
  // first start idles like every restart.
  if (pgliteDir !== null && (isNewPglite || seeded)) {
    await database.close();
    database = await open();
  }
  // What seeding built is garbage now; an idle server would otherwise keep it for a long time.
  if (isNewPglite || seeded) collectGarbageNow();
  const seedMs = lap();
  // The demo documents (contract PDFs, the demo W-9) are written only on the start that seeded.
  const app = await buildApp({ config, database, demoSeeded: seeded });
  const buildMs = lap();
  return { app, database, timings: { openMs, migrateMs, seedMs, buildMs } };
}

/**
 * One full collection, so the closed PGlite's WebAssembly memory is returned now rather than
 * whenever V8 next feels pressure (an idle server never does). Used once, at boot.
 */
function collectGarbageNow() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}
