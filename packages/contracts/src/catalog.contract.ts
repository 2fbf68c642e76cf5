import { vehicleSizes } from '@app/domain/vehicles/vehicle-size';
import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * Service categories and priced services for the creation wizards (catalogue rows 92–94; 001 §3, §7, §9).
 *
 * GET /services/{installerOrSpecialist}/{size}/{WHOLE|RETAIL|customerType}/{category}/{dealerId?}/{trimId}:
 * - the installer id 0 (a dealer's "Any" specialist) merges the catalogs of every specialist the dealer may
 *   use for the category: one entry per category + description, at the lowest price among them (its
 *   service_id is that specialist's price row, so a request line priced from it stays traceable);
 * - the third segment WHOLE / WHOLESALE / DEALER reads the wholesale catalog, anything else (RETAIL, CUSTOMER,
 *   PROSPECT, …) the retail one; dealers always see both prices (wholesale_price and retail_price) and never a
 *   custom (priced 0 or "Custom") service;
 * - category 'All', 'All Categories' or '0' means every category; a trim id 0 / 'null' means no trim.
 * Prices are the catalog's for the vehicle size, a trim override replacing the size price (002 §2.8).
 */
export const catalogPaths = {
  categories: '/categories/:installerId',
  servicesWithDealer: '/services/:installerId/:size/:catalog/:category/:dealerId/:trimId',
  services: '/services/:installerId/:size/:catalog/:category/:trimId',
  taxes: '/taxes/:taxRateId',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZIdOrZero = z.coerce.number().int().min(0).max(MAX_DB_ID);
const ZOptionalId = z
  .string()
  .transform((v) => (/^\d+$/.test(v) && Number(v) > 0 && Number(v) <= MAX_DB_ID ? Number(v) : null));

export const ZCategoriesParams = z.object({ installerId: ZIdOrZero });
export const ZCategory = z.object({ service_category: z.string(), category: z.string() });
export type TCategory = z.infer<typeof ZCategory>;

const ZSize = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(vehicleSizes).catch('M'));

export const ZServicesParams = z.object({
  installerId: ZIdOrZero,
  size: ZSize,
  catalog: z.string().min(1).max(40),
  category: z.string().min(1).max(80),
  trimId: ZOptionalId,
});
export const ZServicesWithDealerParams = ZServicesParams.extend({ dealerId: ZOptionalId });

/** The service entity (001 §3) as priced for the caller. Money in dollars, durations in days. */
export const ZCatalogService = z.object({
  /** The price row (size + catalog) this entry is priced from: the serviceId of a request service line. */
  service_id: z.number().int(),
  master_service_id: z.number().int(),
  service_category: z.string(),
  description: z.string(),
  /** The price the caller's job would charge (wholesale for dealer work, retail otherwise). */
  service_cost: z.number(),
  service_amount: z.number(),
  service_discount: z.number(),
  service_discount_percent: z.number(),
  duration_days: z.number(),
  installer_category: z.string(),
  installer_id: z.number().int(),
  installer_name: z.string(),
  market_size: z.string().nullable(),
  /** Comma-separated service ids (same size and catalog) this service includes (K73). */
  overrides: z.string(),
  vehicle_size: z.enum(vehicleSizes),
  data_collect: z.string(),
  wholesale_price: z.number().nullable(),
  retail_price: z.number().nullable(),
  custom_description: z.string().nullable(),
  catalog: z.enum(['RETAIL', 'WHOLE']),
  /** 'trim-override' when a per-trim price replaced the size price. */
  price_source: z.enum(['size-row', 'trim-override']),
  /** Priced 0: the custom-estimate dialog asks for description, cost and time (installers only). */
  is_custom: z.boolean(),
});
export type TCatalogService = z.infer<typeof ZCatalogService>;

export const ZTaxParams = z.object({ taxRateId: z.string().min(1).max(100) });
export const ZTaxReply = z.object({
  id: z.string(),
  /** Percent, e.g. 7.5. */
  percentage: z.number(),
  installer_id: z.number().int(),
  display_name: z.string(),
  inclusive: z.boolean(),
});

const servicesDescription =
  'Priced for the vehicle size and trim (a trim override replaces the size price). Third segment WHOLE/WHOLESALE/DEALER = wholesale catalog, anything else = retail. Category All = every category. Installer id 0 (dealers) = every specialist the dealer may use, merged by category and description at the lowest price. Dealers never see custom services and get both wholesale_price and retail_price.';

/** Categories, priced services and tax rates (catalogue rows 92–94; decision 008). */
export const catalogCalls = {
  listCategories: defineCall({
    operationId: 'listCategories',
    method: 'GET',
    path: catalogPaths.categories,
    params: ZCategoriesParams,
    reply: z.array(ZCategory),
    errors: [],
    access: { effect: 'read' },
    summary: 'Service categories of a specialist (0: of every specialist the dealer may use)',
    tags: ['catalog'],
  }),
  listServicesForDealer: defineCall({
    operationId: 'listServicesForDealer',
    method: 'GET',
    path: catalogPaths.servicesWithDealer,
    params: ZServicesWithDealerParams,
    reply: z.array(ZCatalogService),
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Priced services: /services/{installer}/{size}/{catalog}/{category}/{dealerId}/{trimId}',
    description: servicesDescription,
    tags: ['catalog'],
  }),
  listServices: defineCall({
    operationId: 'listServices',
    method: 'GET',
    path: catalogPaths.services,
    params: ZServicesParams,
    reply: z.array(ZCatalogService),
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Priced services: /services/{installer}/{size}/{catalog}/{category}/{trimId}',
    description: servicesDescription,
    tags: ['catalog'],
  }),
  getTaxRate: defineCall({
    operationId: 'getTaxRate',
    method: 'GET',
    path: catalogPaths.taxes,
    params: ZTaxParams,
    reply: ZTaxReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Sales tax rate (percentage) by Stripe tax rate id or installer id',
    tags: ['catalog'],
  }),
};
