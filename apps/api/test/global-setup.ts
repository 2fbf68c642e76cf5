import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: 'pglite' | 'postgres';
    pgliteTemplatePath: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite data directory dumped to a file (each test file loads it in
 * ~0.3 s instead of running initdb + migrations), or a PostgreSQL template database that each
 * test file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const testDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  project.provide('testDb', testDb);

  const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
  await runMigrations(pglite);
  // biome-ignore lint/suspicious/noExplicitAny: dumpDataDir lives on the PGlite client
  const client = (pglite.db as any).$client as { dumpDataDir: (c: 'none') => Promise<Blob> };
  const dump = await client.dumpDataDir('none');
  const file = path.join(tmpdir(), `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplatePath', file);

  const removeTemplateFile = () => rmSync(file, { force: true });
  if (testDb !== 'postgres') {
    project.provide('postgresTemplate', null);
    return removeTemplateFile;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = `tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateDb = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
  await runMigrations(templateDb);
  await templateDb.close();
  project.provide('postgresTemplate', template);

  return async () => {
    removeTemplateFile();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
