import type { CallInput } from '@app/contracts/call.contract';
import {
  vehicleCatalogCalls as calls,
  type TSetModelOverrideBody,
  type TSetTrimOverrideBody,
} from '@app/contracts/vehicle-catalog.contract';
import { vehicleCalls } from '@app/contracts/vehicles.contract';
import { callApi } from '../../lib/call-api';

const quiet = { isQuiet: true } as const;

/** Every trim of the reference catalog with the installer's override count (row 118). */
export function fetchVehicleCatalog(installerId: number) {
  return callApi(calls.listVehicleCatalog, { params: { installerId } }, quiet);
}

/** Every make (row 122): the make filter. */
export function fetchAllMakes() {
  return callApi(vehicleCalls.listMakes, undefined, quiet);
}

/** The Service Overrides modal of a model: its trims, the installer's services and the overrides. */
export function fetchModelOverrides(installerId: number, modelId: number) {
  return callApi(calls.getModelOverrides, { params: { installerId, modelId } }, quiet);
}

export function setTrimOverride(body: TSetTrimOverrideBody) {
  return callApi(calls.setTrimOverride, { body }, quiet);
}

export function setModelOverride(body: TSetModelOverrideBody) {
  return callApi(calls.setModelOverride, { body }, quiet);
}

export function deleteTrimOverride(overrideId: number) {
  return callApi(calls.deleteTrimOverride, { params: { overrideId } }, quiet);
}

export type AddVehicleInput = CallInput<typeof calls.addVehicle>['body'];

export function addVehicle(body: AddVehicleInput) {
  return callApi(calls.addVehicle, { body: { ...body, usa: 1 } }, quiet);
}
