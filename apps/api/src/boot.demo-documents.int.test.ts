import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { bootApp } from './boot';
import { type Config, createTestConfig } from './config';
import type { Db } from './db/client';
import { contracts } from './db/schema/contracts';
import { installerW9s } from './db/schema/identity';

/** The stored keys of the demo documents: the seeded contracts' PDFs and the demo W-9. */
async function demoKeys(db: Db): Promise<string[]> {
  const pdfs = await db.select({ key: contracts.filePath }).from(contracts);
  const w9s = await db.select({ key: installerW9s.storageKey }).from(installerW9s);
  return [...pdfs.map((r) => r.key), ...w9s.map((r) => r.key)];
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

/**
 * Review item (issue 15): the demo documents are written on the start that seeded the demo data, and never on a
 * later start with the same data (a real document whose file went missing must not become a demo one).
 */
describe('demo documents at start-up', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boot-demo-'));
  const files = path.join(dataDir, 'files');
  let postgres: TestDatabase | null = null;
  afterAll(async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes them on the seeding start only; a second start with the same data writes nothing', async () => {
    let database: Config['database'];
    if (inject('testDb') === 'postgres') {
      postgres = await createTestDatabase();
      database = { kind: 'postgres', url: postgres.url ?? '' };
    } else {
      database = { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
    }
    const config = createTestConfig({ database, seedDemo: true, storage: { kind: 'local', dir: files } });
    const fileOf = (key: string) => path.join(files, ...key.split('/'));

    const first = await bootApp(config);
    await first.app.ready();
    const keys = await demoKeys(first.database.db);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.some((k) => k.startsWith('w9/demo/'))).toBe(true);
    expect(await waitFor(() => keys.every((k) => existsSync(fileOf(k))), 30_000)).toBe(true);
    // The demo W-9's size is the generated file's.
    const [w9] = await first.database.db.select().from(installerW9s);
    expect(w9?.sizeBytes).toBeGreaterThan(500);
    await first.app.close();
    await first.database.close();

    for (const key of keys) rmSync(fileOf(key));
    const second = await bootApp(config);
    try {
      await second.app.ready();
      // The first start wrote them within a second or two; give a second start more than that.
      await sleep(3_000);
      expect(keys.filter((k) => existsSync(fileOf(k)))).toEqual([]);
    } finally {
      await second.app.close();
      await second.database.close();
    }
  }, 240_000);
});
