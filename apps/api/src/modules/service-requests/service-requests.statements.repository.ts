import { fillPlaceholders, is, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client';
import { constantLimit } from '../../db/constant-limit';
import type { ReadCache } from './read-cache';
import type { Viewer } from './service-requests.scopes';

/*
 * How the service-requests repository runs its statements (see service-requests.repository.ts): each shape
 * built once and prepared (a named statement on PostgreSQL, PREPARE/EXECUTE on PGlite's one session), the
 * read cache in front of the cached reads, and the SQL every read shares (parameters, versions, visibility).
 */

export type Statements = ReturnType<typeof createStatements>;

/** One per repository: its prepared statements and the cache fills under way are its own. */
export function createStatements(db: Db, cache: ReadCache | undefined) {
  const dialect = new PgDialect();
  const isPglite = is(db._.session, PgliteSession);
  // PGlite's prepared statements live as long as its session: a name unique to this repository.
  const prefix = isPglite ? `sr${++repositoryCount}_` : 'sr_';
  const statements = new Map<string, Statement>();

  function prepare(key: string, build: () => SQL): Statement {
    const compiled = dialect.sqlToQuery(build());
    const name = `${prefix}${key}`;
    if (!isPglite) return db._.session.prepareQuery(compiled, undefined, name, false);
    let prepared: Promise<unknown> | undefined;
    return {
      async execute(values) {
        const args = fillPlaceholders(compiled.params, values).map(integerLiteral);
        prepared ??= db
          .execute(sql.raw(`prepare ${name} (${args.map(() => 'bigint').join(', ')}) as ${compiled.sql}`))
          .catch((error: unknown) => {
            prepared = undefined;
            throw error;
          });
        await prepared;
        return db.execute(sql.raw(`execute ${name}(${args.join(', ')})`));
      },
    };
  }

  async function run<T>(key: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
    let statement = statements.get(key);
    if (!statement) {
      statement = prepare(key, build);
      statements.set(key, statement);
    }
    const result = await statement.execute(values);
    return (result as { rows: T[] }).rows;
  }

  type Loaded<T> = { value: T; version: string | null; bytes: number } | null;
  /** Statements filling the cache now, per key: readers that find the same version wait for them. */
  const loading = new Map<string, Promise<Loaded<unknown>>>();

  function readVersion(scope: VersionScope, scopeId: number): Promise<string | undefined> {
    return run<{ version: string }>(
      `version_${scope}`,
      () => sql`select ${versionSql(scope, P.scopeId)} as version`,
      { scopeId },
    ).then((rows) => rows[0]?.version);
  }

  /**
   * `load` answers the read with the version of its scope, read in the same statement (null: nothing to
   * keep). A kept answer is served again while one read of the scope's current version finds it unchanged.
   * When a change makes many callers miss at once, the first one's statement answers all those that read
   * the same version (one statement instead of twenty after every write).
   */
  async function cachedRead<T>(
    key: string,
    scope: VersionScope,
    scopeId: number,
    load: () => Promise<Loaded<T>>,
  ): Promise<T | null> {
    if (!cache) return (await load())?.value ?? null;
    const entry = cache.get(key);
    let current: string | undefined;
    if (entry) {
      current = await readVersion(scope, scopeId);
      if (current === entry.version) {
        cache.count(true);
        return entry.value as T;
      }
    }
    cache.count(false);
    const pending = loading.get(key) as Promise<Loaded<T>> | undefined;
    if (pending) {
      current ??= await readVersion(scope, scopeId);
      const shared = await pending.catch(() => null);
      if (shared && shared.version === current) return shared.value;
    }
    const mine = load();
    loading.set(key, mine);
    try {
      const loaded = await mine;
      if (loaded && loaded.version != null) cache.set(key, loaded.version, loaded.value, loaded.bytes);
      return loaded?.value ?? null;
    } finally {
      if (loading.get(key) === mine) loading.delete(key);
    }
  }

  return { run, cachedRead };
}

type Statement = { execute: (values: Record<string, unknown>) => Promise<unknown> };
let repositoryCount = 0;

/**
 * Every value of these statements is an integer (ids, limit, offset, a cursor's microseconds): anything
 * else is a bug, not input. PGlite's PREPARE declares them bigint; each use casts to its column's type.
 */
function integerLiteral(value: unknown): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new Error(`statement value is not an integer: ${String(value)}`);
  }
  return String(value);
}

