import type { TCatalogService, TCategory } from '@app/contracts/catalog.contract';
import { AppError } from '@app/contracts/errors.contract';
import {
  type CatalogType,
  isCustomCatalogService,
  listServicePrices,
  resolveServicePrice,
  type ServicePrice,
} from '@app/domain/pricing/catalog-price';
import { centsToDollars } from '@app/domain/shared/money';
import type { VehicleSize } from '@app/domain/vehicles/vehicle-size';
import type { AuthContext } from '../../platform/security/auth-context';
import type { MatchingService } from '../matching/matching.service';
import type { CatalogRepository, LoadedCatalog } from './catalog.repository';

/** The product's categories in the order the wizards show them; others follow alphabetically. */
const CATEGORY_ORDER = ['PPF', 'Glass/Tint', 'Paint', 'Other Services'];

export function sortCategories(categories: Iterable<string>): string[] {
  const unique = [...new Set(categories)];
  const rank = (c: string) => {
    const index = CATEGORY_ORDER.indexOf(c);
    return index < 0 ? CATEGORY_ORDER.length : index;
  };
  return unique.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** WHOLE / WHOLESALE / DEALER read the wholesale catalog; RETAIL or a customer type the retail one. */
export function readCatalogSegment(segment: string): CatalogType {
  return /^(whole|wholesale|dealer)$/i.test(segment.trim()) ? 'WHOLE' : 'RETAIL';
}

export function readCategorySegment(segment: string): string | null {
  const category = segment.trim();
  return /^(all|all categories|0|null|undefined)$/i.test(category) || category === '' ? null : category;
}

type ServicesQuery = {
  installerId: number;
  size: VehicleSize;
  catalog: string;
  category: string;
  dealerId?: number | null;
  trimId: number | null;
};

export function createCatalogService({
  repository,
  matching,
}: {
  repository: CatalogRepository;
  matching: MatchingService;
}) {
  function toWire(loaded: LoadedCatalog, price: ServicePrice, other: ServicePrice | null): TCatalogService {
    const meta = loaded.meta.get(price.masterServiceId);
    const overrides = price.includes
      .map((masterId) => loaded.catalog.services.find((s) => s.masterServiceId === masterId))
      .map((s) => s?.rows.find((r) => r.catalog === price.catalog && r.size === price.size)?.serviceId)
      .filter((id): id is number => id !== undefined);
    const wholesale = price.catalog === 'WHOLE' ? price.amountCents : (other?.amountCents ?? null);
    const retail = price.catalog === 'RETAIL' ? price.amountCents : (price.catalogRetailCents ?? null);
    const amount = centsToDollars(price.amountCents);
    return {
      service_id: price.serviceId,
      master_service_id: price.masterServiceId,
      service_category: price.category,
      description: price.description,
      service_cost: amount,
      service_amount: amount,
      service_discount: 0,
      service_discount_percent: 0,
      duration_days: price.durationTenths / 10,
      installer_category: meta?.installerCategory ?? price.category,
      installer_id: loaded.installerId,
      installer_name: loaded.installerName,
      market_size: meta?.marketSize ?? null,
      overrides: overrides.join(','),
      vehicle_size: price.size,
      data_collect: meta?.dataCollect ?? 'N',
      wholesale_price: wholesale === null ? null : centsToDollars(wholesale),
      retail_price: retail === null ? null : centsToDollars(retail),
      custom_description: null,
      catalog: price.catalog,
      price_source: price.priceSource,
      is_custom: price.isCustom,
    };
  }

  /** The catalog's services priced for one caller and catalog. */
  function priceCatalog(
    loaded: LoadedCatalog,
    caller: 'dealer' | 'installer',
    catalogType: CatalogType,
    query: { size: VehicleSize; trimId: number | null; category: string | null },
  ): TCatalogService[] {
    const context = { size: query.size, trimId: query.trimId, category: query.category };
    const otherPrice = (masterServiceId: number, type: CatalogType) => {
      const result = resolveServicePrice(loaded.catalog, {
        masterServiceId,
        size: query.size,
        trimId: query.trimId,
        caller: type === 'WHOLE' ? caller : 'installer',
        requestType: type === 'WHOLE' ? 'dealer' : 'installer',
      });
      return result.ok ? result.price : null;
    };
    if (caller === 'dealer' && catalogType === 'RETAIL') {
      // Dealers read retail prices for reference only (they always buy wholesale): no custom services.
      return listServicePrices(loaded.catalog, { ...context, caller: 'installer', requestType: 'installer' })
        .filter((p) => {
          const service = loaded.catalog.services.find((s) => s.masterServiceId === p.masterServiceId);
          return service ? !isCustomCatalogService(service, p.amountCents) : false;
        })
        .map((p) => toWire(loaded, p, otherPrice(p.masterServiceId, 'WHOLE')));
    }
    const requestType = catalogType === 'WHOLE' ? 'dealer' : 'installer';
    return listServicePrices(loaded.catalog, { ...context, caller, requestType }).map((p) =>
      toWire(loaded, p, catalogType === 'RETAIL' ? otherPrice(p.masterServiceId, 'WHOLE') : null),
    );
  }

  /** "Any": one entry per category and description, the lowest price among the specialists. */
  function mergeLowest(entries: TCatalogService[]): TCatalogService[] {
    const best = new Map<string, TCatalogService>();
    for (const entry of entries) {
      const key = `${entry.service_category.toLowerCase()}\u0000${entry.description.toLowerCase()}`;
      const current = best.get(key);
      if (!current || entry.service_cost < current.service_cost) best.set(key, entry);
    }
    return [...best.values()].sort(
      (a, b) =>
        sortCategories([a.service_category, b.service_category]).indexOf(a.service_category) -
          sortCategories([a.service_category, b.service_category]).indexOf(b.service_category) ||
        a.description.localeCompare(b.description),
    );
  }

  async function dealerInstallerIds(auth: AuthContext, installerId: number, category: string | null) {
    const eligible = await matching.listEligible(auth.companyId, category === null ? null : [category]);
    if (installerId === 0) return eligible.map((e) => e.installerId);
    if (!eligible.some((e) => e.installerId === installerId)) {
      throw new AppError(
        'FORBIDDEN',
        `Specialist ${installerId} does not offer ${category ?? 'services'} to your dealership`,
      );
    }
    return [installerId];
  }

  function ownInstallerId(auth: AuthContext, installerId: number): number {
    const id = installerId === 0 ? auth.companyId : installerId;
    if (id !== auth.companyId)
      throw new AppError('FORBIDDEN', `The catalog of specialist ${id} is not yours`);
    return id;
  }

  return {
    /** GET /categories/{installerId} (0 = every specialist the dealer may use). */
    async listCategories(auth: AuthContext, installerId: number): Promise<TCategory[]> {
      let categories: string[];
      if (auth.userType === 'dealer') {
        const eligible = await matching.listEligible(auth.companyId, null);
        const chosen = installerId === 0 ? eligible : eligible.filter((e) => e.installerId === installerId);
        if (installerId !== 0 && chosen.length === 0) {
          throw new AppError('FORBIDDEN', `Specialist ${installerId} does not offer work to your dealership`);
        }
        categories = chosen.flatMap((e) => e.categories);
      } else {
        const id = ownInstallerId(auth, installerId);
        const loaded = await repository.loadCatalogs([id]);
        categories = (loaded.get(id)?.catalog.services ?? []).map((s) => s.category);
      }
      return sortCategories(categories).map((c) => ({ service_category: c, category: c }));
    },

    /** GET /services/…: the priced services of one specialist (or, for a dealer's 0, of all it may use). */
    async listServices(auth: AuthContext, query: ServicesQuery): Promise<TCatalogService[]> {
      const catalogType = readCatalogSegment(query.catalog);
      const category = readCategorySegment(query.category);
      const pricing = { size: query.size, trimId: query.trimId, category };
      if (auth.userType === 'dealer') {
        if (query.dealerId != null && query.dealerId !== auth.companyId) {
          throw new AppError('FORBIDDEN', `Dealer ${query.dealerId} is not your dealership`);
        }
        const ids = await dealerInstallerIds(auth, query.installerId, category);
        const loaded = await repository.loadCatalogs(ids, { dealerId: auth.companyId, trimId: query.trimId });
        const entries = [...loaded.values()].flatMap((c) => priceCatalog(c, 'dealer', catalogType, pricing));
        return query.installerId === 0 ? mergeLowest(entries) : entries;
      }
      const id = ownInstallerId(auth, query.installerId);
      const loaded = await repository.loadCatalogs([id], { trimId: query.trimId });
      const own = loaded.get(id);
      if (!own) throw new AppError('NOT_FOUND', `Specialist ${id} not found`);
      return priceCatalog(own, 'installer', catalogType, pricing);
    },

    /** GET /taxes/{taxRateId}: the rate of the installer with this Stripe tax rate id (or installer id). */
    async getTaxRate(taxRateId: string) {
      const found = await repository.findTaxRate(taxRateId);
      if (!found) throw new AppError('NOT_FOUND', `Tax rate ${taxRateId} not found`);
      return {
        id: found.stripeTaxRate ?? String(found.id),
        percentage: found.taxRateBps / 100,
        installer_id: found.id,
        display_name: `Sales tax${found.state ? ` (${found.state})` : ''}`,
        inclusive: false,
      };
    },

    // Pricing reads for request creation (a module calls another module's service, never its repository).
    loadCatalogs: repository.loadCatalogs,
    findServiceOwner: repository.findServiceOwner,
    listInclusions: repository.listInclusions,
    findInstaller: repository.findInstaller,
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
/** One specialist's catalog as `loadCatalogs` answers it (other modules name it through the service). */
export type { LoadedCatalog };
