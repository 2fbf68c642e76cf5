import type { CallInput } from '@app/contracts/call.contract';
import { catalogCalls, catalogPaths } from '@app/contracts/catalog.contract';
import { customerCalls } from '@app/contracts/customers.contract';
import { matchingCalls } from '@app/contracts/matching.contract';
import {
  requestCreationCalls,
  type TCreateRequestReply,
  type TDuplicateEntry,
} from '@app/contracts/request-creation.contract';
import { serviceRequestCalls } from '@app/contracts/service-requests.contract';
import { vehicleCalls } from '@app/contracts/vehicles.contract';
import { buildPath } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';
import type { WizardVehicle } from './wizard-rules';

/*
 * Every call of the two wizards (request and estimate), through the contract's descriptors (decision 008).
 * Reads are quiet: each step shows its own failure.
 */
const quiet = { isQuiet: true } as const;

/** What a wizard sends to POST /requestimates/ (the contract's body, before parsing). */
export type CreateRequestInput = CallInput<typeof requestCreationCalls.createRequest>['body'];

/**
 * Creates a request, estimate or job in one call: the server records the vehicle (`vehicle`), the request,
 * its lines, note and offers and, with `matchAndNotify`, offers it to the specialists and queues their
 * e-mails, all in one transaction. It either all happens or nothing does, and a refusal rejects this promise
 * with the server's error for the wizard to show.
 */
export function submitRequest(body: CreateRequestInput): Promise<TCreateRequestReply> {
  return callApi(requestCreationCalls.createRequest, { body });
}

/**
 * The dealer's live requests for this vehicle (POST /requests/check-duplicate), for the wizard to ask before
 * creating another. A failed check counts as none: it never stops a request.
 */
export async function checkDuplicates(vehicle: WizardVehicle, dealerId: number): Promise<TDuplicateEntry[]> {
  try {
    return await callApi(
      requestCreationCalls.checkDuplicates,
      {
        body: {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          trim: vehicle.trim,
          vin: vehicle.vin,
          userType: 'dealer',
          userId: dealerId,
        },
      },
      quiet,
    );
  } catch {
    return [];
  }
}

/** Step 1: the specialists the dealer may send work to, every category. */
export function fetchSpecialists(dealerId: number) {
  return callApi(matchingCalls.proximityCategory, { params: { dealerId, category: 'All' } }, quiet);
}

/** The dealer's team contacts (Notes step: a contact to notify). */
export function fetchDealerTeam(dealerId: number) {
  return callApi(customerCalls.listDealerTeam, { params: { dealerId } }, quiet);
}

/** The caller's requests (GET /requestimates/list/), for 'services from a previous job'. */
export function fetchRequestList(limit: number) {
  return callApi(serviceRequestCalls.list, { query: { limit } }, quiet);
}

/** The Vehicle step's choices are the select's text values. */
export function fetchMakesOfYear(year: string) {
  return callApi(vehicleCalls.listMakesOfYear, { params: { year: Number(year) } }, quiet);
}

/** Models of a make in a year: /models/{year}{makeId} (decision 1). */
export function fetchModels(year: string, makeId: string) {
  return callApi(vehicleCalls.listModels, { params: { yearAndMake: `${year}${makeId}` } }, quiet);
}

/** Trims of a model, only those built in `year` when one is chosen. */
export function fetchTrims(modelId: string, year: string | null) {
  return callApi(
    vehicleCalls.listTrims,
    { params: { modelId: Number(modelId) }, query: { year: year === null ? undefined : Number(year) } },
    quiet,
  );
}

export function decodeVin(vin: string) {
  return callApi(vehicleCalls.decodeVin, { query: { Id: vin } }, quiet);
}

/** The service categories of a specialist (0: of every specialist the dealer may use). */
export function fetchCategories(installerId: number) {
  return callApi(catalogCalls.listCategories, { params: { installerId } }, quiet);
}

/** The path of the categories call, as the Work step's query key names it. */
export function categoriesKeyOf(installerId: number): string {
  return buildPath(catalogPaths.categories, { installerId });
}

/** Which priced catalog a wizard reads: with `dealerId` (dealer wizard) or without (installer wizard). */
export type ServicesSource =
  | CallInput<typeof catalogCalls.listServicesForDealer>['params']
  | CallInput<typeof catalogCalls.listServices>['params'];

/** The path of the services call, as the Work step's query key names it ('' before there is a vehicle). */
export function servicesKeyOf(source: ServicesSource | null): string {
  if (!source) return '';
  return buildPath('dealerId' in source ? catalogPaths.servicesWithDealer : catalogPaths.services, source);
}

/** The Work step and 'services from a previous job' come after the Vehicle step, so the catalog is known. */
export function fetchServices(source: ServicesSource | null) {
  if (!source) return Promise.reject(new Error('The priced catalog needs the vehicle'));
  return 'dealerId' in source
    ? callApi(catalogCalls.listServicesForDealer, { params: source }, quiet)
    : callApi(catalogCalls.listServices, { params: source }, quiet);
}

/** A previous job and its service lines (GET /requestimates/requestbyID/?Id=, GET /requestService/{id}). */
export function fetchPreviousJob(requestId: number) {
  return Promise.all([
    callApi(serviceRequestCalls.requestById, { query: { Id: requestId } }, quiet),
    callApi(serviceRequestCalls.services, { params: { requestId } }, quiet),
  ]);
}
