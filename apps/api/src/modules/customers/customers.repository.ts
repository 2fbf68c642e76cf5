import { MAX_PARTY_ROWS, type TCustomer, type TDealer } from '@app/contracts/customers.contract';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { anyRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { customers, dealerVendorPreferences, installerDealers } from '../../db/schema/customers';
import { dealers, installers, users } from '../../db/schema/identity';
import { requestOffers, serviceRequests } from '../../db/schema/service-requests';
import { updateRow } from '../../db/update-row';
import { dealerWireFields, findDealerRow } from '../companies/companies.rows';
import { findCustomerRow } from './customers.rows';

type CustomerRow = typeof customers.$inferSelect;
type DealerRow = typeof dealers.$inferSelect;

function toCustomer(c: CustomerRow): TCustomer {
  return {
    customer_id: c.id,
    customerId: c.id,
    customer_name: c.name,
    customer_Email_Address: c.email,
    customer_phone_number: c.phone,
    customer_address: c.address,
    customer_type: c.customerType,
    owning_installer: c.owningInstallerId ?? 0,
    stripe_customer_id: c.stripeCustomerId,
    dealer_id: c.dealerId,
  };
}

/** A dealership as the wire shows it; its payment-provider id only to its own users (`isMember`). */
function toDealer(d: DealerRow, { isMember }: { isMember: boolean }): TDealer {
  return {
    ...dealerWireFields(d),
    dealerId: d.id,
    billing_email: d.billingEmail,
    ...(isMember ? { stripe_customer_id: d.stripeCustomerId } : {}),
  };
}

/** Dealerships the installer works with (installer_dealers) or created. */
const isDealerOfInstaller = (installerId: number) =>
  or(
    eq(dealers.createdByInstallerId, installerId),
    sql`exists (select 1 from installer_dealers l where l.dealer_id = ${dealers.id} and l.installer_id = ${installerId}::int)`,
  );
/**
 * The same set as `isDealerOfInstaller`, for a list: the installer's links (a range of installer_dealers'
 * key) and the dealerships it added (dealers_created_by_installer_idx), then each by its key. Written as an
 * OR, the list walked every dealership of the platform in name order to filter them (28 ms with 200,000
 * dealerships, against 0.6 ms for this).
 */
const dealerIdsOfInstaller = (installerId: number) =>
  sql`${dealers.id} in (select l.dealer_id from installer_dealers l where l.installer_id = ${installerId}::int
                        union all
                        select d.id from dealers d where d.created_by_installer_id = ${installerId}::int)`;

const searchFilter = (
  column: typeof customers.name | typeof dealers.name,
  phone: typeof customers.phone | typeof dealers.phone,
  q: string | undefined,
) =>
  q
    ? sql`(${column} ilike ${`%${q}%`} or coalesce(${phone}, '') like ${`%${q.replace(/\D/g, '') || q}%`})`
    : sql`true`;

export function createCustomersRepository(db: Db) {
  return {
    async insertCustomer(values: typeof customers.$inferInsert): Promise<TCustomer> {
      const rows = await db.insert(customers).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('customer insert returned no row');
      return toCustomer(row);
    },

    async findCustomer(id: number) {
      const row = await findCustomerRow(db, id);
      return row ? { row, dto: toCustomer(row) } : null;
    },

    /**
     * Whether the installer shares a live request with the customer: it requested, was assigned or holds an
     * offer on a request of that customer (e.g. a job transferred to another location of its group).
     */
    async isCustomerOnRequestOf(customerId: number, installerId: number): Promise<boolean> {
      return anyRow(
        db,
        serviceRequests,
        and(
          eq(serviceRequests.customerId, customerId),
          isNull(serviceRequests.deletedAt),
          or(
            eq(serviceRequests.requestorInstallerId, installerId),
            eq(serviceRequests.assignedInstallerId, installerId),
            sql`exists (select 1 from ${requestOffers} o where o.request_id = ${serviceRequests.id} and o.installer_id = ${installerId}::int)`,
          ),
        ),
      );
    },

    async updateCustomer(id: number, values: Partial<typeof customers.$inferInsert>): Promise<TCustomer> {
      const set = { ...values, updatedAt: new Date() };
      return toCustomer(await updateRow(db, customers, eq(customers.id, id), set, `customer ${id}`));
    },

    /** An installer's customers, or a dealer's (customers it referred or sold to). */
    async listCustomers(
      owner: { role: 'dealer' | 'installer'; companyId: number },
      q?: string,
      limit = MAX_PARTY_ROWS,
    ): Promise<TCustomer[]> {
      const rows = await db
        .select()
        .from(customers)
        .where(
          and(
            owner.role === 'installer'
              ? eq(customers.owningInstallerId, owner.companyId)
              : eq(customers.dealerId, owner.companyId),
            searchFilter(customers.name, customers.phone, q),
          ),
        )
        // Case-insensitive name order: one range of customers_owner_name_idx / customers_dealer_idx, cut at
        // the limit, however many customers the company has gathered.
        .orderBy(sql`lower(${customers.name})`, asc(customers.id))
        .limit(limit);
      return rows.map(toCustomer);
    },

    async findDealer(id: number) {
      const row = await findDealerRow(db, id);
      return row ? { row, dto: toDealer(row, { isMember: true }) } : null;
    },

    /** Dealerships an installer works with (installer_dealers) or created. */
    async listInstallerDealers(installerId: number, q?: string, limit = MAX_PARTY_ROWS): Promise<TDealer[]> {
      const rows = await db
        .select()
        .from(dealers)
        .where(and(dealerIdsOfInstaller(installerId), searchFilter(dealers.name, dealers.phone, q)))
        .orderBy(asc(dealers.name), asc(dealers.id))
        .limit(limit);
      return rows.map((row) => toDealer(row, { isMember: false }));
    },

    /** Whether the dealership has users of its own (anyone but team contacts, who cannot sign in). */
    async hasDealerUsers(dealerId: number): Promise<boolean> {
      return anyRow(db, users, and(eq(users.dealerId, dealerId), ne(users.status, 'contact')));
    },

    async isInstallerDealer(installerId: number, dealerId: number): Promise<boolean> {
      return anyRow(db, dealers, and(eq(dealers.id, dealerId), isDealerOfInstaller(installerId)));
    },

    /** A dealership created by an installer, linked to it as one of its dealerships. */
    /** The dealership and its link to the installer that added it, in the caller's transaction. */
    async insertDealer(tx: Tx, installerId: number, values: typeof dealers.$inferInsert): Promise<TDealer> {
      const rows = await tx
        .insert(dealers)
        .values({ ...values, createdByInstallerId: installerId })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('dealer insert returned no row');
      await tx.insert(installerDealers).values({ installerId, dealerId: row.id }).onConflictDoNothing();
      return toDealer(row, { isMember: false });
    },

    async updateDealer(id: number, values: Partial<typeof dealers.$inferInsert>): Promise<TDealer> {
      const row = await updateRow(db, dealers, eq(dealers.id, id), values, `dealer ${id}`);
      return toDealer(row, { isMember: false });
    },

    async listVendorPreferences(dealerId: number) {
      return db
        .select({
          category: dealerVendorPreferences.categoryName,
          mode: dealerVendorPreferences.vendorVisibilityMode,
          defaultInstallerId: dealerVendorPreferences.defaultInstallerId,
          defaultInstallerName: installers.name,
        })
        .from(dealerVendorPreferences)
        .leftJoin(installers, eq(installers.id, dealerVendorPreferences.defaultInstallerId))
        .where(eq(dealerVendorPreferences.dealerId, dealerId))
        .orderBy(asc(dealerVendorPreferences.categoryName));
    },

    async listTeam(dealerId: number) {
      return db
        .select({
          ...pickColumns(users, 'id', 'name', 'email', 'phone'),
          role: users.contactRole,
          loginEnabled: users.loginEnabled,
          status: users.status,
        })
        .from(users)
        .where(and(eq(users.dealerId, dealerId), sql`${users.status} in ('active','contact')`))
        .orderBy(asc(users.name), asc(users.id));
    },

    async insertContact(values: {
      dealerId: number;
      name: string;
      email: string;
      phone: string | null;
      role: string | null;
      createdByUserId: number;
    }) {
      const rows = await db
        .insert(users)
        .values({
          userType: 'dealer',
          dealerId: values.dealerId,
          name: values.name,
          email: values.email,
          phone: values.phone,
          contactRole: values.role,
          loginEnabled: false,
          status: 'contact',
          access: 'STANDARD',
          createdByUserId: values.createdByUserId,
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('contact insert returned no row');
      return row;
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
