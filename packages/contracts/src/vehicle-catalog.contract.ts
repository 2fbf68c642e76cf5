import { dollarsToCents } from '@app/domain/shared/money';
import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZBodyStyle, ZVehicleSize } from './vehicles.contract';

/**
 * The vehicle catalog and per-trim / per-model price overrides (R18, P25; catalogue rows 118–123, rules
 * 97–102 and 114–117, M185–M198; 002 §2.8, §3, §7; docs/decisions/014-vehicle-catalog-overrides.md).
 *
 * - Installers only, on their own catalog: an `installerId` that is not the caller's company → 403; another
 *   installer's override → 404. The reference vehicles (makes, models, trims) are shared by every installer.
 * - Money: prices are sent in dollars (`overridePrice`, `override_price`, `service_cost`), at most 2 decimals,
 *   0 to OVERRIDE_PRICE_MAX_DOLLARS, and also exactly in cents in replies (`*_cents`).
 * - An override replaces the price of one service row (a size and catalog of a master service) for one trim;
 *   the wizards' pricing (GET /services/…/{trimId}) quotes it for that trim. A model override is one
 *   override per trim of the model, each on the service row of the trim's size, written in one transaction.
 */
export const vehicleCatalogPaths = {
  catalog: '/vehiclescatalog/:installerId',
  trimOverrides: '/service-overrides-simple/:installerId/:trimId',
  /** Ours: everything the Service Overrides modal shows for one model (its trims, services and overrides). */
  modelOverrides: '/service-overrides-model/:installerId/:modelId',
  setTrimOverride: '/service-trim-overrides',
  deleteTrimOverride: '/service-trim-overrides/:overrideId',
  /** Ours: one price for every trim of a model (Set All with All Trims), in one transaction. */
  setModelOverride: '/service-model-overrides',
  addVehicle: '/vehiclesadd',
} as const;

/** Messages of the spec, word for word (M185–M198, 002 §5, §8). */
export const vehicleCatalogMessages = {
  loadFailed: 'Failed to load data. Please try again.',
  modelOverrideFailed: 'Failed to save model override. Please try again.',
  trimOverrideFailed: 'Failed to save trim override. Please try again.',
  addVehicleFailed: 'Failed to add vehicle. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this service override?',
  invalidYear: 'Please enter a valid year',
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  trimRequired: 'Trim is required',
  noGroups: 'No vehicle groups found',
  groupsFound: (groups: number, trims: number) =>
    `${groups} vehicle group(s) found (${trims} individual vehicles)`,
  noServices: 'No services found matching your filters.',
  loadingServices: 'Loading service data',
  trimExists: 'Trim Already Exists',
  /** Ours (rules 115, 116). */
  setAllNeedsPrice: 'Enter a retail or a wholesale price',
  addOverrideNeedsTrim: 'Choose a trim',
  addOverrideNeedsPrice: 'Enter a retail or a wholesale price',
} as const;

/** A sane maximum for an override: one hundred thousand dollars. */
export const OVERRIDE_PRICE_MAX_DOLLARS = 100_000;
/** Vehicle years the catalog accepts (rule 97): 1900 to the current year + 2; the picker starts at 1950. */
export const VEHICLE_ADD_FIRST_YEAR = 1900;
export const VEHICLE_PICKER_FIRST_YEAR = 1950;
export const vehicleAddLastYear = (now: Date = new Date()) => now.getUTCFullYear() + 2;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
const ZBodyDbId = z.number().int().positive().max(MAX_DB_ID);
const ZCatalogName = z.enum(['RETAIL', 'WHOLE']);

/** A price in dollars as typed (rule 114: a number with step 0.01) → integer cents. */
export const ZOverridePrice = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must be 0 or more')
  .max(
    OVERRIDE_PRICE_MAX_DOLLARS,
    `Price must be at most $${OVERRIDE_PRICE_MAX_DOLLARS.toLocaleString('en-US')}`,
  )
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Price must have at most 2 decimals')
  .transform((v) => {
    const cents = dollarsToCents(v);
    return cents.ok ? cents.cents : 0;
  });

export const ZInstallerParams = z.object({ installerId: ZDbId });
export const ZTrimOverridesParams = z.object({ installerId: ZDbId, trimId: ZDbId });
export const ZModelOverridesParams = z.object({ installerId: ZDbId, modelId: ZDbId });
export const ZOverrideIdParams = z.object({ overrideId: ZDbId });

