import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/** Whether any row of `table` matches `where` (reads one row at the most): the repositories' "is there a …". */
export async function anyRow(conn: Db | Tx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await conn.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}
