import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** Where the committed SQL migrations are, both from source (tsx) and from the bundle (dist/server.js). */
export function resolveMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db → src/db/migrations; dist → ../src/db/migrations
  return here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '../src/db/migrations')
    : path.resolve(here, 'migrations');
}

/** The one migration path: Drizzle's migrator, on PGlite or on PostgreSQL. */
export async function runMigrations(
  handle: DatabaseHandle,
  folder = resolveMigrationsFolder(),
): Promise<void> {
  const config = { migrationsFolder: folder };
  if (handle.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver type; both share the query API
    await migratePglite(handle.db as any, config);
  } else {
    // Several API processes may boot at once on one PostgreSQL: serialise migrations with an advisory lock.
    // biome-ignore lint/suspicious/noExplicitAny: see above
    await handle.withAdvisoryLock(727274, () => migratePg(handle.db as any, config));
  }
}
