import { catalogCalls } from '@app/contracts/catalog.contract';
import { serviceCatalogCalls as calls, type TServiceRow } from '@app/contracts/service-catalog.contract';
import { SERVICE_FORM_SIZES } from '@app/domain/pricing/service-form';
import type { VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { ApiHttpError } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

const quiet = { isQuiet: true } as const;

export const fetchCategories = (installerId: number) =>
  callApi(catalogCalls.listCategories, { params: { installerId } }, quiet);

export const fetchCategoryRows = (installerId: number, category: string) =>
  callApi(calls.listCategoryServices, { params: { installerId, category } }, quiet);

/** The service form as the modal holds it: texts as typed, prices keyed L, M, S. */
export type ServiceFormState = {
  category: string;
  description: string;
  durationDays: string;
  retailPrices: Record<VehicleSize, string>;
  wholesalePrices: Record<VehicleSize, string>;
};

function bodyOf(installerId: number, form: ServiceFormState) {
  return {
    installerId,
    serviceCategory: form.category.trim(),
    description: form.description.trim(),
    durationDays: form.durationDays.trim(),
    retailPrices: form.retailPrices,
    wholesalePrices: form.wholesalePrices,
  };
}

/** Row 114 (one call for the whole master service) or row 116 (`serviceId`: any price row of it). */
export const saveService = (installerId: number, serviceId: number | null, form: ServiceFormState) =>
  serviceId === null
    ? callApi(calls.createService, { body: bodyOf(installerId, form) }, quiet)
    : callApi(
        calls.updateService,
        { params: { id: serviceId, installerId }, body: bodyOf(installerId, form) },
        quiet,
      );

/** Row 117. */
export const deleteService = (installerId: number, masterServiceId: number) =>
  callApi(calls.deleteService, { params: { id: masterServiceId, installerId } }, quiet);

/** The failure text: M170 alone, or 'Error updating service' / 'Error deleting service' + the server's message. */
export function describeFailure(error: unknown, prefix: string, withMessage: boolean): string {
  const detail =
    error instanceof ApiHttpError && error.isClientError ? (error.userMessage ?? error.message) : null;
  if (!withMessage) return detail ? `${prefix} ${detail}` : prefix;
  return `${prefix}: ${detail ?? 'An unexpected error occurred.'}`;
}

/** One size of a master service: its retail and wholesale prices in dollars (null: none). */
export type SizePrices = { size: VehicleSize; retail: number | null; wholesale: number | null };

/** A master service as the screen shows it, from its price rows. */
export type CatalogEntry = {
  masterServiceId: number;
  description: string;
  category: string;
  durationDays: number;
  /** Any of its price rows (PUT /service/{serviceId} names the master through it). */
  serviceId: number;
  sizes: SizePrices[];
};

/** Groups row 111's price rows by master service (catalogue U6), in the server's order. */
export function groupByMaster(rows: readonly TServiceRow[]): CatalogEntry[] {
  const entries = new Map<number, CatalogEntry>();
  for (const row of rows) {
    let entry = entries.get(row.master_service_id);
    if (!entry) {
      entry = {
        masterServiceId: row.master_service_id,
        description: row.description,
        category: row.service_category,
        durationDays: row.duration_days,
        serviceId: row.service_id,
        sizes: SERVICE_FORM_SIZES.map((size) => ({ size, retail: null, wholesale: null })),
      };
      entries.set(row.master_service_id, entry);
    }
    const size = entry.sizes.find((s) => s.size === row.vehicle_size);
    if (size) size[row.catalog === 'RETAIL' ? 'retail' : 'wholesale'] = row.service_cost;
  }
  return [...entries.values()];
}
