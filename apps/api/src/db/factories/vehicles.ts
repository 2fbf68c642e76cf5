import { makeVin } from '@app/domain/vehicles/vin';
import { vehicleMakes, vehicleModels, vehicles, vehicleTrims } from '../schema/vehicles';
import type { MakeSeed } from '../seed-data/vehicles';
import { type DbOrTx, firstRow, nextSequence } from './common';

export type VehicleMake = typeof vehicleMakes.$inferSelect;
export type VehicleModel = typeof vehicleModels.$inferSelect;
export type VehicleTrim = typeof vehicleTrims.$inferSelect;
export type Vehicle = typeof vehicles.$inferSelect;

export async function createVehicleMake(
  db: DbOrTx,
  overrides: Partial<typeof vehicleMakes.$inferInsert> = {},
): Promise<VehicleMake> {
  const rows = await db
    .insert(vehicleMakes)
    .values({ name: `Make ${nextSequence()}`, ...overrides })
    .returning();
  return firstRow(rows, 'vehicle make');
}

export async function createVehicleModel(
  db: DbOrTx,
  overrides: Partial<typeof vehicleModels.$inferInsert> & { makeId: number },
): Promise<VehicleModel> {
  const rows = await db
    .insert(vehicleModels)
    .values({ name: `Model ${nextSequence()}`, ...overrides })
    .returning();
  return firstRow(rows, 'vehicle model');
}

export async function createVehicleTrim(
  db: DbOrTx,
  overrides: Partial<typeof vehicleTrims.$inferInsert> & { modelId: number },
): Promise<VehicleTrim> {
  const rows = await db
    .insert(vehicleTrims)
    .values({ name: `Trim ${nextSequence()}`, startProductionYear: 2020, ...overrides })
    .returning();
  return firstRow(rows, 'vehicle trim');
}

/** A valid test VIN, different for each call. */
export function makeTestVin(year = 2023): string {
  const serial = String(nextSequence() % 1_000_000).padStart(6, '0');
  return makeVin({ wmi: '1HG', vds: 'CV1F3', year, plant: 'A', serial });
}

/** A specific car. Defaults to a 2023 Toyota Camry SE with a valid VIN. */
export async function createVehicle(
  db: DbOrTx,
  overrides: Partial<typeof vehicles.$inferInsert> = {},
): Promise<Vehicle> {
  const year = overrides.year ?? 2023;
  const rows = await db
    .insert(vehicles)
    .values({
      year,
      make: 'Toyota',
      model: 'Camry',
      trim: 'SE',
      bodyStyle: 'Sedan',
      size: 'M',
      color: 'White',
      ...overrides,
      vin: overrides.vin ?? makeTestVin(year),
    })
    .returning();
  return firstRow(rows, 'vehicle');
}

export type VehicleReferenceIds = {
  makeCount: number;
  modelCount: number;
  trimCount: number;
  /** Reference ids of a make/model/trim by name (case-insensitive); undefined parts when not found. */
  find: (
    make: string,
    model?: string,
    trim?: string,
  ) => { makeId?: number; modelId?: number; trimId?: number };
  /** All trims inserted, for picking override targets. */
  trims: VehicleTrim[];
};

/** Inserts reference makes, models and trims (seed-data/vehicles.ts shape) in three statements. */
export async function insertVehicleReference(
  db: DbOrTx,
  reference: readonly MakeSeed[],
): Promise<VehicleReferenceIds> {
  const key = (...parts: string[]) => parts.map((p) => p.toLowerCase()).join('|');
  const makeRows = reference.length
    ? await db
        .insert(vehicleMakes)
        .values(reference.map((m) => ({ name: m.name })))
        .returning()
    : [];
  const makeIds = new Map(makeRows.map((m) => [key(m.name), m.id]));
  const modelValues = reference.flatMap((make) =>
    make.models.map((model) => ({
      makeId: makeIds.get(key(make.name)) ?? 0,
      name: model.name,
      size: model.size,
    })),
  );
  const modelRows = modelValues.length ? await db.insert(vehicleModels).values(modelValues).returning() : [];
  const makeNameById = new Map(makeRows.map((m) => [m.id, m.name]));
  const modelIds = new Map(modelRows.map((m) => [key(makeNameById.get(m.makeId) ?? '', m.name), m.id]));
  const trimValues = reference.flatMap((make) =>
    make.models.flatMap((model) =>
      model.trims.map((trim) => ({
        modelId: modelIds.get(key(make.name, model.name)) ?? 0,
        name: trim.name,
        bodyStyle: trim.bodyStyle,
        size: trim.size ?? model.size,
        startProductionYear: trim.startYear,
        endProductionYear: trim.endYear,
      })),
    ),
  );
  const trimRows = trimValues.length ? await db.insert(vehicleTrims).values(trimValues).returning() : [];
  const modelKeyById = new Map(modelRows.map((m) => [m.id, key(makeNameById.get(m.makeId) ?? '', m.name)]));
  const trimIds = new Map(
    trimRows.map((t) => [`${modelKeyById.get(t.modelId)}|${t.name.toLowerCase()}`, t.id]),
  );
  return {
    makeCount: makeRows.length,
    modelCount: modelRows.length,
    trimCount: trimRows.length,
    trims: trimRows,
    find: (make, model, trim) => ({
      makeId: makeIds.get(key(make)),
      modelId: model === undefined ? undefined : modelIds.get(key(make, model)),
      trimId: model === undefined || trim === undefined ? undefined : trimIds.get(key(make, model, trim)),
    }),
  };
}
