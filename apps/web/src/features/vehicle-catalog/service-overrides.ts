import type {
  TModelOverridesReply,
  TOverrideService,
  TTrimOverride,
} from '@app/contracts/vehicle-catalog.contract';

export type Catalog = 'RETAIL' | 'WHOLE';
export type ModelTrim = TModelOverridesReply['trims'][number];
export const ALL_TRIMS = 'all';
export const ALL_CATEGORIES = 'All Categories';

/** The overrides of one trim for one service, by catalog. */
export type TrimPrices = { trim: ModelTrim; RETAIL: TTrimOverride | null; WHOLE: TTrimOverride | null };

/** What one entry of the Service Overrides list shows (P25). */
export type ServiceEntry = {
  service: TOverrideService;
  /** Catalog prices of the sizes of the trims in focus. */
  sizes: { size: string; RETAIL: number | null; WHOLE: number | null }[];
  /** Per trim in focus: its overrides of this service. */
  trims: TrimPrices[];
  /** Trims (in focus) with at least one override of this service. */
  overriddenTrims: number;
  /** Every trim in focus has an override of one catalog at one price. */
  isModelOverride: boolean;
  /** The trims' override prices of a catalog differ. */
  hasConflict: boolean;
};

/** The categories of the installer's services, in the services' order. */
export function categoriesOf(data: TModelOverridesReply): string[] {
  return [...new Set(data.services.map((s) => s.service_category))];
}

/** The entries of the list for a category (or all) and a trim (or all trims). */
export function buildEntries(
  data: TModelOverridesReply,
  category: string,
  trimFocus: string,
): ServiceEntry[] {
  const trims =
    trimFocus === ALL_TRIMS ? data.trims : data.trims.filter((t) => String(t.id_car_trim) === trimFocus);
  const sizes = [...new Set(trims.map((t) => t.id_car_type))];
  const services = data.services.filter(
    (s) => category === ALL_CATEGORIES || s.service_category === category,
  );
  return services.map((service) => {
    const rowIds = new Set(service.rows.map((r) => r.service_id));
    const mine = data.overrides.filter((o) => rowIds.has(o.service_id));
    const perTrim = trims.map(
      (trim): TrimPrices => ({
        trim,
        RETAIL: mine.find((o) => o.idCarTrim === trim.id_car_trim && o.catalog === 'RETAIL') ?? null,
        WHOLE: mine.find((o) => o.idCarTrim === trim.id_car_trim && o.catalog === 'WHOLE') ?? null,
      }),
    );
    const pricesOf = (catalog: Catalog) =>
      perTrim.flatMap((p) => (p[catalog] ? [p[catalog].override_price_cents] : []));
    const distinct = (catalog: Catalog) => new Set(pricesOf(catalog)).size;
    const isUniform = (catalog: Catalog) =>
      pricesOf(catalog).length === trims.length && distinct(catalog) === 1;
    return {
      service,
      sizes: sizes
        .filter((size) => service.rows.some((r) => r.vehicle_size === size))
        .map((size) => ({
          size,
          RETAIL:
            service.rows.find((r) => r.vehicle_size === size && r.catalog === 'RETAIL')?.service_cost ?? null,
          WHOLE:
            service.rows.find((r) => r.vehicle_size === size && r.catalog === 'WHOLE')?.service_cost ?? null,
        })),
      trims: perTrim,
      overriddenTrims: perTrim.filter((p) => p.RETAIL || p.WHOLE).length,
      isModelOverride: trims.length > 1 && (isUniform('RETAIL') || isUniform('WHOLE')),
      hasConflict: distinct('RETAIL') > 1 || distinct('WHOLE') > 1,
    };
  });
}

/** The service row of a catalog for a trim's size (where an override of that trim goes), or null. */
export function rowFor(service: TOverrideService, catalog: Catalog, trim: ModelTrim) {
  return service.rows.find((r) => r.catalog === catalog && r.vehicle_size === trim.id_car_type) ?? null;
}

/** A typed price → dollars, or null when empty; NaN when not a number ≥ 0 with at most 2 decimals. */
export function readPrice(value: string | number): number | null {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return Number.NaN;
  return n;
}
