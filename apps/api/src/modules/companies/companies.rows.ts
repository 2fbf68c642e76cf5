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

/**
 * The fields of a dealership that every wire showing it carries (the company record, the customers screen's
 * dealerships), in the spec's spelling: each view adds its own few.
 */
export function dealerWireFields(d: DealerRow) {
  const contract: 'Y' | 'N' = d.customerContract === 'Y' ? 'Y' : 'N';
  return {
    dealer_id: d.id,
    dealer_name: d.name,
    dealer_email: d.email,
    dealer_phone_number: d.phone,
    dealer_address_line1: d.addressLine1,
    dealer_address_line2: d.addressLine2,
    dealer_address_city: d.city,
    dealer_address_state: d.state,
    dealer_address_zip: d.zip,
    latitude: d.latitude,
    longitude: d.longitude,
    installer_categories: d.installerCategories,
    dealerActive: d.isActive ? 1 : 0,
    customer_contract: contract,
    customerContract: contract,
  };
}
