import { bodyStyles, vehicleSizes } from '@app/domain/vehicles/vehicle-size';
import { isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * Vehicles, VIN decoding and the reference catalog (catalogue rows 83–91, 122; 001 §3, §5, §7; decisions 1, 9).
 * Field names are the spec's: reference rows as id_car_make / id_car_model / id_car_trim, vehicles as
 * Vehicle_ID, Year, Make, Model, Trim, … (with the camelCase spellings too, decision 4).
 */
export const vehiclePaths = {
  vin: '/vin/',
  vehicleByVin: '/vehiclesVIN/:vin',
  vehicles: '/vehicles',
  vehicle: '/vehicles/:vin',
  customerVehicles: '/vehicles/:customer/:installerId',
  /** Ours: the installer's previous jobs for a customer or dealership (001 §2.4 previous jobs popup). */
  customerJobs: '/customerJobs/:customer/:installerId',
  makes: '/makes',
  makesOfYear: '/makes/:year',
  models: '/models/:yearAndMake',
  trims: '/trims/:modelId',
  years: '/vehicleYears',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
export const ZVehicleSize = z.enum(vehicleSizes);
export const ZBodyStyle = z.enum(bodyStyles);

/** A VIN as typed: trimmed and upper-cased, then 17 letters and digits without I, O, Q (K32). */
export const ZVin = z
  .string()
  .transform((value) => normalizeVin(value))
  .refine(isValidVin, 'VIN must be exactly 17 characters (letters and numbers, excluding I, O, Q)')
  // For the OpenAPI document: the same rule on the VIN as typed (any case, surrounding spaces).
  .meta({ pattern: '^\\s*[A-HJ-NPR-Za-hj-npr-z0-9]{17}\\s*$' });

export const ZVinQuery = z.object({ Id: ZVin });
export const ZVinParam = z.object({ vin: z.string().min(1).max(40) });

/** GET /vin/?Id= : vPIC DecodeVinValues shape, Results[0] carrying our match to the reference catalog. */
export const ZVinResult = z.object({
  VIN: z.string(),
  ModelYear: z.string(),
  Make: z.string(),
  Model: z.string(),
  Series: z.string(),
  Series2: z.string(),
  Trim: z.string(),
  Trim2: z.string(),
  BodyClass: z.string(),
  Doors: z.string(),
  Manufacturer: z.string(),
  ErrorCode: z.string(),
  ErrorText: z.string(),
  /** Reference ids (null when not matched) and names of the match. */
  id_car_make: z.number().int().nullable(),
  id_car_model: z.number().int().nullable(),
  id_car_trim: z.number().int().nullable(),
  make_name: z.string().nullable(),
  model_name: z.string().nullable(),
  trim_name: z.string().nullable(),
  /** The decoded body class as a catalog body style (K58), else the matched trim's. */
  body_style: ZBodyStyle.nullable(),
  /** S/M/L from the trim or model, M by default (K56). */
  size: ZVehicleSize,
  id_car_type: ZVehicleSize,
  /** 'exact' names, 'loose' (the fallback of 001 §8), or 'none'. */
  matchType: z.enum(['exact', 'loose', 'none']),
  makeScore: z.number().nullable(),
  modelScore: z.number().nullable(),
  trimScore: z.number().nullable(),
  /** Which adapter decoded: the offline NHTSA data ('corgi') or vPIC over HTTP ('vpic'). */
  decoder: z.enum(['corgi', 'vpic']),
});
export type TVinResult = z.infer<typeof ZVinResult>;

export const ZVinReply = z.object({
  Count: z.number().int(),
  Message: z.string(),
  SearchCriteria: z.string(),
  Results: z.array(ZVinResult),
});
export type TVinReply = z.infer<typeof ZVinReply>;

export const ZMake = z.object({ id_car_make: z.number().int(), name: z.string() });
export type TMake = z.infer<typeof ZMake>;

export const ZModel = z.object({
  id_car_model: z.number().int(),
  id_car_make: z.number().int(),
  name: z.string(),
  vehicleSize: ZVehicleSize,
  id_car_type: ZVehicleSize,
});
export type TModel = z.infer<typeof ZModel>;

export const ZTrim = z.object({
  id_car_trim: z.number().int(),
  id_car_model: z.number().int(),
  name: z.string(),
  body_style: z.string(),
  start_production_year: z.number().int(),
  end_production_year: z.number().int().nullable(),
  id_car_type: ZVehicleSize,
});
export type TTrim = z.infer<typeof ZTrim>;

/** Reference years (decision 9): 1900 to current year + 2. */
export const REFERENCE_FIRST_YEAR = 1900;
export const ZYearParam = z.object({
  year: z.coerce
    .number()
    .int()
    .min(REFERENCE_FIRST_YEAR)
    .refine((y) => y <= new Date().getUTCFullYear() + 2, 'year must be at most the current year + 2'),
});
/** `/models/{year}{makeId}` or `/models/{makeId}{year}` (decision 1). */
export const ZModelsParam = z.object({
  yearAndMake: z.string().regex(/^\d{5,14}$/, 'year and make id digits'),
});
export const ZTrimsParam = z.object({ modelId: ZDbId });
export const ZTrimsQuery = z.object({ year: z.coerce.number().int().min(1900).max(2200).optional() });

export const ZYearsQuery = z.object({ flow: z.enum(['dealer', 'installer', 'catalog']).default('dealer') });
export const ZYearsReply = z.object({
  flow: z.enum(['dealer', 'installer', 'catalog']),
  /** Newest first. */
  years: z.array(z.number().int()),
  min: z.number().int(),
  max: z.number().int(),
  /** Bounds the server accepts for this flow (the catalog validates 1900..current + 2). */
  validMin: z.number().int(),
  validMax: z.number().int(),
});

/** The vehicle entity (001 §3; 002 §3 reads vin, id_car_type, Make, Model). */
export const ZVehicle = z.object({
  Vehicle_ID: z.number().int(),
  id: z.number().int(),
  vehicleId: z.number().int(),
  Year: z.number().int(),
  Make: z.string(),
  Model: z.string(),
  Trim: z.string().nullable(),
  Style: z.string().nullable(),
  body: z.string().nullable(),
  bodyStyle: z.string().nullable(),
  id_car_make: z.number().int().nullable(),
  id_car_model: z.number().int().nullable(),
  id_car_trim: z.number().int().nullable(),
  color: z.string().nullable(),
  series: z.string().nullable(),
  VIN: z.string(),
  vin: z.string(),
  /** False for NV placeholders (not yet entered, hidden in Work Detail). */
  vinAvailable: z.boolean(),
  stock: z.string().nullable(),
  size: ZVehicleSize,
  id_car_type: ZVehicleSize,
  img_url: z.string().nullable(),
});
export type TVehicle = z.infer<typeof ZVehicle>;

const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /vehicles: year, make, model, vin "and more" (001 §3; the installer add flow sends trim, bodyStyle, usa). */
export const ZCreateVehicleBody = z.object({
  year: z.coerce.number().int().min(REFERENCE_FIRST_YEAR).max(2200),
  make: z.string().trim().min(1).max(80),
  model: z.string().trim().min(1).max(80),
  trim: ZOptionalText(80),
  bodyStyle: ZBodyStyle.nullish(),
  body: ZBodyStyle.nullish(),
  /** Optional; when present 17 valid characters (upper-cased). Missing → an NV (or OT) placeholder. */
  vin: z
    .string()
    .nullish()
    .transform((v) => (v ? normalizeVin(v) : null))
    .refine(
      (v) => v === null || isValidVin(v),
      'VIN # must be 17 characters (letters and numbers, excluding I, O, Q)',
    ),
  color: ZOptionalText(40),
  series: ZOptionalText(80),
  stock: ZOptionalText(50),
  stock_number: ZOptionalText(50),
  size: ZVehicleSize.nullish(),
  img_url: ZOptionalText(500),
  id_car_make: ZDbId.nullish(),
  id_car_model: ZDbId.nullish(),
  id_car_trim: ZDbId.nullish(),
  idCarMake: ZDbId.nullish(),
  idCarModel: ZDbId.nullish(),
  idCarTrim: ZDbId.nullish(),
  usa: z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()]).optional(),
});
export type TCreateVehicleBody = z.infer<typeof ZCreateVehicleBody>;

