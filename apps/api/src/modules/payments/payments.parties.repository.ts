import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { dealers, installerLocations } from '../../db/schema/identity';
import { findDealerRow, findInstallerRow } from '../companies/companies.rows';
import { findCustomerRow } from '../customers/customers.rows';
import type { DbOrTx, LocationRow } from './payments.repository';

/** The billing parties (dealership, customer) and the installers (their card-reader locations). */
export function createPartyRows() {
  return {
    findDealer: findDealerRow,
    findCustomer: findCustomerRow,

    async saveProviderCustomerId(tx: DbOrTx, kind: 'dealer' | 'customer', id: number, providerId: string) {
      if (kind === 'dealer') {
        await tx.update(dealers).set({ stripeCustomerId: providerId }).where(eq(dealers.id, id));
      } else {
        await tx.update(customers).set({ stripeCustomerId: providerId }).where(eq(customers.id, id));
      }
    },

    findInstaller: findInstallerRow,

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
