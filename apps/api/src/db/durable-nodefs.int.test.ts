import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import { type DiskSync, nodeDiskSync } from './durable-nodefs';

// Finding 6 of issue 19: the embedded database acknowledged commits whose WAL was only in the OS cache.
describe('file-backed PGlite flushes what a commit wrote before it answers', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  const flushed: string[] = [];
  // The real flush, recording which file each one was for.
  const recordingSync: DiskSync = {
    file: (fd) => {
      flushed.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
      nodeDiskSync.file(fd);
    },
    directory: (fd) => {
      flushed.push(`${fs.readlinkSync(`/proc/self/fd/${fd}`)}/`);
      nodeDiskSync.directory(fd);
    },
  };
  const walFlushes = () => flushed.filter((file) => file.includes(`${path.sep}pg_wal${path.sep}`));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(tmpdir(), 'durable-pglite-'));
    database = await openDatabase({ kind: 'pglite', dataDir, diskSync: recordingSync });
  });

  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a new cluster is on disk once it opens (initdb wrote it without flushing)', () => {
    const root = path.join(dataDir, 'pglite');
    expect(flushed).toContain(path.join(root, 'PG_VERSION'));
    expect(flushed).toContain(path.join(root, 'global', 'pg_control'));
    expect(flushed).toContain(`${root}/`);
  });

  it('every acknowledged commit has flushed its WAL segment, once; a read flushes nothing', async () => {
    await database.exec('create table durability_probe (id serial primary key, note text not null)');
    for (let i = 0; i < 20; i++) {
      flushed.length = 0;
      await database.db.execute(sql`insert into durability_probe (note) values (${`commit ${i}`})`);
      expect(walFlushes(), `commit ${i}`).toHaveLength(1);
      expect(walFlushes()[0]).toMatch(/pg_wal\/[0-9A-F]{24}$/);
    }

    flushed.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into durability_probe (note) values ('in a transaction, 1')`);
      await tx.execute(sql`insert into durability_probe (note) values ('in a transaction, 2')`);
      // Nothing is acknowledged before the commit.
      expect(walFlushes()).toHaveLength(0);
    });
    expect(walFlushes()).toHaveLength(1);

    flushed.length = 0;
    const rows = await database.db.execute(sql`select count(*)::int as n from durability_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(22);
    expect(flushed).toEqual([]);
  });

  it('a checkpoint flushes the data files it wrote, so the WAL it recycles is no longer needed', async () => {
    flushed.length = 0;
    await database.exec('checkpoint');
    expect(flushed.some((file) => /\/base\/\d+\/\d+$/.test(file))).toBe(true);
  });
});
