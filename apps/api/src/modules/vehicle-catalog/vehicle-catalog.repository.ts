import type {
  TOverrideService,
  TTrimOverride,
  TVehicleCatalogRow,
} from '@app/contracts/vehicle-catalog.contract';
import { isVehicleSize, type VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

const sizeOf = (value: string): VehicleSize => (isVehicleSize(value) ? value : 'M');
const catalogOf = (value: string): 'RETAIL' | 'WHOLE' => (value === 'WHOLE' ? 'WHOLE' : 'RETAIL');

export type TrimRef = { id: number; modelId: number; name: string; bodyStyle: string; size: VehicleSize };
export type ServiceRowRef = {
  id: number;
  masterServiceId: number;
  installerId: number;
  catalog: 'RETAIL' | 'WHOLE';
  size: VehicleSize;
};
export type OverrideWrite = { serviceId: number; trimId: number; cents: number };

type OverrideRow = {
  id: number;
  service_id: number;
  master_service_id: number;
  catalog: string;
  override_price_cents: number;
  trim_id: number;
};

const toOverride = (r: OverrideRow): TTrimOverride => ({
  id: r.id,
  service_id: r.service_id,
  master_service_id: r.master_service_id,
  catalog: catalogOf(r.catalog),
  override_price: r.override_price_cents / 100,
  override_price_cents: r.override_price_cents,
  idCarTrim: r.trim_id,
});

/** The vehicle catalog and override tables (rows 118–123); no rules here. */
export function createVehicleCatalogRepository(db: Db) {
  async function rows<T>(query: SQL, on: Db | Tx = db): Promise<T[]> {
    const result = await on.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  }

  /** Overrides of the installer, with their service row's master service and catalog. */
  const overridesWhere = (installerId: number, where: SQL, on: Db | Tx = db) =>
    rows<OverrideRow>(
      sql`select o.id, o.service_id, s.master_service_id, s.catalog, o.override_price_cents, o.trim_id
            from service_trim_overrides o join services s on s.id = o.service_id
           where o.installer_id = ${installerId} and ${where}
           order by o.trim_id, s.master_service_id, s.catalog, o.id`,
      on,
    ).then((list) => list.map(toOverride));

  return {
    /**
     * Every trim with its make and model and the installer's override count: one statement (row 118). Sorted
     * case-insensitively by bytes (collate "C"): the screen sorts its groups itself, and a locale sort of
     * thousands of rows costs more than the rest of the statement.
     */
    async listCatalog(installerId: number): Promise<TVehicleCatalogRow[]> {
      const list = await rows<TVehicleCatalogRow>(sql`
        select t.id as id_car_trim, mk.id as id_car_make, m.id as id_car_model,
               mk.name as make_name, m.name as model_name, t.name as trim_name, t.body_style,
               t.size as id_car_type, t.start_production_year, t.end_production_year,
               coalesce(o.n, 0)::int as override_count
          from vehicle_trims t
          join vehicle_models m on m.id = t.model_id
          join vehicle_makes mk on mk.id = m.make_id
          left join (select trim_id, count(*)::int as n from service_trim_overrides
                      where installer_id = ${installerId} group by trim_id) o on o.trim_id = t.id
         order by lower(mk.name) collate "C", lower(m.name) collate "C", lower(t.name) collate "C", t.id`);
      for (const row of list) row.id_car_type = sizeOf(row.id_car_type);
      return list;
    },

    async findTrim(trimId: number, on: Db | Tx = db): Promise<TrimRef | null> {
      const [row] = await rows<{
        id: number;
        model_id: number;
        name: string;
        body_style: string;
        size: string;
      }>(sql`select id, model_id, name, body_style, size from vehicle_trims where id = ${trimId}`, on);
      return row
        ? {
            id: row.id,
            modelId: row.model_id,
            name: row.name,
            bodyStyle: row.body_style,
            size: sizeOf(row.size),
          }
        : null;
    },

    /** The model with its make's name, and its trims by name (locked for share in a transaction). */
    async findModel(modelId: number, on: Db | Tx = db) {
      const [model] = await rows<{ id: number; name: string; make_name: string }>(
        sql`select m.id, m.name, mk.name as make_name
              from vehicle_models m join vehicle_makes mk on mk.id = m.make_id where m.id = ${modelId}`,
        on,
      );
      if (!model) return null;
      const trims = await rows<{ id: number; name: string; body_style: string; size: string }>(
        sql`select id, name, body_style, size from vehicle_trims where model_id = ${modelId}
             order by lower(name), id`,
        on,
      );
      return {
        id: model.id,
        name: model.name,
        makeName: model.make_name,
        trims: trims.map((t) => ({
          id: t.id,
          modelId,
          name: t.name,
          bodyStyle: t.body_style,
          size: sizeOf(t.size),
        })),
      };
    },

    /** Price rows of the installer's services whose size is one of `sizes`, by category and description. */
    async listServices(installerId: number, sizes: readonly VehicleSize[]): Promise<TOverrideService[]> {
      if (sizes.length === 0) return [];
      const list = await rows<{
        master_service_id: number;
        service_category: string;
        description: string;
        service_id: number;
        catalog: string;
        vehicle_size: string;
        price_cents: number;
      }>(sql`
        select ms.id as master_service_id, ms.service_category, ms.description,
               s.id as service_id, s.catalog, s.vehicle_size, s.price_cents
          from master_services ms join services s on s.master_service_id = ms.id
         where ms.installer_id = ${installerId}
           and s.vehicle_size in (${sql.join(
             sizes.map((s) => sql`${s}`),
             sql`, `,
           )})
         order by ms.service_category, lower(ms.description), ms.id, s.catalog desc, s.vehicle_size`);
      const byMaster = new Map<number, TOverrideService>();
      for (const r of list) {
        let entry = byMaster.get(r.master_service_id);
        if (!entry) {
          entry = {
            master_service_id: r.master_service_id,
            service_category: r.service_category,
            description: r.description,
            rows: [],
          };
          byMaster.set(r.master_service_id, entry);
        }
        entry.rows.push({
          service_id: r.service_id,
          catalog: catalogOf(r.catalog),
          vehicle_size: sizeOf(r.vehicle_size),
          service_cost: r.price_cents / 100,
          service_cost_cents: r.price_cents,
        });
      }
      return [...byMaster.values()];
    },

    listTrimOverrides: (installerId: number, trimId: number) =>
      overridesWhere(installerId, sql`o.trim_id = ${trimId}`),

    listModelOverrides: (installerId: number, modelId: number) =>
      overridesWhere(
        installerId,
        sql`o.trim_id in (select id from vehicle_trims where model_id = ${modelId})`,
      ),

    /** Price rows of a master service (any installer's: the service decides what the caller may use). */
    async findServiceRows(where: SQL, on: Db | Tx = db): Promise<ServiceRowRef[]> {
      const list = await rows<{
        id: number;
        master_service_id: number;
        installer_id: number;
        catalog: string;
        vehicle_size: string;
      }>(
        sql`select id, master_service_id, installer_id, catalog, vehicle_size from services s where ${where}`,
        on,
      );
      return list.map((r) => ({
        id: r.id,
        masterServiceId: r.master_service_id,
        installerId: r.installer_id,
        catalog: catalogOf(r.catalog),
        size: sizeOf(r.vehicle_size),
      }));
    },

    /**
     * Upserts overrides on (service row, trim) in one statement; answers them with whether each was new.
     * The caller runs it in its transaction.
     */
    async upsertOverrides(tx: Tx, installerId: number, writes: readonly OverrideWrite[]) {
      if (writes.length === 0) return [];
      const values = sql.join(
        writes.map((w) => sql`(${w.serviceId}::int, ${w.trimId}::int, ${installerId}::int, ${w.cents}::int)`),
        sql`, `,
      );
      const written = await rows<{ id: number; created: boolean }>(
        sql`insert into service_trim_overrides (service_id, trim_id, installer_id, override_price_cents)
            values ${values}
            on conflict (service_id, trim_id) do update
               set override_price_cents = excluded.override_price_cents, updated_at = now()
            returning id, (xmax = 0) as created`,
        tx,
      );
      const ids = written.map((w) => w.id);
      const created = new Map(written.map((w) => [w.id, w.created]));
      const list = await overridesWhere(
        installerId,
        sql`o.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        tx,
      );
      return list.map((o) => ({ ...o, created: created.get(o.id) === true }));
    },

    async deleteOverride(installerId: number, overrideId: number): Promise<boolean> {
      const deleted = await rows<{ id: number }>(
        sql`delete from service_trim_overrides where id = ${overrideId} and installer_id = ${installerId}
            returning id`,
      );
      return deleted.length > 0;
    },

    /** A make by name (case-insensitive), inserted when missing; `created` says which. */
    async ensureMake(tx: Tx, name: string) {
      const inserted = await rows<{ id: number; name: string }>(
        sql`insert into vehicle_makes (name) values (${name}) on conflict do nothing returning id, name`,
        tx,
      );
      if (inserted[0]) return { ...inserted[0], created: true };
      const [found] = await rows<{ id: number; name: string }>(
        sql`select id, name from vehicle_makes where lower(name) = lower(${name})`,
        tx,
      );
      if (!found) throw new Error(`make ${name} neither inserted nor found`);
      return { ...found, created: false };
    },

    /** A model of the make by name (case-insensitive), inserted with `size` when missing. */
    async ensureModel(tx: Tx, makeId: number, name: string, size: VehicleSize) {
      const inserted = await rows<{ id: number; name: string; size: string }>(
        sql`insert into vehicle_models (make_id, name, size) values (${makeId}, ${name}, ${size})
            on conflict do nothing returning id, name, size`,
        tx,
      );
      const row =
        inserted[0] ??
        (
          await rows<{ id: number; name: string; size: string }>(
            sql`select id, name, size from vehicle_models where make_id = ${makeId} and lower(name) = lower(${name})`,
            tx,
          )
        )[0];
      if (!row) throw new Error(`model ${name} neither inserted nor found`);
      return { id: row.id, name: row.name, size: sizeOf(row.size), created: inserted.length > 0 };
    },

    /** Inserts the trim; null when the model already has a trim of that name (case-insensitive). */
    async insertTrim(
      tx: Tx,
      input: {
        modelId: number;
        name: string;
        bodyStyle: string;
        size: VehicleSize;
        year: number;
        installerId: number;
      },
    ) {
      const [row] = await rows<{
        id: number;
        start_production_year: number;
        end_production_year: number | null;
      }>(
        sql`insert into vehicle_trims (model_id, name, body_style, size, start_production_year, end_production_year,
                                       created_by_installer_id)
            values (${input.modelId}, ${input.name}, ${input.bodyStyle}, ${input.size}, ${input.year}, ${input.year},
                    ${input.installerId})
            on conflict do nothing
            returning id, start_production_year, end_production_year`,
        tx,
      );
      return row ?? null;
    },
  };
}
export type VehicleCatalogRepository = ReturnType<typeof createVehicleCatalogRepository>;
