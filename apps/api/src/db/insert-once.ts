import type { IndexColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * Inserts `values` unless they conflict with a row already there (on `target`, or on any unique index when
 * it is not given): the new row, or null when nothing was inserted (idempotent writes: the caller reads the
 * row that won).
 */
export async function insertOnce<T extends PgTable>(
  conn: Db | Tx,
  table: T,
  values: T['$inferInsert'],
  target?: IndexColumn,
): Promise<T['$inferSelect'] | null> {
  const rows = await conn
    .insert(table as PgTable)
    .values(values)
    .onConflictDoNothing({ target })
    .returning();
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
}
