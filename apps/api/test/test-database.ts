import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';

export type TestDatabase = DatabaseHandle & { url: string | null; drop: () => Promise<void> };

/** A fresh, migrated database for one test file, on the engine the run asks for (TEST_DB). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject('testDb') === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    const template = inject('postgresTemplate');
    if (!base || !template) throw new Error('PostgreSQL test run without TEST_DATABASE_URL');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    const url = u.toString();
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 20 });
    return {
      ...handle,
      url,
      drop: async () => {
        await handle.close();
        const a = new pg.Client({ connectionString: base });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([dump]) });
  return { ...handle, url: null, drop: () => handle.close() };
}