/** PUT /vehiclesVIN/{vin}: the path names the stored VIN (an NV placeholder); the body the entered one. */
export const ZReplaceVinBody = z.object({
  vin: ZVin,
  requestId: ZDbId.optional(),
});
export const ZReplaceVinReply = z.object({
  success: z.literal(true),
  vin: z.string(),
  vehiclesUpdated: z.number().int(),
  requestsUpdated: z.number().int(),
});

export const ZCustomerVehiclesParams = z.object({ customer: ZDbId, installerId: ZDbId });
export const ZCustomerVehiclesQuery = z.object({
  /** The customer is a retail customer (default) or a dealership. */
  type: z.enum(['customer', 'dealer']).default('customer'),
});

/**
 * GET /customerJobs/{customer}/{installerId}[?type=dealer] (ours; 001 §2.4 'Jobs completed for {customer}'): the
 * installer's work for that retail customer (default) or dealership, newest available date first, at most 50.
 * Deleted work is left out. Only the installer itself may read it (403 otherwise). The services of a job are
 * GET /requestServices/{requestId}.
 */
export const ZCustomerJob = z.object({
  requestId: z.number().int(),
  Request_id: z.number().int(),
  requestType: z.enum(['dealer', 'installer']),
  currentState: z.string(),
  current_state: z.string(),
  /** 'YYYY/MM/DD HH:mm:ss' UTC. */
  availableDate: z.string(),
  serviceRequested: z.string(),
  /** Dollars: the job's total before discount. */
  requestTotal: z.number(),
  vehicleId: z.number().int().nullable(),
  vin: z.string().nullable(),
  vehicleYear: z.number().int().nullable(),
  vehicleMake: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleTrim: z.string().nullable(),
});
export type TCustomerJob = z.infer<typeof ZCustomerJob>;
export const CUSTOMER_JOBS_LIMIT = 50;

