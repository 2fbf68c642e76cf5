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
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  const openMs = lap();
  await runMigrations(database);
  const migrateMs = lap();
  if (config.seedDemo) await seedDemoData(database.db);
  const seedMs = lap();
  const app = await buildApp({ config, database });
  const buildMs = lap();
  return { app, database, timings: { openMs, migrateMs, seedMs, buildMs } };
}