/** Row 118: one trim of the reference catalog with the installer's override count. */
export const ZVehicleCatalogRow = z.object({
  id_car_trim: z.number().int(),
  id_car_make: z.number().int(),
  id_car_model: z.number().int(),
  make_name: z.string(),
  model_name: z.string(),
  trim_name: z.string(),
  body_style: z.string(),
  /** Size S/M/L. */
  id_car_type: ZVehicleSize,
  start_production_year: z.number().int(),
  end_production_year: z.number().int().nullable(),
  /** How many of the caller's overrides name this trim. */
  override_count: z.number().int(),
});
export type TVehicleCatalogRow = z.infer<typeof ZVehicleCatalogRow>;

/** Row 119: an override as the spec names it (plus the trim, the master service and the exact cents). */
export const ZTrimOverride = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  master_service_id: z.number().int(),
  catalog: ZCatalogName,
  override_price: z.number().describe('dollars, 2 decimals'),
  override_price_cents: z.number().int(),
  idCarTrim: z.number().int(),
});
export type TTrimOverride = z.infer<typeof ZTrimOverride>;

/** A service row of the installer (a size and catalog of a master service) with its catalog price. */
export const ZOverrideServiceRow = z.object({
  service_id: z.number().int(),
  catalog: ZCatalogName,
  vehicle_size: ZVehicleSize,
  service_cost: z.number().describe('dollars'),
  service_cost_cents: z.number().int(),
});
export const ZOverrideService = z.object({
  master_service_id: z.number().int(),
  service_category: z.string(),
  description: z.string(),
  rows: z.array(ZOverrideServiceRow),
});
export type TOverrideService = z.infer<typeof ZOverrideService>;

/** Ours: the Service Overrides modal of one model in one read. */
export const ZModelOverridesReply = z.object({
  id_car_model: z.number().int(),
  make_name: z.string(),
  model_name: z.string(),
  trims: z.array(
    z.object({
      id_car_trim: z.number().int(),
      trim_name: z.string(),
      body_style: z.string(),
      id_car_type: ZVehicleSize,
    }),
  ),
  /** The installer's services whose rows are of a size of the model's trims, by category then description. */
  services: z.array(ZOverrideService),
  overrides: z.array(ZTrimOverride),
});
export type TModelOverridesReply = z.infer<typeof ZModelOverridesReply>;

/** Row 120 (one trim): upsert on (service row, trim). */
export const ZSetTrimOverrideBody = z.object({
  serviceId: ZBodyDbId,
  installerId: ZBodyDbId,
  catalog: ZCatalogName,
  idCarTrim: ZBodyDbId,
  overridePrice: ZOverridePrice,
});
export type TSetTrimOverrideBody = z.input<typeof ZSetTrimOverrideBody>;
export const ZSetTrimOverrideReply = ZTrimOverride.extend({
  /** False when an override of the same service row and trim was replaced. */
  created: z.boolean(),
});

/** Ours: one retail and/or wholesale price for every trim of a model (at least one price, rule 115). */
export const ZSetModelOverrideBody = z
  .object({
    installerId: ZBodyDbId,
    modelId: ZBodyDbId,
    masterServiceId: ZBodyDbId,
    retailPrice: ZOverridePrice.optional(),
    wholesalePrice: ZOverridePrice.optional(),
  })
  .refine((b) => b.retailPrice !== undefined || b.wholesalePrice !== undefined, {
    message: vehicleCatalogMessages.setAllNeedsPrice,
    path: ['retailPrice'],
  });
export type TSetModelOverrideBody = z.input<typeof ZSetModelOverrideBody>;
export const ZSetModelOverrideReply = z.object({
  id_car_model: z.number().int(),
  master_service_id: z.number().int(),
  trim_count: z.number().int(),
  overrides: z.array(ZTrimOverride),
});

export const ZDeleteOverrideReply = z.object({ success: z.literal(true), id: z.number().int() });

const ZName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(80, 'At most 80 characters');

