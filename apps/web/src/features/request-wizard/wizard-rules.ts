import type { TCatalogService } from '@app/contracts/catalog.contract';
import { alreadyIncludedMessage } from '@app/domain/pricing/service-selection';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { computeProposedDueDate } from '@app/domain/scheduling/job-dates';

export const LAST_STEP = 5;
/** The alternate Work step that loads services from a previous job (001 §2.2). */
export const PREVIOUS_JOB_STEP = 99;
export const DEFAULT_CATEGORY = 'Paint';
export const MAX_REFERENCE_NUMBER = 50;

export type WizardVehicle = {
  vin: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  makeId: number | null;
  modelId: number | null;
  trimId: number | null;
  size: 'S' | 'M' | 'L';
  bodyStyle: string | null;
  /** A stored vehicle picked from the customer's previous vehicles: no new vehicle record is needed. */
  vehicleId?: number | null;
};

/** The body of POST /vehicles for a vehicle of the wizards. */
export function vehicleCreateBody(vehicle: WizardVehicle) {
  return {
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
    vin: vehicle.vin,
    size: vehicle.size,
    id_car_make: vehicle.makeId,
    id_car_model: vehicle.modelId,
    id_car_trim: vehicle.trimId,
  };
}

/** What the installer entered in the custom-service dialog (dollars, days). */
export type CustomDetails = { description: string; cost: number; durationDays: number };

/** A selected service with the dealer's retail price for its customer. */
export type SelectedService = {
  service: TCatalogService;
  retailPrice: number | null;
  /** Installers only: the discount in dollars, between 0 and the cost (clamped by the domain rule). */
  discount?: number | null;
  /** Installers only: set when the discount was entered as a percentage (0–100, step 0.1). */
  discountPercent?: number | null;
  /** A custom service (priced 0 in the catalog) once its dialog was saved. */
  custom?: CustomDetails | null;
};

export type GateState = {
  specialist: number | null;
  vehicle: WizardVehicle | null;
  services: readonly SelectedService[];
};

/** Next is disabled until step 1 has a specialist, step 2 a vehicle, step 3 a service; step 4 is always allowed. */
export function canAdvance(step: number, state: GateState): boolean {
  if (step === 1) return state.specialist !== null;
  if (step === 2) return state.vehicle !== null;
  if (step === 3) return state.services.length > 0;
  return true;
}

/** Category hints (001 §2.2): PPF → PPF, TINT → Glass/Tint, PAINT and DETAIL → Other Services. */
export function categoryFromHint(hint: string | null | undefined): string {
  const value = (hint ?? '').trim().toUpperCase();
  if (value === 'PPF') return 'PPF';
  if (value === 'TINT') return 'Glass/Tint';
  if (value === 'PAINT' || value === 'DETAIL') return 'Other Services';
  return DEFAULT_CATEGORY;
}

function overrideIds(service: TCatalogService): number[] {
  return service.overrides
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

function includes(a: TCatalogService, b: TCatalogService): boolean {
  const ids = overrideIds(a);
  return ids.includes(b.service_id) || ids.includes(b.master_service_id);
}

export type AddResult =
  | { ok: true; services: SelectedService[]; removed: SelectedService[] }
  | { ok: false; message: string };

/** K73: a service included by a selected one is refused; a service including selected ones replaces them. */
export function addService(selected: readonly SelectedService[], candidate: TCatalogService): AddResult {
  if (selected.some((s) => s.service.service_id === candidate.service_id))
    return { ok: false, message: 'Service already selected' };
  if (selected.some((s) => includes(s.service, candidate)))
    return { ok: false, message: alreadyIncludedMessage };
  const removed = selected.filter((s) => includes(candidate, s.service));
  const kept = selected.filter((s) => !includes(candidate, s.service));
  return {
    ok: true,
    services: [...kept, { service: candidate, retailPrice: candidate.retail_price }],
    removed,
  };
}

export function sumDuration(services: readonly SelectedService[]): number {
  return services.reduce(
    (total, s) => total + (s.custom ? s.custom.durationDays : s.service.duration_days || 1),
    0,
  );
}

/** Available + max(1, round(duration)) days. */
export function proposeDueDate(availableDate: IsoDate, durationDays: number): IsoDate {
  return computeProposedDueDate(availableDate, durationDays);
}

/** Dealer years: 1950 to next year, newest first. */
export function dealerYears(now = new Date()): number[] {
  const last = now.getFullYear() + 1;
  return Array.from({ length: last - 1950 + 1 }, (_, i) => last - i);
}