const tags = ['vehicles'] as const;

/** VIN decoding, the reference catalog and the companies' vehicles (catalogue rows 83–91, 122; decision 008). */
export const vehicleCalls = {
  decodeVin: defineCall({
    operationId: 'decodeVin',
    method: 'GET',
    path: vehiclePaths.vin,
    query: ZVinQuery,
    reply: ZVinReply,
    errors: [],
    access: { effect: 'read' },
    summary: 'Decode a VIN (NHTSA vPIC data offline, or vPIC over HTTP when VPIC_URL is set)',
    description:
      'Results[0] has the vPIC values (ModelYear, Make, Model, Series, Trim, Trim2, BodyClass, VIN, ErrorCode, ErrorText) and the match to the reference catalog: id_car_make, id_car_model, id_car_trim, size (S/M/L, default M), matchType exact|loose|none (make score > 0.8, model > 0.7; trim score = 0.5 year fit + 0.3 trim + 0.2 body, the trim must fit the model year).',
    tags,
  }),
  listMakes: defineCall({
    operationId: 'listMakes',
    method: 'GET',
    path: vehiclePaths.makes,
    reply: z.array(ZMake),
    errors: [],
    access: { effect: 'read' },
    summary: 'Every make',
    tags,
  }),
  listMakesOfYear: defineCall({
    operationId: 'listMakesOfYear',
    method: 'GET',
    path: vehiclePaths.makesOfYear,
    params: ZYearParam,
    reply: z.array(ZMake),
    errors: [],
    access: { effect: 'read' },
    summary: 'Makes with a trim built in the year',
    tags,
  }),
  listModels: defineCall({
    operationId: 'listModels',
    method: 'GET',
    path: vehiclePaths.models,
    params: ZModelsParam,
    reply: z.array(ZModel),
    errors: [],
    access: { effect: 'read' },
    summary: 'Models of a make in a year: /models/{year}{makeId} or /models/{makeId}{year} (decision 1)',
    tags,
  }),
  listTrims: defineCall({
    operationId: 'listTrims',
    method: 'GET',
    path: vehiclePaths.trims,
    params: ZTrimsParam,
    query: ZTrimsQuery,
    reply: z.array(ZTrim),
    errors: [],
    access: { effect: 'read' },
    summary: 'Trims of a model (optionally only those built in ?year=)',
    tags,
  }),
  listVehicleYears: defineCall({
    operationId: 'listVehicleYears',
    method: 'GET',
    path: vehiclePaths.years,
    query: ZYearsQuery,
    reply: ZYearsReply,
    errors: [],
    access: { effect: 'read' },
    summary: 'Vehicle years of a flow (decision 9): dealer 1950..next year, installer and catalog 1950..+2',
    tags,
  }),
  createVehicle: defineCall({
    operationId: 'createVehicle',
    method: 'POST',
    path: vehiclePaths.vehicles,
    body: ZCreateVehicleBody,
    reply: ZVehicle,
    errors: [],
    access: { effect: 'write' },
    summary: 'Record a vehicle of the caller’s company (no VIN: an NV placeholder, OT for Other car)',
    tags,
  }),
  getVehicleByVin: defineCall({
    operationId: 'getVehicleByVin',
    method: 'GET',
    path: vehiclePaths.vehicle,
    aliases: [vehiclePaths.vehicleByVin],
    params: ZVinParam,
    reply: ZVehicle,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'The latest vehicle with this VIN that the caller can see',
    tags,
  }),
  replaceVin: defineCall({
    operationId: 'replaceVin',
    method: 'PUT',
    path: vehiclePaths.vehicleByVin,
    params: ZVinParam,
    body: ZReplaceVinBody,
    reply: ZReplaceVinReply,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: { effect: 'write' },
    summary: 'Replace a stored NV placeholder VIN by the entered one (CHECK IN)',
    tags,
  }),
  listCustomerVehicles: defineCall({
    operationId: 'listCustomerVehicles',
    method: 'GET',
    path: vehiclePaths.customerVehicles,
    params: ZCustomerVehiclesParams,
    query: ZCustomerVehiclesQuery,
    reply: z.array(ZVehicle),
    errors: [],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'A customer’s previous vehicles at this specialist (?type=dealer for a dealership)',
    tags,
  }),
  listCustomerJobs: defineCall({
    operationId: 'listCustomerJobs',
    method: 'GET',
    path: vehiclePaths.customerJobs,
    params: ZCustomerVehiclesParams,
    query: ZCustomerVehiclesQuery,
    reply: z.array(ZCustomerJob),
    errors: [],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'A customer’s previous jobs at this specialist, newest first (?type=dealer for a dealership)',
    tags,
  }),
};
