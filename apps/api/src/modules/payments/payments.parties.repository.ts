import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { dealers, installerLocations, installers } from '../../db/schema/identity';
import type { DbOrTx, InstallerRow, LocationRow } from './payments.repository';

/** The billing parties (dealership, customer) and the installers (their card-reader locations). */
export function createPartyRows() {
  return {
    async findDealer(tx: DbOrTx, dealerId: number) {
      const rows = await tx
        .select({
          id: dealers.id,
          name: dealers.name,
          email: dealers.email,
          billingEmail: dealers.billingEmail,
          stripeCustomerId: dealers.stripeCustomerId,
        })
        .from(dealers)
        .where(eq(dealers.id, dealerId));
      return rows[0] ?? null;
    },

    async findCustomer(tx: DbOrTx, customerId: number) {
      const rows = await tx
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          stripeCustomerId: customers.stripeCustomerId,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return rows[0] ?? null;
    },

    async saveProviderCustomerId(tx: DbOrTx, kind: 'dealer' | 'customer', id: number, providerId: string) {
      if (kind === 'dealer') {
        await tx.update(dealers).set({ stripeCustomerId: providerId }).where(eq(dealers.id, id));
      } else {
        await tx.update(customers).set({ stripeCustomerId: providerId }).where(eq(customers.id, id));
      }
    },

    async findInstaller(tx: DbOrTx, installerId: number): Promise<InstallerRow | null> {
      const rows = await tx.select().from(installers).where(eq(installers.id, installerId));
      return rows[0] ?? null;
    },

    /** The installer's locations that have a card reader, oldest first. */
    async listReaderLocations(tx: DbOrTx, installerId: number): Promise<LocationRow[]> {
      return tx
        .select()
        .from(installerLocations)
        .where(
          and(eq(installerLocations.installerId, installerId), isNotNull(installerLocations.cardReaderId)),
        )
        .orderBy(asc(installerLocations.id));
    },
  };
}