/** Row 123 (rules 97–102): a new trim, under an existing or new model and make. */
export const ZAddVehicleBody = z.object({
  year: z.coerce
    .number({ error: vehicleCatalogMessages.invalidYear })
    .int(vehicleCatalogMessages.invalidYear)
    .min(VEHICLE_ADD_FIRST_YEAR, vehicleCatalogMessages.invalidYear)
    .refine((y) => y <= vehicleAddLastYear(), vehicleCatalogMessages.invalidYear),
  make: ZName(vehicleCatalogMessages.makeRequired),
  makeId: ZBodyDbId.nullish(),
  model: ZName(vehicleCatalogMessages.modelRequired),
  modelId: ZBodyDbId.nullish(),
  trim: ZName(vehicleCatalogMessages.trimRequired),
  bodyStyle: ZBodyStyle.default('Sedan'),
  /** Used for a new model; an existing model keeps its size (rule 100). */
  size: ZVehicleSize.default('M'),
  usa: z.union([z.literal(1), z.literal('1'), z.literal(true)]).optional(),
});
export type TAddVehicleBody = z.input<typeof ZAddVehicleBody>;
export const ZAddVehicleReply = ZVehicleCatalogRow.omit({ override_count: true }).extend({
  new_make: z.boolean(),
  new_model: z.boolean(),
});
export type TAddVehicleReply = z.infer<typeof ZAddVehicleReply>;

const tags = ['vehicle-catalog'] as const;
const installers = { effect: 'read', roles: ['installer'] } as const;
const installerWrites = { effect: 'write', roles: ['installer'] } as const;

/** The vehicle catalog and its price overrides (rows 118–121, 123; decision 014). */
export const vehicleCatalogCalls = {
  listVehicleCatalog: defineCall({
    operationId: 'listVehicleCatalog',
    method: 'GET',
    path: vehicleCatalogPaths.catalog,
    params: ZInstallerParams,
    reply: z.array(ZVehicleCatalogRow),
    errors: [],
    access: installers,
    summary:
      'Every reference trim with make, model, body style, size, years and the installer’s override count',
    description:
      'One statement; sorted by make, model and trim name. The screen groups the rows by make and model.',
    tags,
  }),
  listTrimOverrides: defineCall({
    operationId: 'listTrimOverrides',
    method: 'GET',
    path: vehicleCatalogPaths.trimOverrides,
    params: ZTrimOverridesParams,
    reply: z.array(ZTrimOverride),
    errors: ['NOT_FOUND'],
    access: installers,
    summary: 'The installer’s overrides of one trim',
    tags,
  }),
  getModelOverrides: defineCall({
    operationId: 'getModelOverrides',
    method: 'GET',
    path: vehicleCatalogPaths.modelOverrides,
    params: ZModelOverridesParams,
    reply: ZModelOverridesReply,
    errors: ['NOT_FOUND'],
    access: installers,
    summary:
      'A model’s trims, the installer’s services of their sizes, and its overrides (Service Overrides modal)',
    tags,
  }),
  setTrimOverride: defineCall({
    operationId: 'setTrimOverride',
    method: 'POST',
    path: vehicleCatalogPaths.setTrimOverride,
    body: ZSetTrimOverrideBody,
    reply: ZSetTrimOverrideReply,
    errors: ['NOT_FOUND'],
    access: installerWrites,
    summary: 'Set (or replace) the price of one service row for one trim',
    description:
      'The service row must be the installer’s, of the given catalog and of the trim’s size (else 400); an unknown trim or service → 404.',
    tags,
  }),
  setModelOverride: defineCall({
    operationId: 'setModelOverride',
    method: 'POST',
    path: vehicleCatalogPaths.setModelOverride,
    body: ZSetModelOverrideBody,
    reply: ZSetModelOverrideReply,
    errors: ['NOT_FOUND'],
    access: installerWrites,
    summary:
      'Set one retail and/or wholesale price of a master service for every trim of a model, all or nothing',
    description:
      'For each trim, the service row of the trim’s size and the catalog is set (upsert on service row and trim) in one transaction; a size or catalog the service lacks → 400 and nothing is written.',
    tags,
  }),
  deleteTrimOverride: defineCall({
    operationId: 'deleteTrimOverride',
    method: 'DELETE',
    path: vehicleCatalogPaths.deleteTrimOverride,
    params: ZOverrideIdParams,
    reply: ZDeleteOverrideReply,
    errors: ['NOT_FOUND'],
    access: installerWrites,
    summary: 'Delete one of the installer’s overrides',
    tags,
  }),
  addVehicle: defineCall({
    operationId: 'addVehicle',
    method: 'POST',
    path: vehicleCatalogPaths.addVehicle,
    body: ZAddVehicleBody,
    reply: ZAddVehicleReply,
    status: 201,
    errors: ['CONFLICT'],
    access: installerWrites,
    summary: 'Add a trim to the reference catalog, with a new make and model when they do not exist',
    description:
      'Make and model are matched case-insensitively (rule 99); an existing model keeps its size (rule 100); a trim that exists for the model → 409 Trim Already Exists (rule 101). The trim is built in the given year.',
    tags,
  }),
};
