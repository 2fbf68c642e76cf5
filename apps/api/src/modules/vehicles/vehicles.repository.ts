import {
  CUSTOMER_JOBS_LIMIT,
  type TCustomerJob,
  type TMake,
  type TModel,
  type TTrim,
  type TVehicle,
} from '@app/contracts/vehicles.contract';
import type { ReferenceMake, ReferenceModel, ReferenceTrim } from '@app/domain/vehicles/vehicle-match';
import { isVehicleSize, type VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { isVinHidden } from '@app/domain/vehicles/vin';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { firstRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { vehicleMakes, vehicleModels, vehicles, vehicleTrims } from '../../db/schema/vehicles';

export type Owner = { role: 'dealer' | 'installer'; companyId: number };
type VehicleRow = typeof vehicles.$inferSelect;

const sizeOf = (value: string): VehicleSize => (isVehicleSize(value) ? value : 'M');

/** What a model row says (the list of models and the VIN matcher's reference read the same columns). */
const modelColumns = {
  ...pickColumns(vehicleModels, 'id', 'makeId', 'name', 'size'),
};

type CustomerRef = { kind: 'customer' | 'dealer'; id: number };

/** On `sr`: the installer's work (requested or assigned, not soft-deleted) for a retail customer. */
const customerWork = (installerId: number, customerId: number) =>
  sql`sr.deleted_at is null and sr.customer_id = ${customerId}::int
    and (sr.assigned_installer_id = ${installerId}::int or sr.requestor_installer_id = ${installerId}::int)`;

/** The two sides of an installer's work for a dealership: jobs assigned to it, and work it requested. */
const installerSides = [sql`sr.assigned_installer_id`, sql`sr.requestor_installer_id`];
/** The installer's live work for a dealership on one side: one range of that side's (installer, dealer) index. */
const dealershipWork = (side: SQL, installerId: number, dealerId: number) =>
  sql`${side} = ${installerId}::int and sr.dealer_id = ${dealerId}::int and sr.deleted_at is null`;

/**
 * The ids of the newest CUSTOMER_JOBS_LIMIT requests of an installer's work for a customer or a dealership.
 * A retail customer's requests are one range of service_requests_customer_idx (a customer's own history).
 * A dealership's are read as two ranges cut at the limit, the jobs assigned to the installer and the work it
 * requested (service_requests_assigned_dealer_idx, service_requests_requestor_installer_dealer_idx), then
 * merged: never the dealership's work with other installers, nor more of the history than the page.
 */
const customerJobsPage = (installerId: number, customer: CustomerRef) => {
  if (customer.kind === 'customer') {
    return sql`(select sr.id from service_requests sr
                 where ${customerWork(installerId, customer.id)}
                 order by sr.available_date desc, sr.id desc limit ${CUSTOMER_JOBS_LIMIT}) page`;
  }
  const sides = installerSides.map(
    (side) => sql`(select sr.id, sr.available_date from service_requests sr
                    where ${dealershipWork(side, installerId, customer.id)}
                    order by sr.available_date desc, sr.id desc limit ${CUSTOMER_JOBS_LIMIT})`,
  );
  return sql`(${sql.join(sides, sql` union `)}) page`;
};

/**
 * The vehicles of an installer's work for a customer or a dealership, read from the same ranges as
 * `customerJobsPage` (each vehicle then by its key), not from the platform's vehicles.
 */
const customerWorkVehicleIds = (installerId: number, customer: CustomerRef) => {
  if (customer.kind === 'customer') {
    return sql`select sr.vehicle_id from service_requests sr where ${customerWork(installerId, customer.id)}`;
  }
  const sides = installerSides.map(
    (side) =>
      sql`select sr.vehicle_id from service_requests sr where ${dealershipWork(side, installerId, customer.id)}`,
  );
  return sql.join(sides, sql` union all `);
};

/** Trims built in `year` (an open end is still built). */
const trimFitsYear = (year: number) =>
  sql`${vehicleTrims.startProductionYear} <= ${year}::int and (${vehicleTrims.endProductionYear} is null or ${vehicleTrims.endProductionYear} >= ${year}::int)`;

function toVehicle(v: VehicleRow): TVehicle {
  const size = sizeOf(v.size);
  return {
    Vehicle_ID: v.id,
    id: v.id,
    vehicleId: v.id,
    Year: v.year,
    Make: v.make,
    Model: v.model,
    Trim: v.trim,
    Style: v.bodyStyle,
    body: v.bodyStyle,
    bodyStyle: v.bodyStyle,
    id_car_make: v.makeId,
    id_car_model: v.modelId,
    id_car_trim: v.trimId,
    color: v.color,
    series: v.series,
    VIN: v.vin,
    vin: v.vin,
    vinAvailable: !isVinHidden(v.vin),
    stock: v.stockNumber,
    size,
    id_car_type: size,
    img_url: v.imgUrl,
  };
}

/** Vehicles the caller's company recorded, or that sit on requests it can see. */
function visibleVehicleSql(owner: Owner): SQL {
  if (owner.role === 'dealer') {
    return sql`(${vehicles.dealerId} = ${owner.companyId}::int or exists (
      select 1 from service_requests sr where sr.vehicle_id = ${vehicles.id}
        and sr.requestor_dealer_id = ${owner.companyId}::int and sr.deleted_at is null))`;
  }
  return sql`(${vehicles.installerId} = ${owner.companyId}::int or exists (
    select 1 from service_requests sr where sr.vehicle_id = ${vehicles.id} and sr.deleted_at is null
      and (sr.requestor_installer_id = ${owner.companyId}::int or sr.assigned_installer_id = ${owner.companyId}::int
        or exists (select 1 from request_offers o where o.request_id = sr.id and o.installer_id = ${owner.companyId}::int))))`;
}

/** The newest vehicle with this VIN that `scope` admits. */
async function findLatestByVin(conn: Db | Tx, vin: string, scope: SQL): Promise<TVehicle | null> {
  const rows = await conn
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.vin, vin), scope))
    .orderBy(desc(vehicles.id))
    .limit(1);
  return rows[0] ? toVehicle(rows[0]) : null;
}

