import { bigint, bigserial, integer, pgSequence, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Versions of what the request reads show, kept by the database itself (migration 0004): triggers on
 * every table a list row or a full request reads note which scopes a write touches, and at commit one
 * deferred trigger gives each touched scope a new version from `read_cache_version_seq`. A process may
 * answer a read from its own cache while the scope's version is the one it cached with
 * (docs/decisions/005-read-cache.md).
 *
 * Scopes: 'd' a dealership's lists (id = dealer), 'i' an installer's lists (id = installer), 'r' one
 * request's full view (id = request), 'g' (id 0) everything: a change of a name, contact or capacity
 * that rows of many requests show.
 */
export const readCacheVersionSeq = pgSequence('read_cache_version_seq');

export const readCacheVersions = pgTable(
  'read_cache_versions',
  {
    scope: text('scope').notNull(),
    id: integer('id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.id] })],
);

/** One row per writing transaction, inserted by its first noted change and deleted by the flush at its commit. */
export const readCacheFlushes = pgTable('read_cache_flushes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
});
