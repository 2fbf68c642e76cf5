import { vehicleSizes } from '@app/domain/vehicles/vehicle-size';
import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * The installer's service catalog (catalogue rows 111–117, rules 107–113, M169–M184; 002 §2.7, §3, §7, §9;
 * docs/decisions/013-service-catalog.md).
 *
 * - Ids are the database's (sequences): `GET /maxMasterService` and `GET /maxService` answer the caller's
 *   current maximum for the wire, and any serviceId / masterServiceId a client sends on create is ignored.
 * - One POST or PUT writes a whole master service (the service form of 002 §3: category, description,
 *   duration and `retailPrices` / `wholesalePrices` keyed L, M, S) in one transaction; the wholesale rows
 *   exist only for the sizes given a wholesale price (rule 111). The spec's one-row-per-call fields
 *   (`vehicleSize`, `catalog`, `serviceCost`) are accepted too: such a call writes that one price row of the
 *   master service named by category + description (created on its first row).
 * - The rules answer 400 VALIDATION_FAILED with the rule's message and `details: [{ field, message }]`.
 */
export const serviceCatalogPaths = {
  categoryServices: '/categoryServices/:installerId/:category',
  maxMasterService: '/maxMasterService/:installerId',
  maxService: '/maxService/:installerId',
  create: '/services',
  masterService: '/masterServices/:installerId/:masterServiceId',
  /**
   * PUT /service/{serviceId}/{installerId} and DELETE /service/{masterServiceId}/{installerId}: one path
   * template (OpenAPI allows no two that differ only in a parameter's name), `id` naming a price row for PUT
   * and a master service for DELETE, as the spec's two spellings say.
   */
  service: '/service/:id/:installerId',
} as const;

/** Success texts of 002 §8 (M169, M171, M173) and the screen's failure texts (M170, M172, M174, M175). */
export const serviceCatalogMessages = {
  added: 'Master service added successfully!',
  addFailed: 'Error adding service. Please try again.',
  updated: 'Master service updated successfully!',
  updateFailed: 'Error updating service',
  deleted: 'Master service deleted successfully!',
  deleteFailed: 'Error deleting service',
  loadFailed: 'Failed to load service catalog - Using sample data for demonstration.',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZIdOrZero = z.coerce.number().int().min(0).max(MAX_DB_ID);

export const ZInstallerParam = z.object({ installerId: ZIdOrZero });
export const ZCategoryServicesParams = z.object({
  installerId: ZIdOrZero,
  category: z.string().trim().min(1).max(80),
});
export const ZMasterServiceParams = z.object({ installerId: ZIdOrZero, masterServiceId: ZIdOrZero });
export const ZUpdateServiceParams = z.object({
  id: ZIdOrZero.describe('serviceId: a price row of the master service'),
  installerId: ZIdOrZero,
});
export const ZDeleteServiceParams = z.object({
  id: ZIdOrZero.describe('masterServiceId'),
  installerId: ZIdOrZero,
});

/** A price as typed: dollars as a number or numeric text, blank or null for none (checked by the rules). */
const ZPriceInput = z.union([z.number(), z.string().max(40)]).nullish();
const ZSizePrices = z
  .object({ L: ZPriceInput, M: ZPriceInput, S: ZPriceInput })
  .partial()
  .nullish()
  .describe('dollars keyed L, M, S');
/** The spec sends the text 'NULL' for "nothing" on create (row 114). */
const ZNullableText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' || v.trim().toUpperCase() === 'NULL' ? null : v.trim()));
const ZOptionalId = z.coerce.number().int().min(0).max(MAX_DB_ID).nullish();

/** POST /services and PUT /service/{serviceId}/{installerId} (row 114's fields plus the service form's). */
export const ZServiceBody = z.object({
  installerId: ZOptionalId,
  /** Ignored on create (the database assigns ids). */
  serviceId: ZOptionalId,
  /** Ignored on create (the database assigns ids). */
  masterServiceId: ZOptionalId,
  serviceCategory: z.string().max(80).nullish(),
  /** The service form's name of serviceCategory (002 §3). */
  category: z.string().max(80).nullish(),
  description: z.string().max(200).nullish(),
  durationDays: z.union([z.number(), z.string().max(40)]).nullish(),
  retailPrices: ZSizePrices,
  wholesalePrices: ZSizePrices,
  /** One-row form (row 114): the size, catalog and price of one price row. */
  vehicleSize: z.enum(vehicleSizes).nullish(),
  catalog: z
    .string()
    .max(20)
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(['RETAIL', 'WHOLE', 'WHOLESALE']))
    .transform((v): 'RETAIL' | 'WHOLE' => (v === 'RETAIL' ? 'RETAIL' : 'WHOLE'))
    .nullish(),
  serviceCost: ZPriceInput,
  installerCategory: ZNullableText(80),
  dataCollect: z.enum(['Y', 'N']).nullish(),
  /** Inclusions are kept between master services (schema/catalog.ts); this text is accepted and not stored. */
  overrides: ZNullableText(2000),
  marketSize: ZNullableText(80),
  notes: ZNullableText(2000),
});
export type TServiceBody = z.infer<typeof ZServiceBody>;