/** A reference row by its id when the caller gave one, else by its name in any case. */
function byIdOrName(
  table: { id: AnyPgColumn; name: AnyPgColumn },
  id: number | null,
  name: string | null,
): SQL {
  return id != null ? eq(table.id, id) : sql`lower(${table.name}) = lower(${name})`;
}

export function createVehiclesRepository(db: Db) {
  return {
    async listMakes(year: number | null): Promise<TMake[]> {
      const rows =
        year === null
          ? await db
              .select({ id: vehicleMakes.id, name: vehicleMakes.name })
              .from(vehicleMakes)
              .orderBy(asc(vehicleMakes.name))
          : await db
              .selectDistinct({ id: vehicleMakes.id, name: vehicleMakes.name })
              .from(vehicleMakes)
              .innerJoin(vehicleModels, eq(vehicleModels.makeId, vehicleMakes.id))
              .innerJoin(vehicleTrims, eq(vehicleTrims.modelId, vehicleModels.id))
              .where(trimFitsYear(year))
              .orderBy(asc(vehicleMakes.name));
      return rows.map((m) => ({ id_car_make: m.id, name: m.name }));
    },

    async makeExists(makeId: number): Promise<boolean> {
      const rows = await db
        .select({ id: vehicleMakes.id })
        .from(vehicleMakes)
        .where(eq(vehicleMakes.id, makeId))
        .limit(1);
      return rows.length > 0;
    },

    /** Models of the make with a trim built in the year (or without any trim yet). */
    async listModels(makeId: number, year: number): Promise<TModel[]> {
      const rows = await db
        .select(modelColumns)
        .from(vehicleModels)
        .where(
          and(
            eq(vehicleModels.makeId, makeId),
            sql`(exists (select 1 from vehicle_trims t where t.model_id = ${vehicleModels.id}
                   and t.start_production_year <= ${year}::int
                   and (t.end_production_year is null or t.end_production_year >= ${year}::int))
                 or not exists (select 1 from vehicle_trims t where t.model_id = ${vehicleModels.id}))`,
          ),
        )
        .orderBy(asc(vehicleModels.name));
      return rows.map((m) => {
        const size = sizeOf(m.size);
        return {
          id_car_model: m.id,
          id_car_make: m.makeId,
          name: m.name,
          vehicleSize: size,
          id_car_type: size,
        };
      });
    },

    async listTrims(modelId: number, year: number | null): Promise<TTrim[]> {
      const rows = await db
        .select()
        .from(vehicleTrims)
        .where(
          year === null
            ? eq(vehicleTrims.modelId, modelId)
            : and(eq(vehicleTrims.modelId, modelId), trimFitsYear(year)),
        )
        .orderBy(asc(vehicleTrims.name));
      return rows.map((t) => ({
        id_car_trim: t.id,
        id_car_model: t.modelId,
        name: t.name,
        body_style: t.bodyStyle,
        start_production_year: t.startProductionYear,
        end_production_year: t.endProductionYear,
        id_car_type: sizeOf(t.size),
      }));
    },

    // Reference rows for VIN matching, loaded make → model → trims so each read stays small.
    async listReferenceMakes(): Promise<ReferenceMake[]> {
      return db.select({ id: vehicleMakes.id, name: vehicleMakes.name }).from(vehicleMakes);
    },
    async listReferenceModels(makeId: number): Promise<ReferenceModel[]> {
      const rows = await db.select(modelColumns).from(vehicleModels).where(eq(vehicleModels.makeId, makeId));
      return rows.map((m) => ({ ...m, size: sizeOf(m.size) }));
    },
    async listReferenceTrims(modelId: number): Promise<ReferenceTrim[]> {
      const rows = await db.select().from(vehicleTrims).where(eq(vehicleTrims.modelId, modelId));
      return rows.map((t) => ({
        id: t.id,
        modelId: t.modelId,
        name: t.name,
        bodyStyle: t.bodyStyle,
        size: sizeOf(t.size),
        startYear: t.startProductionYear,
        endYear: t.endProductionYear,
      }));
    },

    /** Reference rows by id or by name (case-insensitive), for POST /vehicles. */
    async findReference(input: {
      makeId: number | null;
      modelId: number | null;
      trimId: number | null;
      make: string;
      model: string;
      trim: string | null;
    }) {
      const make = await firstRow(db, vehicleMakes, byIdOrName(vehicleMakes, input.makeId, input.make));
      const model = make
        ? await firstRow(
            db,
            vehicleModels,
            and(eq(vehicleModels.makeId, make.id), byIdOrName(vehicleModels, input.modelId, input.model)),
          )
        : null;
      const trim =
        model && (input.trimId != null || input.trim)
          ? await firstRow(
              db,
              vehicleTrims,
              and(eq(vehicleTrims.modelId, model.id), byIdOrName(vehicleTrims, input.trimId, input.trim)),
            )
          : null;
      return { make, model, trim };
    },

    async findOwnVehicleByVin(owner: Owner, vin: string, conn: Db | Tx = db): Promise<TVehicle | null> {
      const own =
        owner.role === 'dealer'
          ? eq(vehicles.dealerId, owner.companyId)
          : eq(vehicles.installerId, owner.companyId);
      return findLatestByVin(conn, vin, own);
    },

    async findVisibleVehicleByVin(owner: Owner, vin: string): Promise<TVehicle | null> {
      return findLatestByVin(db, vin, visibleVehicleSql(owner));
    },

    async findVisibleVehicleById(
      owner: Owner,
      id: number,
    ): Promise<(TVehicle & { trimId: number | null }) | null> {
      const row = await firstRow(db, vehicles, and(eq(vehicles.id, id), visibleVehicleSql(owner)));
      return row ? { ...toVehicle(row), trimId: row.trimId } : null;
    },

    async insertVehicle(values: typeof vehicles.$inferInsert, conn: Db | Tx = db): Promise<TVehicle> {
      const rows = await conn.insert(vehicles).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('vehicle insert returned no row');
      return toVehicle(row);
    },

    async updateVehicle(
      id: number,
      values: Partial<typeof vehicles.$inferInsert>,
      conn: Db | Tx = db,
    ): Promise<TVehicle> {
      const rows = await conn
        .update(vehicles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(vehicles.id, id))
        .returning();
      const row = rows[0];
      if (!row) throw new Error(`vehicle ${id} vanished`);
      return toVehicle(row);
    },

    /** Vehicles of an installer's jobs for a customer (or a dealership), newest first, once each. */
    async listCustomerVehicles(installerId: number, customer: CustomerRef): Promise<TVehicle[]> {
      const rows = await db
        .select()
        .from(vehicles)
        .where(sql`${vehicles.id} in (${customerWorkVehicleIds(installerId, customer)})`)
        .orderBy(desc(vehicles.id));
      return rows.map(toVehicle);
    },

    /** The installer's non-deleted work for a retail customer or a dealership, newest available date first. */
    async listCustomerJobs(installerId: number, customer: CustomerRef): Promise<TCustomerJob[]> {
      type JobRow = {
        id: number;
        request_type: string;
        current_state: string;
        available_date: string;
        service_requested: string;
        total_cents: number;
        vehicle_id: number | null;
        vin: string | null;
        vehicle_year: number | null;
        vehicle_make: string | null;
        vehicle_model: string | null;
        vehicle_trim: string | null;
      };
      const result = await db.execute(sql`
        select sr.id, sr.request_type, sr.current_state,
               to_char(sr.available_date at time zone 'UTC', 'YYYY/MM/DD HH24:MI:SS') as available_date,
               sr.service_requested, sr.total_cents, sr.vehicle_id, sr.vin,
               sr.vehicle_year, sr.vehicle_make, sr.vehicle_model, sr.vehicle_trim
          from ${customerJobsPage(installerId, customer)}
          join service_requests sr on sr.id = page.id
         order by sr.available_date desc, sr.id desc
         limit ${CUSTOMER_JOBS_LIMIT}`);
      const rows = (result as unknown as { rows: JobRow[] }).rows;
      return rows.map((r) => ({
        requestId: Number(r.id),
        Request_id: Number(r.id),
        requestType: r.request_type === 'dealer' ? 'dealer' : 'installer',
        currentState: r.current_state,
        current_state: r.current_state,
        availableDate: r.available_date,
        serviceRequested: r.service_requested,
        requestTotal: Number(r.total_cents) / 100,
        vehicleId: r.vehicle_id === null ? null : Number(r.vehicle_id),
        vin: r.vin && !isVinHidden(r.vin) ? r.vin : null,
        vehicleYear: r.vehicle_year === null ? null : Number(r.vehicle_year),
        vehicleMake: r.vehicle_make,
        vehicleModel: r.vehicle_model,
        vehicleTrim: r.vehicle_trim,
      }));
    },

    /**
     * Replaces a placeholder VIN by the entered one on the caller's vehicles with that placeholder and on the
     * requests it can see that carry it (the request's copy of the VIN).
     */
    async replaceVin(tx: Tx, owner: Owner, from: string, to: string, requestId: number | null) {
      const updated = await tx
        .update(vehicles)
        .set({ vin: to, updatedAt: new Date() })
        .where(and(eq(vehicles.vin, from), visibleVehicleSql(owner)))
        .returning({ id: vehicles.id });
      const requestScope =
        owner.role === 'dealer'
          ? sql`requestor_dealer_id = ${owner.companyId}::int`
          : sql`(requestor_installer_id = ${owner.companyId}::int or assigned_installer_id = ${owner.companyId}::int)`;
      const requests = await tx.execute(sql`
        update service_requests set vin = ${to}, updated_at = now(), version = version + 1
        where vin = ${from} and deleted_at is null and ${requestScope}
          ${requestId === null ? sql`` : sql`and id = ${requestId}::int`}
        returning id`);
      return {
        vehiclesUpdated: updated.length,
        requestsUpdated: (requests as unknown as { rows: unknown[] }).rows.length,
      };
    },
  };
}
export type VehiclesRepository = ReturnType<typeof createVehiclesRepository>;
