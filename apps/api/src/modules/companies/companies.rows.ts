import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dealers, installers } from '../../db/schema/identity';

export type DealerRow = typeof dealers.$inferSelect;
export type InstallerRow = typeof installers.$inferSelect;

/**
 * A company's row by id, in the caller's connection or transaction; null when there is none. The companies
 * module owns these tables: other modules (payments, request creation, customers) read a company through
 * these two functions and keep only the fields they need.
 */
export async function findDealerRow(conn: Db | Tx, dealerId: number): Promise<DealerRow | null> {
  const rows = await conn.select().from(dealers).where(eq(dealers.id, dealerId)).limit(1);
  return rows[0] ?? null;
}

export async function findInstallerRow(conn: Db | Tx, installerId: number): Promise<InstallerRow | null> {
  const rows = await conn.select().from(installers).where(eq(installers.id, installerId)).limit(1);
  return rows[0] ?? null;
}
