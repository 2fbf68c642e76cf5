import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';

export type CustomerRow = typeof customers.$inferSelect;

/**
 * A customer's row by id, in the caller's connection or transaction; null when there is none. The customers
 * module owns the table: payments and request creation read a customer through this function.
 */
export async function findCustomerRow(conn: Db | Tx, customerId: number): Promise<CustomerRow | null> {
  const rows = await conn.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  return rows[0] ?? null;
}
