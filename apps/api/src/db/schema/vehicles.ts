import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { dealers, installers } from './identity';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Vehicle size classes (K56): S Small, M Medium, L Large; a model without a size is M. */
const VEHICLE_SIZE_SQL = sql.raw(`('S','M','L')`);
/** Body styles (K58); Sedan is the default. */
const BODY_STYLE_SQL = sql.raw(
  `('Sedan','Coupe','SUV','Wagon','Convertible','Hatchback','Truck','Crossover')`,
);

/** Reference data: makes (id_car_make, name) (001 §3, 002 §3). */
export const vehicleMakes = pgTable(
  'vehicle_makes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vehicle_makes_name_unique').on(sql`lower(${t.name})`)],
);

/** Reference data: models of a make, with their size class (id_car_model, name, vehicleSize / id_car_type). */
export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: serial('id').primaryKey(),
    makeId: integer('make_id')
      .notNull()
      .references(() => vehicleMakes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: text('size').notNull().default('M'),
    createdAt: createdAt(),
  },
  (t) => [
    check('vehicle_models_size_check', sql`${t.size} in ${VEHICLE_SIZE_SQL}`),
    uniqueIndex('vehicle_models_make_name_unique').on(t.makeId, sql`lower(${t.name})`),
  ],
);

/**
 * Reference data: trims of a model (id_car_trim, name, body_style, start/end production year, id_car_type).
 * `endProductionYear` null means still in production ("Present" in the catalog's year range).
 * `createdByInstallerId` is set when an installer added the vehicle in the vehicle catalog (002 §2.8).
 */
export const vehicleTrims = pgTable(
  'vehicle_trims',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => vehicleModels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bodyStyle: text('body_style').notNull().default('Sedan'),
    size: text('size').notNull().default('M'),
    startProductionYear: integer('start_production_year').notNull(),
    endProductionYear: integer('end_production_year'),
    createdByInstallerId: integer('created_by_installer_id').references(() => installers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check('vehicle_trims_size_check', sql`${t.size} in ${VEHICLE_SIZE_SQL}`),
    check('vehicle_trims_body_style_check', sql`${t.bodyStyle} in ${BODY_STYLE_SQL}`),
    check(
      'vehicle_trims_years_check',
      sql`${t.startProductionYear} >= 1900 and (${t.endProductionYear} is null or ${t.endProductionYear} >= ${t.startProductionYear})`,
    ),
    // "Trim Already Exists" (002 §2.8): a trim name is unique within its model.
    uniqueIndex('vehicle_trims_model_name_unique').on(t.modelId, sql`lower(${t.name})`),
  ],
);

/**
 * A specific car (Vehicle_ID, Year, Make, Model, Trim, body, color, series, VIN, stock, size, img_url).
 * Names are kept next to the reference ids because a vehicle may be entered with a make or model that is
 * not (yet) in the reference data. A VIN starting with 'NV' (or 'OT' for 'Other car') is a placeholder
 * for "not yet entered" (K33), so VINs are not unique.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    vin: text('vin').notNull(),
    year: integer('year').notNull(),
    makeId: integer('make_id').references(() => vehicleMakes.id, { onDelete: 'set null' }),
    modelId: integer('model_id').references(() => vehicleModels.id, { onDelete: 'set null' }),
    trimId: integer('trim_id').references(() => vehicleTrims.id, { onDelete: 'set null' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim'),
    bodyStyle: text('body_style'),
    color: text('color'),
    series: text('series'),
    stockNumber: text('stock_number'),
    size: text('size').notNull().default('M'),
    imgUrl: text('img_url'),
    /** The company that recorded the vehicle (a dealer for dealer requests, an installer otherwise). */
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    installerId: integer('installer_id').references(() => installers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('vehicles_size_check', sql`${t.size} in ${VEHICLE_SIZE_SQL}`),
    check('vehicles_body_style_check', sql`${t.bodyStyle} is null or ${t.bodyStyle} in ${BODY_STYLE_SQL}`),
    check('vehicles_year_check', sql`${t.year} >= 1900 and ${t.year} <= 2200`),
    index('vehicles_vin_idx').on(t.vin),
    index('vehicles_trim_idx').on(t.trimId),
  ],
);
