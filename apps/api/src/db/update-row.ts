import type { SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * Sets `values` on the row of `table` that `where` picks and returns the row as updated. The caller knows the
 * row exists (it read it first), so a missing one is a bug: it throws "`what` vanished".
 */
export async function updateRow<T extends PgTable>(
  conn: Db | Tx,
  table: T,
  where: SQL,
  values: PgUpdateSetSource<T>,
  what: string,
): Promise<T['$inferSelect']> {
  const rows = await conn
    .update(table as PgTable)
    .set(values as PgUpdateSetSource<PgTable>)
    .where(where)
    .returning();
  const row = rows[0] as T['$inferSelect'] | undefined;
  if (!row) throw new Error(`${what} vanished`);
  return row;
}
