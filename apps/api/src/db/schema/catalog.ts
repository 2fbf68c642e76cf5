import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dealers, installers } from './identity';
import { vehicleTrims } from './vehicles';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A service an installer offers, independent of vehicle size and catalog (master_service_id, description,
 * service_category, duration_days; 002 §3). Its prices live in `services`, one row per size and catalog.
 *
 * Durations are fractional days (minimum 0.1, step 0.1, K72) stored as integer tenths of a day:
 * `durationTenths` 15 = 1.5 days. Categories are free text; the product uses PPF, Glass/Tint, Paint and
 * Other Services.
 */
export const masterServices = pgTable(
  'master_services',
  {
    id: serial('id').primaryKey(),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    serviceCategory: text('service_category').notNull(),
    description: text('description').notNull(),
    /** Duration in tenths of a day (10 = 1 day). */
    durationTenths: integer('duration_tenths').notNull().default(10),
    /** installer_category of the spec ('Paint' on create, K76). */
    installerCategory: text('installer_category').notNull().default('Paint'),
    dataCollect: text('data_collect').notNull().default('N'),
    marketSize: text('market_size'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('master_services_duration_check', sql`${t.durationTenths} >= 1`),
    check('master_services_data_collect_check', sql`${t.dataCollect} in ('Y','N')`),
    index('master_services_installer_category_idx').on(t.installerId, t.serviceCategory),
    uniqueIndex('master_services_installer_description_unique').on(
      t.installerId,
      t.serviceCategory,
      sql`lower(${t.description})`,
    ),
  ],
);

/**
 * Price rows of a master service: one per vehicle size (S/M/L) and catalog (RETAIL/WHOLE) (service_id,
 * vehicle_size, catalog, service_cost). `installerId` repeats the master's so catalog reads need no join.
 */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    masterServiceId: integer('master_service_id')
      .notNull()
      .references(() => masterServices.id, { onDelete: 'cascade' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    catalog: text('catalog').notNull(),
    vehicleSize: text('vehicle_size').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('services_catalog_check', sql`${t.catalog} in ('RETAIL','WHOLE')`),
    check('services_vehicle_size_check', sql`${t.vehicleSize} in ('S','M','L')`),
    check('services_price_check', sql`${t.priceCents} >= 0`),
    uniqueIndex('services_master_catalog_size_unique').on(t.masterServiceId, t.catalog, t.vehicleSize),
    index('services_installer_catalog_size_idx').on(t.installerId, t.catalog, t.vehicleSize),
  ],
);

/**
 * "overrides": a service that includes others (e.g. Full Body PPF includes Full Front PPF). Kept between
 * master services, so it holds for every size and catalog; the wire's comma-separated `overrides` is
 * rendered from it with the service ids of the same size and catalog.
 */
export const masterServiceInclusions = pgTable(
  'master_service_inclusions',
  {
    masterServiceId: integer('master_service_id')
      .notNull()
      .references(() => masterServices.id, { onDelete: 'cascade' }),
    includedMasterServiceId: integer('included_master_service_id')
      .notNull()
      .references(() => masterServices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.masterServiceId, t.includedMasterServiceId] }),
    check(
      'master_service_inclusions_not_self_check',
      sql`${t.masterServiceId} <> ${t.includedMasterServiceId}`,
    ),
    index('master_service_inclusions_included_idx').on(t.includedMasterServiceId),
  ],
);

/**
 * Per-trim price of a service row (id, service_id, catalog, override_price, idCarTrim; 002 §3). The
 * catalog is the service row's; `installerId` scopes the overrides screen.
 */
export const serviceTrimOverrides = pgTable(
  'service_trim_overrides',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    trimId: integer('trim_id')
      .notNull()
      .references(() => vehicleTrims.id, { onDelete: 'cascade' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    overridePriceCents: integer('override_price_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('service_trim_overrides_price_check', sql`${t.overridePriceCents} >= 0`),
    uniqueIndex('service_trim_overrides_service_trim_unique').on(t.serviceId, t.trimId),
    index('service_trim_overrides_installer_trim_idx').on(t.installerId, t.trimId),
  ],
);

/** Catalog templates of an installer (template_id, template_name, created_date; 002 §2.10). */
export const catalogTemplates = pgTable(
  'catalog_templates',
  {
    id: serial('id').primaryKey(),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_templates_installer_name_unique').on(t.installerId, sql`lower(${t.name})`),
    // Target of the composite foreign key of catalog_template_dealers.
    unique('catalog_templates_id_installer_unique').on(t.id, t.installerId),
  ],
);

/** Services of a template, by master service (K78: deduplicated by master_service_id). */
export const catalogTemplateServices = pgTable(
  'catalog_template_services',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => catalogTemplates.id, { onDelete: 'cascade' }),
    masterServiceId: integer('master_service_id')
      .notNull()
      .references(() => masterServices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.masterServiceId] }),
    index('catalog_template_services_master_idx').on(t.masterServiceId),
  ],
);

/**
 * Template assigned to a dealership. A dealer has at most one current template (002 §4) — per installer,
 * since templates belong to an installer: the unique index is on (installer, dealer). The composite
 * foreign key keeps `installerId` equal to the template's installer.
 */
export const catalogTemplateDealers = pgTable(
  'catalog_template_dealers',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').notNull(),
    installerId: integer('installer_id').notNull(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'catalog_template_dealers_template_fk',
      columns: [t.templateId, t.installerId],
      foreignColumns: [catalogTemplates.id, catalogTemplates.installerId],
    }).onDelete('cascade'),
    uniqueIndex('catalog_template_dealers_installer_dealer_unique').on(t.installerId, t.dealerId),
    index('catalog_template_dealers_template_idx').on(t.templateId),
    index('catalog_template_dealers_dealer_idx').on(t.dealerId),
  ],
);