/** The values of every statement: always integer parameters, so a statement's text depends only on its shape. */
export const P = {
  companyId: sql`${sql.placeholder('companyId')}::int`,
  requestId: sql`${sql.placeholder('requestId')}::int`,
  limit: sql`${sql.placeholder('limit')}::int`,
  offset: sql`${sql.placeholder('offset')}::int`,
  /** limit + offset: how many rows each branch of a merged list may give before the merge. */
  window: sql`${sql.placeholder('window')}::int`,
  /** A keyset cursor: the available date in microseconds since 1970, and the request id. */
  afterUs: sql`${sql.placeholder('afterUs')}::bigint`,
  afterId: sql`${sql.placeholder('afterId')}::int`,
  scopeId: sql`${sql.placeholder('scopeId')}::int`,
};

/**
 * The constants a page's window (limit + offset rows of an ordered range) is first cut at in the SQL text,
 * smallest first. With a LIMIT parameter alone, the plan PostgreSQL keeps for a prepared statement guesses
 * that a tenth of the range is read — a tenth of the company's history — so once a history is long that
 * plan looks dearer than planning each call anew, and every call is planned again (0.4 ms of the
 * database's time a page of a company's offers at 1M requests, measured in issue 20's note). Cut at a
 * constant first, the kept plan guesses a tenth of the constant, whatever the history, and is kept.
 * Windows past the last constant (pages beyond row 5,000) are planned each call.
 */
const WINDOW_BOUNDS = [200, 1_000, 5_000] as const;

/** The smallest of WINDOW_BOUNDS that holds `window` rows, or null past them all. */
export function windowBound(window: number): number | null {
  return WINDOW_BOUNDS.find((bound) => window <= bound) ?? null;
}

/**
 * The first `P.window` rows of `range` (a select ending in its order by), cut first at `bound` when there
 * is one; `order` is the same order over the range's output columns, for the cut after the subquery.
 */
export function windowOf(range: SQL, order: SQL, bound: number | null): SQL {
  if (bound === null) return sql`${range} limit ${P.window}`;
  return sql`select * from (${range} ${constantLimit(bound)}) bounded
    order by ${order} limit ${P.window}`;
}

// ---------------------------------------------------------------------------------------------------
// Read-cache versions (migration 0004, read-cache.ts)

/** 'd' a dealership's lists, 'i' an installer's lists, 'r' one request's full view. */
type VersionScope = 'd' | 'i' | 'r';

/**
 * What a cached reply costs beyond its JSON text (the key, the entry, the version), for the cache's bound;
 * the text itself is counted at two bytes a character, the most a JavaScript string takes.
 */
const ENTRY_BYTES = 500;

/** The cache's estimate of an entry holding `text`. */
export const textEntryBytes = (text: string) => ENTRY_BYTES + text.length * 2;

/**
 * The version of a scope combined with the global one ('g', changed by names, contacts and capacities
 * that many requests show): text that changes whenever anything a read of the scope shows changes.
 */
export function versionSql(scope: VersionScope, id: SQL): SQL {
  return sql`(coalesce((select v.version from read_cache_versions v where v.scope = ${sql.raw(`'${scope}'`)} and v.id = ${id}), 0)
    || '.' || coalesce((select g.version from read_cache_versions g where g.scope = 'g' and g.id = 0), 0))`;
}

/** Whether the viewer (`P.companyId`) may read request `sr` at all (detail reads). */
export function visibleToSql(role: Viewer['role']): SQL {
  if (role === 'dealer') {
    return sql`(sr.request_type = 'dealer' and sr.requestor_dealer_id = ${P.companyId}
      and sr.deleted_at is null)`;
  }
  return sql`(sr.deleted_at is null and (
      sr.requestor_installer_id = ${P.companyId}
      or sr.assigned_installer_id = ${P.companyId}
      or (sr.request_type = 'dealer' and exists (
        select 1 from request_offers vo where vo.request_id = sr.id and vo.installer_id = ${P.companyId}))))`;
}
