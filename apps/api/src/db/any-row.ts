import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from './client';

/** Whether any row of `table` matches `where` (reads one row at the most): the repositories' "is there a …". */
export async function anyRow(conn: Db | Tx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await conn.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/** A read of the first row of `table` that matches `where`, or null; with `fields`, only those. */
export type FirstRowRead = {
  <T extends PgTable>(conn: Db | Tx, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | null>;
  <F extends SelectedFields>(
    conn: Db | Tx,
    table: PgTable,
    where: SQL | undefined,
    fields: F,
  ): Promise<SelectResultFields<F> | null>;
};

/** The first-row read (one row at the most), its row locked `for update` until the transaction ends when `lock`. */
export function readFirstRow({ lock }: { lock: boolean }): FirstRowRead {
  const read = async (conn: Db | Tx, table: PgTable, where: SQL | undefined, fields?: SelectedFields) => {
    const query = conn
      .select(fields ?? getTableColumns(table))
      .from(table)
      .where(where)
      .limit(1);
    const rows = lock ? await query.for('update') : await query;
    return rows[0] ?? null;
  };
  return read as FirstRowRead;
}

/**
 * The first row of `table` that matches `where`, or null (reads one row at the most); with `fields`, only
 * those (`pickColumns(table, …)` or any select list).
 */
export const firstRow = readFirstRow({ lock: false });
