import { calculateWholesalePrice, DEFAULT_WHOLESALE_MARGIN_BPS } from '@app/domain/pricing/wholesale-margin';
import {
  catalogTemplateDealers,
  catalogTemplateServices,
  catalogTemplates,
  masterServiceInclusions,
  masterServices,
  services,
  serviceTrimOverrides,
} from '../schema/catalog';
import { type DbOrTx, firstRow, nextSequence } from './common';

export type MasterService = typeof masterServices.$inferSelect;
export type Service = typeof services.$inferSelect;
export type ServiceTrimOverride = typeof serviceTrimOverrides.$inferSelect;
export type CatalogTemplate = typeof catalogTemplates.$inferSelect;
export type CatalogTemplateDealer = typeof catalogTemplateDealers.$inferSelect;

export type Catalog = 'RETAIL' | 'WHOLE';
export type VehicleSize = 'S' | 'M' | 'L';
/** Prices in cents per vehicle size. */
export type SizePrices = Record<VehicleSize, number>;

export type CatalogService = {
  master: MasterService;
  /** The price rows, one per catalog and size given. */
  services: Service[];
  /** The price row of a catalog and size (throws when the service has none). */
  row: (catalog: Catalog, size: VehicleSize) => Service;
};

export type CreateCatalogServiceInput = Partial<typeof masterServices.$inferInsert> & {
  installerId: number;
  /** Retail prices in cents per size; defaults to 1000/800/600 dollars for L/M/S. */
  retail?: SizePrices | null;
  /** Wholesale prices in cents per size; defaults to retail less 15 % (K71), null for none. */
  wholesale?: SizePrices | null;
};

const SIZES: VehicleSize[] = ['L', 'M', 'S'];

/** Wholesale prices per size by the domain's rule: retail × (1 − margin), rounded half up (K71, default 15 %). */
export function wholesaleFromRetail(
  retail: SizePrices,
  marginBps: number = DEFAULT_WHOLESALE_MARGIN_BPS,
): SizePrices {
  const price = (cents: number) => calculateWholesalePrice(cents, marginBps);
  return { L: price(retail.L), M: price(retail.M), S: price(retail.S) };
}

/**
 * A master service with its price rows for each size of the retail and wholesale catalogs
 * (the service form of 002 §3: category, description, duration, retail and wholesale prices by L/M/S).
 */
export async function createCatalogService(
  db: DbOrTx,
  input: CreateCatalogServiceInput,
): Promise<CatalogService> {
  const [created] = await createCatalogServices(db, [input]);
  if (!created) throw new Error('Catalog service was not created');
  return created;
}

/** Several catalog services in two statements (masters, then all price rows), in input order. */
export async function createCatalogServices(
  db: DbOrTx,
  inputs: readonly CreateCatalogServiceInput[],
): Promise<CatalogService[]> {
  if (inputs.length === 0) return [];
  const prepared = inputs.map((input) => {
    const { retail: retailInput, wholesale: wholesaleInput, ...masterValues } = input;
    const retail = retailInput === undefined ? { L: 100_000, M: 80_000, S: 60_000 } : retailInput;
    const wholesale =
      wholesaleInput === undefined ? (retail ? wholesaleFromRetail(retail) : null) : wholesaleInput;
    return { masterValues, retail, wholesale };
  });
  const masters = await db
    .insert(masterServices)
    .values(
      prepared.map(({ masterValues }) => ({
        serviceCategory: 'PPF',
        description: `Service ${nextSequence()}`,
        durationTenths: 10,
        ...masterValues,
      })),
    )
    .returning();
  // RETURNING gives the rows in VALUES order; ids are ascending within one statement.
  masters.sort((a, b) => a.id - b.id);
  const priceRows: (typeof services.$inferInsert)[] = [];
  prepared.forEach(({ retail, wholesale }, index) => {
    const master = masters[index];
    if (!master) return;
    for (const [catalog, prices] of [
      ['RETAIL', retail],
      ['WHOLE', wholesale],
    ] as const) {
      if (!prices) continue;
      for (const size of SIZES) {
        priceRows.push({
          masterServiceId: master.id,
          installerId: master.installerId,
          catalog,
          vehicleSize: size,
          priceCents: prices[size],
        });
      }
    }
  });
  const rows = priceRows.length > 0 ? await db.insert(services).values(priceRows).returning() : [];
  return masters.map((master) => {
    const own = rows.filter((r) => r.masterServiceId === master.id);
    return {
      master,
      services: own,
      row: (catalog: Catalog, size: VehicleSize) => {
        const found = own.find((r) => r.catalog === catalog && r.vehicleSize === size);
        if (!found) throw new Error(`${master.description} has no ${catalog} price for size ${size}`);
        return found;
      },
    };
  });
}

/** Records that `masterServiceId` includes (overrides) `includedMasterServiceId`. */
export async function addServiceInclusion(
  db: DbOrTx,
  masterServiceId: number,
  includedMasterServiceId: number,
): Promise<void> {
  await db.insert(masterServiceInclusions).values({ masterServiceId, includedMasterServiceId });
}

export async function createServiceTrimOverride(
  db: DbOrTx,
  values: typeof serviceTrimOverrides.$inferInsert,
): Promise<ServiceTrimOverride> {
  return firstRow(await db.insert(serviceTrimOverrides).values(values).returning(), 'service trim override');
}

export async function createCatalogTemplate(
  db: DbOrTx,
  input: Partial<typeof catalogTemplates.$inferInsert> & { installerId: number; masterServiceIds?: number[] },
): Promise<CatalogTemplate> {
  const { masterServiceIds = [], ...values } = input;
  const template = firstRow(
    await db
      .insert(catalogTemplates)
      .values({ name: `Template ${nextSequence()}`, ...values })
      .returning(),
    'catalog template',
  );
  const unique = [...new Set(masterServiceIds)];
  if (unique.length > 0) {
    await db
      .insert(catalogTemplateServices)
      .values(unique.map((masterServiceId) => ({ templateId: template.id, masterServiceId })));
  }
  return template;
}

/** Makes `templateId` the dealer's current template of the template's installer (replacing any other). */
export async function assignTemplateToDealer(
  db: DbOrTx,
  assignment: { templateId: number; installerId: number; dealerId: number; assignedAt?: Date },
): Promise<CatalogTemplateDealer> {
  const rows = await db
    .insert(catalogTemplateDealers)
    .values(assignment)
    .onConflictDoUpdate({
      target: [catalogTemplateDealers.installerId, catalogTemplateDealers.dealerId],
      set: { templateId: assignment.templateId, assignedAt: assignment.assignedAt ?? new Date() },
    })
    .returning();
  return firstRow(rows, 'template assignment');
}