const ZCatalogType = z.enum(['RETAIL', 'WHOLE']);

/** A price row (row 111): one size and catalog of a master service. Dollars, days. */
export const ZServiceRow = z.object({
  service_id: z.number().int(),
  master_service_id: z.number().int(),
  description: z.string(),
  service_category: z.string(),
  vehicle_size: z.enum(vehicleSizes),
  catalog: ZCatalogType,
  service_cost: z.number(),
  duration_days: z.number(),
});
export type TServiceRow = z.infer<typeof ZServiceRow>;

/** A master service with its price rows (row 115). */
export const ZMasterService = z.object({
  master_service_id: z.number().int(),
  installer_id: z.number().int(),
  description: z.string(),
  service_category: z.string(),
  duration_days: z.number(),
  installer_category: z.string(),
  data_collect: z.string(),
  market_size: z.string().nullable(),
  notes: z.string().nullable(),
  services: z.array(ZServiceRow),
});
export type TMasterService = z.infer<typeof ZMasterService>;

export const ZMaxReply = z.object({ last_service: z.number().int() });
export const ZServiceWriteReply = ZMasterService.extend({ message: z.string() });
export const ZServiceDeleteReply = z.object({ message: z.string(), master_service_id: z.number().int() });

const access = { effect: 'read', roles: ['installer'] } as const;
const writeAccess = { effect: 'write', roles: ['installer'] } as const;
const tags = ['service-catalog'] as const;

export const serviceCatalogCalls = {
  listCategoryServices: defineCall({
    operationId: 'listCategoryServices',
    method: 'GET',
    path: serviceCatalogPaths.categoryServices,
    params: ZCategoryServicesParams,
    reply: z.array(ZServiceRow),
    errors: [],
    access,
    summary: 'Price rows of a category (All = every category), ordered by description, size and catalog',
    description:
      'The catalog screen groups these rows by master_service_id (its "services by category grouped by master service" read, catalogue U6).',
    tags,
  }),
  maxMasterService: defineCall({
    operationId: 'maxMasterService',
    method: 'GET',
    path: serviceCatalogPaths.maxMasterService,
    params: ZInstallerParam,
    reply: ZMaxReply,
    errors: [],
    access,
    summary: 'The largest master service id of the installer (0 when none); ids are assigned by the server',
    tags,
  }),
  maxService: defineCall({
    operationId: 'maxService',
    method: 'GET',
    path: serviceCatalogPaths.maxService,
    params: ZInstallerParam,
    reply: ZMaxReply,
    errors: [],
    access,
    summary:
      'The largest service (price row) id of the installer (0 when none); ids are assigned by the server',
    tags,
  }),
  createService: defineCall({
    operationId: 'createService',
    method: 'POST',
    path: serviceCatalogPaths.create,
    body: ZServiceBody,
    reply: ZServiceWriteReply,
    status: 201,
    otherStatuses: [200],
    errors: ['CONFLICT'],
    access: writeAccess,
    summary: 'Adds a master service with its prices per size (one transaction), or one price row of it',
    description:
      'With retailPrices (and optional wholesalePrices) keyed L/M/S: the whole master service, 201. With vehicleSize, catalog and serviceCost: that price row of the master service named by serviceCategory + description (201 when the master is new, 200 when it adds to one).',
    tags,
  }),
  getMasterService: defineCall({
    operationId: 'getMasterService',
    method: 'GET',
    path: serviceCatalogPaths.masterService,
    params: ZMasterServiceParams,
    reply: ZMasterService,
    errors: ['NOT_FOUND'],
    access,
    summary: 'A master service with its price rows',
    tags,
  }),
  updateService: defineCall({
    operationId: 'updateService',
    method: 'PUT',
    path: serviceCatalogPaths.service,
    params: ZUpdateServiceParams,
    body: ZServiceBody,
    reply: ZServiceWriteReply,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: writeAccess,
    summary: 'Updates the master service of a price row (all sizes and catalogs), or that one row',
    description:
      'serviceId names any price row of the master service. With retailPrices the whole master service is rewritten in one transaction: price rows keep their ids, wholesale rows of sizes without a wholesale price are removed.',
    tags,
  }),
  deleteService: defineCall({
    operationId: 'deleteService',
    method: 'DELETE',
    path: serviceCatalogPaths.service,
    params: ZDeleteServiceParams,
    reply: ZServiceDeleteReply,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: writeAccess,
    summary: 'Deletes a master service with all its sizes and catalogs (409 while open requests use it)',
    tags,
  }),
};
