/**
 * Prices from an installer's service catalog (001 §3, §7 GET /services, §9; 002 §2.7, §2.8, §3; catalogue
 * §4.12, K56, K57).
 *
 * A master service has one price row per vehicle size (S/M/L) and catalog (RETAIL/WHOLE); a trim override
 * replaces one row's price for one trim. Which catalog prices a job:
 * - retail work (an installer's own estimate or job for a retail customer) uses RETAIL;
 * - dealer work (a dealer's request, or an installer's job for a dealership) uses WHOLE;
 * - dealers "merge both": besides the wholesale price they see the retail price of each service and may set
 *   the retail price they charge their own customer (the dealer retail price override, a number ≥ 0).
 *
 * Decisions (the spec leaves them open):
 * - A size without a row in the job's catalog is not offered, even when the other catalog has one (a
 *   retail-only service cannot be sold as dealer work, 002 §2.7 "Not Available").
 * - A trim override belongs to one price row (service id); it applies only to that row's size and catalog.
 * - A service priced 0 is a custom service (cost 0 opens the custom dialog, catalogue §4.12 #54); dealers cannot price
 *   one, so it is hidden from them, as is any service whose description says Custom (001 §9).
 */
import type { UserType } from '../identity/access';
import { type Cents, isCents } from '../shared/money';
import { defaultVehicleSize, type VehicleSize } from '../vehicles/vehicle-size';

export const catalogTypes = ['RETAIL', 'WHOLE'] as const;
export type CatalogType = (typeof catalogTypes)[number];

/** Who the work is for: 'dealer' for dealer work (also an installer's job for a dealership), else 'installer'. */
export type RequestType = 'dealer' | 'installer';

/** One price row (`services` row: service_id, catalog, vehicle_size, service_cost). */
export type CatalogPriceRow = {
  serviceId: number;
  catalog: CatalogType;
  size: VehicleSize;
  priceCents: Cents;
};

/** A per-trim price of one price row (id, service_id, catalog, override_price, idCarTrim). */
export type TrimPriceOverride = {
  serviceId: number;
  trimId: number;
  priceCents: Cents;
};

/** A master service with its price rows. `includes` lists the master ids it includes ("overrides"). */
export type CatalogService = {
  masterServiceId: number;
  category: string;
  description: string;
  /** Duration in tenths of a day (10 = 1 day). */
  durationTenths: number;
  includes?: readonly number[];
  rows: readonly CatalogPriceRow[];
};

export type ServiceCatalog = {
  services: readonly CatalogService[];
  trimOverrides?: readonly TrimPriceOverride[];
};

export type PriceSource = 'size-row' | 'trim-override';

export type ServicePrice = {
  masterServiceId: number;
  /** The price row the job is priced from (the request service line's serviceId). */
  serviceId: number;
  catalog: CatalogType;
  size: VehicleSize;
  category: string;
  description: string;
  durationTenths: number;
  includes: readonly number[];
  /** What the job charges for the service, before discount. */
  amountCents: Cents;
  priceSource: PriceSource;
  /** Priced 0: the caller must supply description, cost and time (custom service). */
  isCustom: boolean;
  /** Dealer work: the wholesale price (= amountCents). Retail work: null. */
  wholesaleCents: Cents | null;
  /** The catalog's retail price for this size and trim, when the catalog has one. */
  catalogRetailCents: Cents | null;
  /**
   * The retail price recorded on the line (retailPrice): on dealer work the dealer's own retail price when
   * set, else the catalog retail price; on retail work the amount itself.
   */
  retailPriceCents: Cents | null;
};

export type PriceFailureReason =
  | 'UNKNOWN_SERVICE'
  | 'NOT_OFFERED'
  | 'CATALOG_NOT_ALLOWED'
  | 'RETAIL_PRICE_NOT_ALLOWED'
  | 'INVALID_RETAIL_PRICE';

export type ResolveServicePriceResult =
  | { ok: true; price: ServicePrice }
  | { ok: false; reason: PriceFailureReason; message: string };

export type PricingContext = {
  /** Vehicle size; a vehicle without one is Medium (K56). */
  size?: VehicleSize | null;
  trimId?: number | null;
  caller: UserType;
  requestType: RequestType;
};

export type ResolveServicePriceInput = PricingContext & {
  masterServiceId: number;
  /** The dealer's retail price for its customer (dealers on dealer work only), cents ≥ 0. */
  retailPriceOverrideCents?: Cents | null;
};

