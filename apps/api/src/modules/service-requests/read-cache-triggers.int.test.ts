import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { createReadCache } from './read-cache';
import { buildServiceRequestsFixture, type ServiceRequestsFixture } from './service-requests.fixture';
import { createServiceRequestsRepository } from './service-requests.repository';
import { ALL_MODES, type InstallerListPart, type ListScope, type Viewer } from './service-requests.scopes';

/**
 * A cached read (read-cache.ts) is only as fresh as the version triggers of migration 0004 (decision 005):
 * a table it reads without a trigger changes under it unseen. The tables are not listed here: the cached
 * reads are run on a fresh repository, every statement they prepared is read back from
 * pg_prepared_statements and explained, and every relation of the plans must carry version triggers.
 */
describe('read-cache version triggers', () => {
  let database: TestDatabase;
  /** The repository's handle: one connection on PostgreSQL, so its prepared statements are visible here. */
  let handle: DatabaseHandle;
  let f: ServiceRequestsFixture;
  let readTables: string[];

  type Row = Record<string, unknown>;
  type Reader = Pick<DatabaseHandle['db'], 'execute'>;
  const rows = async (q: ReturnType<typeof sql>, db: Reader = handle.db) =>
    ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    f = await buildServiceRequestsFixture(database.db);
    handle = database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 })
      : database;
    readTables = await tablesReadByCachedQueries();
  });
  afterAll(async () => {
    if (handle !== database) await handle.close();
    await database.drop();
  });

  /**
   * Every list shape and both full-request shapes, run once each (each must fill the cache), then the
   * relations of their plans. The read-cache tables themselves (the versions) are the mechanism, not data.
   */
  async function tablesReadByCachedQueries(): Promise<string[]> {
    const cache = createReadCache({ maxBytes: 1 << 30 });
    const repository = createServiceRequestsRepository(handle.db, { cache });
    const before = new Set((await rows(sql`select name from pg_prepared_statements`)).map((r) => r.name));
    // Every non-empty set of modes.
    const modeSets = [1, 2, 3, 4, 5, 6, 7].map((bits) => ALL_MODES.filter((_, i) => bits & (1 << i)));
    const scopes: ListScope[] = modeSets.flatMap((modes) => [
      { role: 'dealer' as const, dealerId: f.dealerA.id, modes },
      ...(['all', 'dealerRequests', 'estimates'] as InstallerListPart[]).map((part) => ({
        role: 'installer' as const,
        installerId: f.i1.id,
        modes,
        part,
      })),
    ]);
    const reads: [string, () => Promise<unknown>][] = [
      ...scopes.map((s): [string, () => Promise<unknown>] => [
        `list ${JSON.stringify(s)}`,
        () => repository.listRequests(s, { limit: 10, offset: 0 }),
      ]),
      ...(
        [
          { role: 'dealer', companyId: f.dealerA.id },
          { role: 'installer', companyId: f.i1.id },
        ] as Viewer[]
      ).map((v): [string, () => Promise<unknown>] => [
        `full request as ${v.role}`,
        () => repository.findFullRequest(v, f.ids.A_new1 as number),
      ]),
    ];
    for (const [name, read] of reads) {
      const entries = cache.stats().entries;
      expect(await read(), name).not.toBeNull();
      expect(cache.stats().entries, `${name} is a cached read`).toBe(entries + 1);
    }

    const prepared = (
      await rows(sql`select name, cardinality(parameter_types) as params from pg_prepared_statements`)
    ).filter((r) => !before.has(r.name));
    expect(prepared.length).toBeGreaterThanOrEqual(reads.length);
    const tables = new Set<string>();
    for (const { name, params } of prepared) {
      const args = Array.from({ length: Number(params) }, () => '1').join(', ');
      const [plan] = await rows(sql.raw(`explain (format json) execute "${String(name)}"(${args})`));
      const json = Object.values(plan as Row)[0];
      collectRelations(typeof json === 'string' ? JSON.parse(json) : json, tables);
    }
    return [...tables].filter((t) => !t.startsWith('read_cache_') && !(t in DERIVED)).sort();
  }

  /** table → the operations (INSERT, UPDATE, DELETE) that note read-cache versions. */
  async function versionTriggers(db: Reader): Promise<Map<string, { events: Set<string>; global: boolean }>> {
    const found = await rows(
      sql`
      select event_object_table as "table", event_manipulation as event, action_statement as action
      from information_schema.triggers
      where event_object_schema = 'public' and action_statement like '%read\_cache\_touch%'`,
      db,
    );
    const byTable = new Map<string, { events: Set<string>; global: boolean }>();
    for (const r of found) {
      const entry = byTable.get(String(r.table)) ?? { events: new Set<string>(), global: false };
      entry.events.add(String(r.event));
      if (String(r.action).includes('read_cache_touch_all')) entry.global = true;
      byTable.set(String(r.table), entry);
    }
    return byTable;
  }

  /**
   * The tables read without the triggers a cached read needs, with what is missing. Every table needs
   * UPDATE and DELETE; INSERT too, except the tables of names, contacts and capacities (their triggers
   * note the global scope): a cached read reaches those only through a key held by a request's row, so a
   * new one shows nowhere until a counted write of a request points at it.
   */
  async function uncovered(db: Reader = handle.db): Promise<string[]> {
    const triggers = await versionTriggers(db);
    return readTables.flatMap((table) => {
      const t = triggers.get(table);
      const needed = t?.global ? ['UPDATE', 'DELETE'] : ['INSERT', 'UPDATE', 'DELETE'];
      const missing = needed.filter((e) => !t?.events.has(e));
      return missing.length ? [`${table} has no version trigger on ${missing.join(', ')}`] : [];
    });
  }

  it('reads the derived tables only where their sources are covered', async () => {
    // request_list_counts is read by every list (its total); its sources must carry version triggers.
    const triggers = await versionTriggers(handle.db);
    for (const source of ['service_requests', 'request_offers']) {
      expect([...(triggers.get(source)?.events ?? [])].sort(), source).toEqual([
        'DELETE',
        'INSERT',
        'UPDATE',
      ]);
    }
  });

  it('finds the tables from the plans of the cached reads', () => {
    // The request, its parts and the counterparts' names are all there (a sanity check of the derivation).
    expect(readTables).toEqual(
      expect.arrayContaining([
        'service_requests',
        'request_offers',
        'payments',
        'dealers',
        'installer_locations',
      ]),
    );
  });

  it('every table a cached read reads has version triggers', async () => {
    expect(await uncovered()).toEqual([]);
  });

  it('names a table whose version trigger is missing', async () => {
    // Triggers dropped in a transaction that is rolled back: the check, reading in it, must name them.
    const seen: string[][] = [];
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`drop trigger read_cache_insert on request_notes`);
        seen.push(await uncovered(tx));
        await tx.execute(sql`drop trigger read_cache_delete on dealers`);
        seen.push(await uncovered(tx));
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(seen).toEqual([
      ['request_notes has no version trigger on INSERT'],
      ['dealers has no version trigger on DELETE', 'request_notes has no version trigger on INSERT'],
    ]);
    expect(await uncovered()).toEqual([]);
  });
});

/**
 * Tables a cached read reads that need no version triggers of their own, and why: each is written only by
 * triggers of tables that have them, in the same statement, so every change to it comes with a new version.
 */
const DERIVED: Record<string, string> = {
  request_list_counts:
    'kept by the statement triggers of service_requests and request_offers (decision 016); folding deltas changes no sum',
};

/** Relation names of an EXPLAIN (FORMAT JSON) plan, subplans and init plans included. */
function collectRelations(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectRelations(n, into);
    return;
  }
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else collectRelations(value, into);
    }
  }
}
