import type { TMasterService, TServiceRow } from '@app/contracts/service-catalog.contract';
import { centsToDollars } from '@app/domain/shared/money';
import type { VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { and, asc, eq, max, notInArray, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { insertOnce } from '../../db/insert-once';
import { lockRow } from '../../db/lock-row';
import { masterServices, services } from '../../db/schema/catalog';

type MasterRow = typeof masterServices.$inferSelect;
type PriceRow = typeof services.$inferSelect;
export type CatalogType = 'RETAIL' | 'WHOLE';

export type MasterValues = {
  installerId: number;
  serviceCategory: string;
  description: string;
  durationTenths: number;
  installerCategory?: string;
  dataCollect?: string;
  marketSize?: string | null;
  notes?: string | null;
};

/** States in which a request is still open: its lines may still be priced, scheduled or worked. */
const OPEN_REQUEST_STATES = ['new', 'answered', 'scheduled', 'received', 'started', 'finished'];

const SIZE_ORDER: Record<string, number> = { L: 0, M: 1, S: 2 };
const CATALOG_ORDER: Record<string, number> = { RETAIL: 0, WHOLE: 1 };

function rowToWire(master: MasterRow, row: PriceRow): TServiceRow {
  return {
    service_id: row.id,
    master_service_id: master.id,
    description: master.description,
    service_category: master.serviceCategory,
    vehicle_size: row.vehicleSize as VehicleSize,
    catalog: row.catalog === 'WHOLE' ? 'WHOLE' : 'RETAIL',
    service_cost: centsToDollars(row.priceCents),
    duration_days: master.durationTenths / 10,
  };
}

const byCatalogAndSize = (a: PriceRow, b: PriceRow) =>
  (CATALOG_ORDER[a.catalog] ?? 9) - (CATALOG_ORDER[b.catalog] ?? 9) ||
  (SIZE_ORDER[a.vehicleSize] ?? 9) - (SIZE_ORDER[b.vehicleSize] ?? 9);

/** The master service and its price rows as the wire shows them (row 115). */
export function masterToWire(master: MasterRow, rows: readonly PriceRow[]): TMasterService {
  return {
    master_service_id: master.id,
    installer_id: master.installerId,
    description: master.description,
    service_category: master.serviceCategory,
    duration_days: master.durationTenths / 10,
    installer_category: master.installerCategory,
    data_collect: master.dataCollect,
    market_size: master.marketSize,
    notes: master.notes,
    services: [...rows].sort(byCatalogAndSize).map((row) => rowToWire(master, row)),
  };
}

/** The service catalog's tables (master_services, services); the wizards' pricing reads stay in catalog/. */
export function createServiceCatalogRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** Price rows of the installer's category (null: every category), by description, catalog and size. */
    async listCategoryRows(installerId: number, category: string | null): Promise<TServiceRow[]> {
      const found = await db
        .select({ master: masterServices, row: services })
        .from(masterServices)
        .innerJoin(services, eq(services.masterServiceId, masterServices.id))
        .where(
          and(
            eq(masterServices.installerId, installerId),
            category === null
              ? undefined
              : sql`lower(${masterServices.serviceCategory}) = lower(${category})`,
          ),
        )
        .orderBy(
          asc(masterServices.serviceCategory),
          asc(masterServices.description),
          asc(masterServices.id),
        );
      // Stable sort keeps the masters' order; within one master: RETAIL L, M, S then WHOLE L, M, S.
      return found
        .map((f, index) => ({ ...f, index }))
        .sort(
          (a, b) => (a.master.id === b.master.id ? byCatalogAndSize(a.row, b.row) : 0) || a.index - b.index,
        )
        .map(({ master, row }) => rowToWire(master, row));
    },

    /** The installer's highest master service id, or price row id (`services`); 0 when it has none. */
    async maxId(of: 'masterServices' | 'services', installerId: number): Promise<number> {
      const table = of === 'masterServices' ? masterServices : services;
      const [row] = await db
        .select({ value: max(table.id) })
        .from(table)
        .where(eq(table.installerId, installerId));
      return row?.value ?? 0;
    },

    /** A master service with its rows; `lock` takes its row for the rest of the transaction. */
    async findMaster(
      masterServiceId: number,
      tx: Db | Tx = db,
      lock = false,
    ): Promise<{ master: MasterRow; rows: PriceRow[] } | null> {
      const byId = eq(masterServices.id, masterServiceId);
      const master = lock
        ? await lockRow(tx, masterServices, byId)
        : await firstRow(tx, masterServices, byId);
      if (!master) return null;
      const rows = await tx.select().from(services).where(eq(services.masterServiceId, master.id));
      return { master, rows };
    },

    /** The master service of a price row. */
    async findMasterIdOfRow(serviceId: number, tx: Db | Tx = db): Promise<number | null> {
      const row = await firstRow(tx, services, eq(services.id, serviceId), {
        masterServiceId: services.masterServiceId,
      });
      return row?.masterServiceId ?? null;
    },

    /** The installer's master service with this category and description (case-insensitive), locked. */
    async findMasterByName(
      tx: Tx,
      installerId: number,
      category: string,
      description: string,
    ): Promise<MasterRow | null> {
      const [master] = await tx
        .select()
        .from(masterServices)
        .where(
          and(
            eq(masterServices.installerId, installerId),
            eq(masterServices.serviceCategory, category),
            sql`lower(${masterServices.description}) = lower(${description})`,
          ),
        )
        .limit(1)
        .for('update');
      return master ?? null;
    },

    /** Inserts a master service; null when the installer already has one of that category and description. */
    async insertMaster(tx: Tx, values: MasterValues): Promise<MasterRow | null> {
      return insertOnce(tx, masterServices, values);
    },

    /** Updates a master service (a category + description another of the installer's has: unique violation). */
    async updateMaster(tx: Tx, masterServiceId: number, values: Partial<MasterValues>): Promise<void> {
      await tx
        .update(masterServices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(masterServices.id, masterServiceId));
    },

    /** Writes the price of one size and catalog (the row keeps its id, so overrides and lines still point at it). */
    async upsertRows(
      tx: Tx,
      master: { id: number; installerId: number },
      catalog: CatalogType,
      prices: Partial<Record<VehicleSize, number>>,
    ): Promise<void> {
      const values = Object.entries(prices).map(([size, priceCents]) => ({
        masterServiceId: master.id,
        installerId: master.installerId,
        catalog,
        vehicleSize: size,
        priceCents: priceCents as number,
      }));
      if (values.length === 0) return;
      await tx
        .insert(services)
        .values(values)
        .onConflictDoUpdate({
          target: [services.masterServiceId, services.catalog, services.vehicleSize],
          set: { priceCents: sql`excluded.price_cents`, updatedAt: sql`now()` },
        });
    },

    /** Removes the catalog's rows of the sizes not listed (all of them for an empty list). */
    async deleteRowsExcept(tx: Tx, masterServiceId: number, catalog: CatalogType, keep: readonly string[]) {
      await tx
        .delete(services)
        .where(
          and(
            eq(services.masterServiceId, masterServiceId),
            eq(services.catalog, catalog),
            keep.length > 0 ? notInArray(services.vehicleSize, [...keep]) : undefined,
          ),
        );
    },

    /** Open requests (not collected, reviewed or deleted) with a line priced from this master service. */
    async countOpenRequestsUsing(tx: Tx, masterServiceId: number, serviceIds: readonly number[]) {
      const result = await tx.execute(sql`
        select count(distinct sr.id)::int as n
        from request_services rs
        join service_requests sr on sr.id = rs.request_id
        where (rs.master_service_id = ${masterServiceId}
               ${
                 serviceIds.length > 0
                   ? sql`or rs.service_id in (${sql.join(
                       serviceIds.map((id) => sql`${id}`),
                       sql`, `,
                     )})`
                   : sql``
               })
          and sr.deleted_at is null
          and sr.current_state in (${sql.join(
            OPEN_REQUEST_STATES.map((s) => sql`${s}`),
            sql`, `,
          )})`);
      const rows = (result as unknown as { rows: { n: number }[] }).rows;
      return Number(rows[0]?.n ?? 0);
    },

    /** Deletes the master service; its rows, overrides, inclusions and template entries go with it (cascade). */
    async deleteMaster(tx: Tx, masterServiceId: number) {
      await tx.delete(masterServices).where(eq(masterServices.id, masterServiceId));
    },
  };
}
/** The unique index of (installer, category, lower(description)). */
export const MASTER_NAME_UNIQUE = 'master_services_installer_description_unique';
export type ServiceCatalogRepository = ReturnType<typeof createServiceCatalogRepository>;
