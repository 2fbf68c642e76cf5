import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { contracts } from '../../db/schema/contracts';
import { requestServices, requestStateHistory, serviceRequests } from '../../db/schema/service-requests';
import { updateRow } from '../../db/update-row';
import { findDealerRow, findInstallerRow } from '../companies/companies.rows';
import { findCustomerRow } from '../customers/customers.rows';

export type ContractRow = typeof contracts.$inferSelect;

export type ContractRequestRow = {
  id: number;
  requestType: string;
  currentState: string;
  requestorDealerId: number | null;
  dealerId: number | null;
  assignedInstallerId: number | null;
  customerId: number | null;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleTrim: string | null;
  vin: string | null;
  totalCents: number;
  discountCents: number;
  taxesCents: number;
  depositAmountCents: number;
  availableDate: Date;
  dueDate: Date | null;
  contractUrl: string | null;
};

export type PartyRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
};

const requestColumns = {
  ...pickColumns(
    serviceRequests,
    'id',
    'requestType',
    'currentState',
    'requestorDealerId',
    'dealerId',
    'assignedInstallerId',
    'customerId',
    'vehicleYear',
    'vehicleMake',
    'vehicleModel',
    'vehicleTrim',
    'vin',
    'totalCents',
    'discountCents',
    'taxesCents',
    'depositAmountCents',
    'availableDate',
    'dueDate',
    'contractUrl',
  ),
};

/** A party's contact fields, its address joined from the non-empty `addressParts`. */
function toParty(
  row: { id: number; name: string; email: string | null; phone: string | null },
  addressParts: (string | null)[],
): PartyRow {
  const address = addressParts.filter((p): p is string => Boolean(p?.trim())).join(', ');
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, address: address || null };
}

/** The only Drizzle of the contract module: the request with its parties, services and contracts. */
export function createCustomerContractsRepository(db: Db) {
  return {
    /** A live (not deleted) request, or null. */
    async findRequest(requestId: number, tx: Db | Tx = db): Promise<ContractRequestRow | null> {
      const rows = await tx
        .select(requestColumns)
        .from(serviceRequests)
        .where(and(eq(serviceRequests.id, requestId), isNull(serviceRequests.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Locks the request row for the rest of the transaction (one contract change at a time). */
    async lockRequest(tx: Tx, requestId: number): Promise<void> {
      await tx
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId))
        .for('update');
    },

    async findDealer(
      dealerId: number,
    ): Promise<(PartyRow & { customerContract: string; state: string | null }) | null> {
      const d = await findDealerRow(db, dealerId);
      if (!d) return null;
      const party = toParty(d, [d.addressLine1, d.addressLine2, d.city, d.state, d.zip]);
      return { ...party, customerContract: d.customerContract, state: d.state };
    },

    async findInstaller(installerId: number): Promise<PartyRow | null> {
      const i = await findInstallerRow(db, installerId);
      return i && toParty(i, [i.addressLine1, i.city, i.state, i.zip]);
    },

    /** A customer the dealership may use: one it created (dealerId) or one already on the request. */
    async findCustomer(customerId: number): Promise<(PartyRow & { dealerId: number | null }) | null> {
      const c = await findCustomerRow(db, customerId);
      return c
        ? { id: c.id, name: c.name, email: c.email, phone: c.phone, address: c.address, dealerId: c.dealerId }
        : null;
    },

    async listServices(requestId: number) {
      return db
        .select({
          lineId: requestServices.id,
          category: requestServices.serviceCategory,
          ...pickColumns(
            requestServices,
            'description',
            'customDescription',
            'amountCents',
            'discountCents',
            'retailPriceCents',
            'durationTenths',
          ),
        })
        .from(requestServices)
        .where(eq(requestServices.requestId, requestId))
        .orderBy(asc(requestServices.position), asc(requestServices.id));
    },

    async latestContract(requestId: number, tx: Db | Tx = db): Promise<ContractRow | null> {
      const rows = await tx
        .select()
        .from(contracts)
        .where(eq(contracts.requestId, requestId))
        .orderBy(desc(contracts.createdAt), desc(contracts.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Every contract, oldest first (the demo documents step; a demo has a handful). */
    async listContracts(limit = 200): Promise<ContractRow[]> {
      return db.select().from(contracts).orderBy(asc(contracts.id)).limit(limit);
    },

    async insertContract(tx: Tx, values: typeof contracts.$inferInsert): Promise<ContractRow> {
      const [row] = await tx.insert(contracts).values(values).returning();
      if (!row) throw new Error('contract insert returned no row');
      return row;
    },

    async updateContract(
      tx: Tx,
      id: number,
      values: Partial<typeof contracts.$inferInsert>,
    ): Promise<ContractRow> {
      return updateRow(
        tx,
        contracts,
        eq(contracts.id, id),
        { ...values, updatedAt: new Date() },
        `contract ${id}`,
      );
    },

    /** The request points at its contract document, and at its customer when it had none. */
    async linkRequest(tx: Tx, requestId: number, contractUrl: string, customerId: number): Promise<void> {
      const current = await this.findRequest(requestId, tx);
      await tx
        .update(serviceRequests)
        .set({ contractUrl, ...(current?.customerId ? {} : { customerId }) })
        .where(eq(serviceRequests.id, requestId));
    },

    async writeHistory(
      tx: Tx,
      record: { requestId: number; requestStatus: string; stateDate: Date; userId: number },
    ): Promise<void> {
      await tx.insert(requestStateHistory).values({
        requestId: record.requestId,
        requestStatus: record.requestStatus,
        stateDate: record.stateDate,
        changedByUserId: record.userId,
        changedByUserType: 'dealer',
      });
    },
  };
}
export type CustomerContractsRepository = ReturnType<typeof createCustomerContractsRepository>;
