import {
  customers,
  dealerPreferredInstallers,
  dealerVendorPreferences,
  installerDealers,
} from '../schema/customers';
import { type DbOrTx, firstRow, nextSequence } from './common';

export type Customer = typeof customers.$inferSelect;
export type DealerVendorPreference = typeof dealerVendorPreferences.$inferSelect;

/** A retail customer (customer_type 'Prospect' unless given). */
export async function createCustomer(
  db: DbOrTx,
  overrides: Partial<typeof customers.$inferInsert> = {},
): Promise<Customer> {
  const n = nextSequence();
  const rows = await db
    .insert(customers)
    .values({
      name: `Test Customer ${n}`,
      email: `customer${n}@example.test`,
      phone: '8135550400',
      address: '300 Main St, Tampa, FL 33602',
      ...overrides,
    })
    .returning();
  return firstRow(rows, 'customer');
}

/** Adds a dealership to an installer's dealerships (its dealer customers). */
export async function linkInstallerDealer(db: DbOrTx, installerId: number, dealerId: number): Promise<void> {
  await db.insert(installerDealers).values({ installerId, dealerId }).onConflictDoNothing();
}

export async function createDealerVendorPreference(
  db: DbOrTx,
  values: typeof dealerVendorPreferences.$inferInsert,
): Promise<DealerVendorPreference> {
  return firstRow(await db.insert(dealerVendorPreferences).values(values).returning(), 'vendor preference');
}

/** Marks a specialist as preferred by a dealer (dealer_preferred = 1). */
export async function addPreferredInstaller(
  db: DbOrTx,
  dealerId: number,
  installerId: number,
): Promise<void> {
  await db.insert(dealerPreferredInstallers).values({ dealerId, installerId }).onConflictDoNothing();
}
