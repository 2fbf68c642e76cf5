import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { contracts } from '../../db/schema/contracts';
import { customers } from '../../db/schema/customers';
import { dealers, installers } from '../../db/schema/identity';
import { requestServices, requestStateHistory, serviceRequests } from '../../db/schema/service-requests';

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

function joinAddress(parts: (string | null)[]): string | null {
  const text = parts.filter((p): p is string => Boolean(p?.trim())).join(', ');
  return text || null;
}

/** The only Drizzle of the contract module: the request with its parties, services and contracts. */
export function createCustomerContractsRepository(db: Db) {
  const requestor = alias(dealers, 'requestor');
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
      const rows = await db.select().from(requestor).where(eq(requestor.id, dealerId)).limit(1);
      const d = rows[0];
      if (!d) return null;
      return {
        id: d.id,
        name: d.name,
        email: d.email,
        phone: d.phone,
        address: joinAddress([d.addressLine1, d.addressLine2, d.city, d.state, d.zip]),
        customerContract: d.customerContract,
        state: d.state,
      };
    },

    async findInstaller(installerId: number): Promise<PartyRow | null> {
      const rows = await db.select().from(installers).where(eq(installers.id, installerId)).limit(1);
      const i = rows[0];
      if (!i) return null;
      return {
        id: i.id,
        name: i.name,
        email: i.email,
        phone: i.phone,
        address: joinAddress([i.addressLine1, i.city, i.state, i.zip]),
      };
    },

    /** A customer the dealership may use: one it created (dealerId) or one already on the request. */
    async findCustomer(customerId: number): Promise<(PartyRow & { dealerId: number | null }) | null> {
      const rows = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
      const c = rows[0];
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
      const [row] = await tx
        .update(contracts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(contracts.id, id))
        .returning();
      if (!row) throw new Error(`contract ${id} vanished`);
      return row;
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
