import { AppError } from '@app/contracts/errors.contract';
import type {
  TCreateVehicleBody,
  TMake,
  TModel,
  TVehicle,
  TVinReply,
  TVinResult,
} from '@app/contracts/vehicles.contract';
import {
  type DecodedVehicle,
  mapBodyClass,
  matchMake,
  matchModel,
  matchTrim,
} from '@app/domain/vehicles/vehicle-match';
import { resolveVehicleSize } from '@app/domain/vehicles/vehicle-size';
import { isPlaceholderVin, isValidVin, makePlaceholderVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { VinDecoderPort } from '../../adapters/vin-decoder/vin-decoder-port';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { Owner, VehiclesRepository } from './vehicles.repository';

/** A vehicle row as POST /vehicles writes it. */
export type VehicleValues = Parameters<VehiclesRepository['insertVehicle']>[0];

export const FIRST_PICKER_YEAR = 1950;

/** Decision 1: `{year}{makeId}` or `{makeId}{year}`; the 4-digit year comes from whichever end is plausible with an existing make. */
export async function parseYearAndMake(
  text: string,
  currentYear: number,
  makeExists: (id: number) => Promise<boolean>,
): Promise<{ year: number; makeId: number } | null> {
  const readings = [
    { year: Number(text.slice(0, 4)), makeId: Number(text.slice(4)) },
    { year: Number(text.slice(-4)), makeId: Number(text.slice(0, -4)) },
  ].filter(
    (r) =>
      Number.isInteger(r.year) &&
      r.year >= 1900 &&
      r.year <= currentYear + 2 &&
      Number.isSafeInteger(r.makeId) &&
      r.makeId > 0 &&
      r.makeId <= 2_147_483_647,
  );
  for (const reading of readings) if (await makeExists(reading.makeId)) return reading;
  return readings[0] ?? null;
}

/** Years a flow offers (decision 9), newest first. */
export function listFlowYears(flow: 'dealer' | 'installer' | 'catalog', currentYear: number) {
  const max = flow === 'dealer' ? currentYear + 1 : currentYear + 2;
  const years: number[] = [];
  for (let y = max; y >= FIRST_PICKER_YEAR; y--) years.push(y);
  return {
    flow,
    years,
    min: FIRST_PICKER_YEAR,
    max,
    validMin: flow === 'catalog' ? 1900 : FIRST_PICKER_YEAR,
    validMax: max,
  };
}

type CustomerOf = { kind: 'customer' | 'dealer'; id: number };

/**
 * A read of an installer's history with one of its customers or dealerships (vehicles, previous jobs), for that
 * installer's own users only.
 */
function customerHistory<T>(
  what: 'Vehicles' | 'Jobs',
  read: (installerId: number, of: CustomerOf) => Promise<T[]>,
) {
  return async (
    auth: AuthContext,
    params: { customer: number; installerId: number },
    kind: CustomerOf['kind'],
  ): Promise<T[]> => {
    if (auth.userType !== 'installer' || params.installerId !== auth.companyId) {
      throw new AppError(
        'FORBIDDEN',
        `${what} of specialist ${params.installerId}'s customers are not yours to read`,
      );
    }
    return read(params.installerId, { kind, id: params.customer });
  };
}

export function createVehiclesService({
  db,
  repository,
  decoder,
  clock,
}: {
  /** Opens the transactions of the writes that touch more than one row. */
  db: Db;
  repository: VehiclesRepository;
  decoder: VinDecoderPort;
  clock: () => Date;
}) {
  const ownerOf = (auth: AuthContext): Owner => ({ role: auth.userType, companyId: auth.companyId });

  /** The checks and reference lookups of POST /vehicles (see createVehicle); writes nothing. */
  async function prepareVehicle(auth: AuthContext, body: TCreateVehicleBody): Promise<VehicleValues> {
    const owner = ownerOf(auth);
    const currentYear = clock().getUTCFullYear();
    if (body.year > currentYear + 2) {
      throw new AppError('VALIDATION_FAILED', 'Please enter a valid year', {
        details: [{ field: 'body.year', message: `Year must be at most ${currentYear + 2}` }],
      });
    }
    const reference = await repository.findReference({
      makeId: body.id_car_make ?? body.idCarMake ?? null,
      modelId: body.id_car_model ?? body.idCarModel ?? null,
      trimId: body.id_car_trim ?? body.idCarTrim ?? null,
      make: body.make,
      model: body.model,
      trim: body.trim,
    });
    if ((body.id_car_make ?? body.idCarMake) != null && !reference.make) {
      throw new AppError('VALIDATION_FAILED', `Make ${body.id_car_make ?? body.idCarMake} does not exist`);
    }
    if ((body.id_car_model ?? body.idCarModel) != null && !reference.model) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Model ${body.id_car_model ?? body.idCarModel} is not a model of ${body.make}`,
      );
    }
    if ((body.id_car_trim ?? body.idCarTrim) != null && !reference.trim) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Trim ${body.id_car_trim ?? body.idCarTrim} is not a trim of ${body.model}`,
      );
    }
    const isOther = /^other car$/i.test(body.make.trim());
    const vin = body.vin ?? makePlaceholderVin(isOther ? 'OT' : 'NV', clock());
    const size =
      reference.model || reference.trim
        ? resolveVehicleSize(
            (reference.model?.size as 'S' | 'M' | 'L' | undefined) ?? null,
            (reference.trim?.size as 'S' | 'M' | 'L' | undefined) ?? null,
          )
        : (body.size ?? 'M');
    return {
      vin,
      year: body.year,
      makeId: reference.make?.id ?? null,
      modelId: reference.model?.id ?? null,
      trimId: reference.trim?.id ?? null,
      make: reference.make?.name ?? body.make,
      model: reference.model?.name ?? body.model,
      trim: reference.trim?.name ?? body.trim,
      bodyStyle: body.bodyStyle ?? body.body ?? reference.trim?.bodyStyle ?? null,
      color: body.color,
      series: body.series,
      stockNumber: body.stock ?? body.stock_number,
      size,
      imgUrl: body.img_url,
      dealerId: owner.role === 'dealer' ? owner.companyId : null,
      installerId: owner.role === 'installer' ? owner.companyId : null,
    };
  }

  /** Writes a prepared vehicle on `conn` (a transaction of the caller's); an own vehicle with its real VIN is updated. */
  async function saveVehicle(auth: AuthContext, values: VehicleValues, conn?: Db | Tx): Promise<TVehicle> {
    if (values.vin && !isPlaceholderVin(values.vin)) {
      const existing = await repository.findOwnVehicleByVin(ownerOf(auth), values.vin, conn);
      if (existing) return repository.updateVehicle(existing.id, values, conn);
    }
    return repository.insertVehicle(values, conn);
  }

  return {
    /** GET /vin/?Id= : decode (offline or vPIC) and match to the reference catalog. */
    async decodeVin(vin: string): Promise<TVinReply> {
      const decoded = await decoder.decode(vin);
      const vehicle: DecodedVehicle = {
        modelYear: decoded.modelYear,
        make: decoded.make,
        model: decoded.model,
        series: decoded.series,
        trim: decoded.trim,
        trim2: decoded.trim2,
        bodyClass: decoded.bodyClass,
      };
      const make = decoded.make ? matchMake(vehicle, await repository.listReferenceMakes()) : null;
      const model = make ? matchModel(vehicle, await repository.listReferenceModels(make.id), make.id) : null;
      const trim = model ? matchTrim(vehicle, await repository.listReferenceTrims(model.id), model) : null;
      const size = resolveVehicleSize(model?.size ?? null, trim?.size ?? null);
      const bodyStyle =
        mapBodyClass(decoded.bodyClass) ?? (trim ? (mapBodyClass(trim.bodyStyle) ?? null) : null);
      const result: TVinResult = {
        VIN: vin,
        ModelYear: decoded.modelYear ? String(decoded.modelYear) : '',
        Make: decoded.make ?? '',
        Model: decoded.model ?? '',
        Series: decoded.series ?? '',
        Series2: decoded.series2 ?? '',
        Trim: decoded.trim ?? '',
        Trim2: decoded.trim2 ?? '',
        BodyClass: decoded.bodyClass ?? '',
        Doors: decoded.doors ?? '',
        Manufacturer: decoded.manufacturer ?? '',
        ErrorCode: decoded.errorCode,
        ErrorText: decoded.errorText,
        id_car_make: make?.id ?? null,
        id_car_model: model?.id ?? null,
        id_car_trim: trim?.id ?? null,
        make_name: make?.name ?? null,
        model_name: model?.name ?? null,
        trim_name: trim?.name ?? null,
        body_style: bodyStyle,
        size,
        id_car_type: size,
        matchType:
          make && model ? (make.kind === 'exact' && model.kind === 'exact' ? 'exact' : 'loose') : 'none',
        makeScore: make ? Math.round(make.score * 1000) / 1000 : null,
        modelScore: model ? Math.round(model.score * 1000) / 1000 : null,
        trimScore: trim?.score ?? null,
        decoder: decoder.name,
      };
      return {
        Count: 1,
        Message: decoded.isDecoded ? 'Results returned successfully' : 'No vehicle data could be decoded',
        SearchCriteria: `VIN:${vin}`,
        Results: [result],
      };
    },

    listMakes: (year: number | null): Promise<TMake[]> => repository.listMakes(year),

    async listModels(yearAndMake: string): Promise<TModel[]> {
      const parsed = await parseYearAndMake(yearAndMake, clock().getUTCFullYear(), repository.makeExists);
      if (!parsed) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Cannot read a year and a make id from '${yearAndMake}' (expected {year}{makeId} or {makeId}{year})`,
        );
      }
      return repository.listModels(parsed.makeId, parsed.year);
    },

    listTrims: (modelId: number, year: number | null) => repository.listTrims(modelId, year),

    listYears: (flow: 'dealer' | 'installer' | 'catalog') => listFlowYears(flow, clock().getUTCFullYear()),

    prepareVehicle,
    saveVehicle,

    /**
     * POST /vehicles: a vehicle of the caller's company. Reference ids are checked (or found by name), the size
     * comes from the trim or model (the client's only for a vehicle outside the reference data), and a vehicle
     * without a VIN gets an NV placeholder (OT for make 'Other car', K33). A real VIN the company already
     * recorded updates that vehicle instead of adding a second one.
     */
    async createVehicle(auth: AuthContext, body: TCreateVehicleBody): Promise<TVehicle> {
      return saveVehicle(auth, await prepareVehicle(auth, body));
    },

    /** GET /vehicles/{vin} and /vehiclesVIN/{vin}: the latest vehicle with this VIN the caller can see. */
    async getVehicleByVin(auth: AuthContext, rawVin: string): Promise<TVehicle> {
      const vin = normalizeVin(rawVin);
      const found = await repository.findVisibleVehicleByVin(ownerOf(auth), vin);
      if (!found) throw new AppError('NOT_FOUND', `No vehicle with VIN ${vin}`);
      return found;
    },

    /** PUT /vehiclesVIN/{vin}: an NV placeholder becomes the entered VIN (CHECK IN, 4.3 #13). */
    async replaceVin(auth: AuthContext, rawFrom: string, body: { vin: string; requestId?: number }) {
      const from = normalizeVin(rawFrom);
      if (!from.startsWith('NV')) {
        if (isValidVin(from)) {
          throw new AppError('CONFLICT', `VIN ${from} is not a placeholder: only an NV VIN is replaced`);
        }
        throw new AppError('VALIDATION_FAILED', `'${rawFrom}' is not a stored placeholder VIN (NV…)`);
      }
      const result = await db.transaction((tx) =>
        repository.replaceVin(tx, ownerOf(auth), from, body.vin, body.requestId ?? null),
      );
      if (result.vehiclesUpdated === 0 && result.requestsUpdated === 0) {
        throw new AppError('NOT_FOUND', `No vehicle or request of yours has VIN ${from}`);
      }
      return { success: true as const, vin: body.vin, ...result };
    },

    /** GET /vehicles/{customer}/{installerId}: vehicles of the installer's jobs for that customer. */
    listCustomerVehicles: customerHistory('Vehicles', repository.listCustomerVehicles),

    /** GET /customerJobs/{customer}/{installerId}: the installer's previous jobs for that customer. */
    listCustomerJobs: customerHistory('Jobs', repository.listCustomerJobs),

    /** The vehicle a request is created for (its id, or the caller's latest vehicle with the VIN). */
    async findVehicleForRequest(auth: AuthContext, ref: { vehicleId?: number | null; vin?: string | null }) {
      const owner = ownerOf(auth);
      if (ref.vehicleId != null) {
        const found = await repository.findVisibleVehicleById(owner, ref.vehicleId);
        if (!found) throw new AppError('NOT_FOUND', `Vehicle ${ref.vehicleId} not found`);
        return found;
      }
      if (!ref.vin) return null;
      const vin = normalizeVin(ref.vin);
      const found = await repository.findVisibleVehicleByVin(owner, vin);
      if (!found) return null;
      return repository.findVisibleVehicleById(owner, found.id);
    },
  };
}
export type VehiclesService = ReturnType<typeof createVehiclesService>;
