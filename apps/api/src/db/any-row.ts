import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/** Whether any row of `table` matches `where` (reads one row at the most): the repositories' "is there a …". */
export async function anyRow(conn: Db | Tx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await conn.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/** The first row of `table` that matches `where`, or null (reads one row at the most). */
export async function firstRow<T extends PgTable>(
  conn: Db | Tx,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | null> {
  const rows = await conn
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
}