/** RETAIL for retail work, WHOLE for dealer work; a dealer never prices retail work. */
export function selectCatalogType(
  caller: UserType,
  requestType: RequestType,
): { ok: true; catalog: CatalogType } | { ok: false; reason: 'CATALOG_NOT_ALLOWED'; message: string } {
  if (requestType === 'dealer') return { ok: true, catalog: 'WHOLE' };
  if (caller === 'dealer') {
    return { ok: false, reason: 'CATALOG_NOT_ALLOWED', message: 'Dealers can only price dealer requests' };
  }
  return { ok: true, catalog: 'RETAIL' };
}

/** A custom service: priced 0, or described as Custom. */
export function isCustomCatalogService(service: CatalogService, amountCents: Cents): boolean {
  return amountCents === 0 || /\bcustom\b/i.test(service.description);
}

function findRowPrice(
  catalog: ServiceCatalog,
  service: CatalogService,
  catalogType: CatalogType,
  size: VehicleSize,
  trimId: number | null,
): { row: CatalogPriceRow; priceCents: Cents; source: PriceSource } | null {
  const row = service.rows.find((r) => r.catalog === catalogType && r.size === size);
  if (!row) return null;
  const override =
    trimId == null
      ? undefined
      : catalog.trimOverrides?.find((o) => o.serviceId === row.serviceId && o.trimId === trimId);
  return override
    ? { row, priceCents: override.priceCents, source: 'trim-override' }
    : { row, priceCents: row.priceCents, source: 'size-row' };
}

/**
 * The price of one service for a vehicle size and trim, as seen by the caller: the trim override of the
 * size row wins over the row's price; a size without a row in the job's catalog is not offered.
 */
export function resolveServicePrice(
  catalog: ServiceCatalog,
  input: ResolveServicePriceInput,
): ResolveServicePriceResult {
  const service = catalog.services.find((s) => s.masterServiceId === input.masterServiceId);
  if (!service) {
    return {
      ok: false,
      reason: 'UNKNOWN_SERVICE',
      message: `Service ${input.masterServiceId} is not in the catalog`,
    };
  }
  const selected = selectCatalogType(input.caller, input.requestType);
  if (!selected.ok) return selected;

  const override = input.retailPriceOverrideCents;
  if (override != null) {
    if (input.caller !== 'dealer' || input.requestType !== 'dealer') {
      return {
        ok: false,
        reason: 'RETAIL_PRICE_NOT_ALLOWED',
        message: 'Only dealers may set the retail price of a service',
      };
    }
    if (!isCents(override) || override < 0) {
      return {
        ok: false,
        reason: 'INVALID_RETAIL_PRICE',
        message: 'Retail price must be a number of at least 0',
      };
    }
  }

  const size = input.size ?? defaultVehicleSize;
  const trimId = input.trimId ?? null;
  const priced = findRowPrice(catalog, service, selected.catalog, size, trimId);
  if (!priced) {
    return {
      ok: false,
      reason: 'NOT_OFFERED',
      message: `${service.description} is not offered for size ${size} in the ${selected.catalog} catalog`,
    };
  }
  const isDealerWork = selected.catalog === 'WHOLE';
  const retail = isDealerWork
    ? (findRowPrice(catalog, service, 'RETAIL', size, trimId)?.priceCents ?? null)
    : priced.priceCents;

  return {
    ok: true,
    price: {
      masterServiceId: service.masterServiceId,
      serviceId: priced.row.serviceId,
      catalog: selected.catalog,
      size,
      category: service.category,
      description: service.description,
      durationTenths: service.durationTenths,
      includes: service.includes ?? [],
      amountCents: priced.priceCents,
      priceSource: priced.source,
      isCustom: priced.priceCents === 0,
      wholesaleCents: isDealerWork ? priced.priceCents : null,
      catalogRetailCents: retail,
      retailPriceCents: isDealerWork ? (override ?? retail) : priced.priceCents,
    },
  };
}

/**
 * Every service the caller can pick for this vehicle, in catalog order, optionally of one category.
 * Services not offered for the size are left out; dealers do not see custom services (001 §9).
 */
export function listServicePrices(
  catalog: ServiceCatalog,
  context: PricingContext & { category?: string | null },
): ServicePrice[] {
  const prices: ServicePrice[] = [];
  for (const service of catalog.services) {
    if (context.category != null && service.category !== context.category) continue;
    const result = resolveServicePrice(catalog, { ...context, masterServiceId: service.masterServiceId });
    if (!result.ok) continue;
    if (context.caller === 'dealer' && isCustomCatalogService(service, result.price.amountCents)) continue;
    prices.push(result.price);
  }
  return prices;
}
