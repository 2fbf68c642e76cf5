import { AppError } from '@app/contracts/errors.contract';
import {
  vehicleCatalogMessages as messages,
  type TAddVehicleReply,
  type TModelOverridesReply,
  type TTrimOverride,
  type ZAddVehicleBody,
  type ZSetModelOverrideBody,
  type ZSetTrimOverrideBody,
} from '@app/contracts/vehicle-catalog.contract';
import { type VehicleSize, vehicleSizes } from '@app/domain/vehicles/vehicle-size';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { OverrideWrite, ServiceRowRef, VehicleCatalogRepository } from './vehicle-catalog.repository';

const sizeNames: Record<VehicleSize, string> = { S: 'Small', M: 'Medium', L: 'Large' };
const catalogNames = { RETAIL: 'retail', WHOLE: 'wholesale' } as const;

/** A 400 naming the body field, like the validation's (the error handler's VALIDATION_FAILED shape). */
function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ field: `body.${field}`, message }] });
}

/** Rows 118–123: the installer's vehicle catalog and its overrides (decision 014). */
export function createVehicleCatalogService({
  db,
  repository,
}: {
  db: Db;
  repository: VehicleCatalogRepository;
}) {
  /** Catalogs and overrides are the installer's own: the id in the call must be the caller's company. */
  function assertOwnInstaller(auth: AuthContext, installerId: number) {
    if (auth.userType !== 'installer' || auth.companyId !== installerId) {
      throw new AppError('FORBIDDEN', `The catalog of installer ${installerId} is not yours`);
    }
  }

  async function findTrimOr404(trimId: number) {
    const trim = await repository.findTrim(trimId);
    if (!trim) throw new AppError('NOT_FOUND', `Trim ${trimId} not found`);
    return trim;
  }

  return {
    async listCatalog(auth: AuthContext, installerId: number) {
      assertOwnInstaller(auth, installerId);
      return repository.listCatalog(installerId);
    },

    async listTrimOverrides(auth: AuthContext, params: { installerId: number; trimId: number }) {
      assertOwnInstaller(auth, params.installerId);
      await findTrimOr404(params.trimId);
      return repository.listTrimOverrides(params.installerId, params.trimId);
    },

    async getModelOverrides(
      auth: AuthContext,
      params: { installerId: number; modelId: number },
    ): Promise<TModelOverridesReply> {
      assertOwnInstaller(auth, params.installerId);
      const model = await repository.findModel(params.modelId);
      if (!model) throw new AppError('NOT_FOUND', `Model ${params.modelId} not found`);
      const sizes = vehicleSizes.filter((size) => model.trims.some((t) => t.size === size));
      const [services, overrides] = await Promise.all([
        repository.listServices(params.installerId, sizes),
        repository.listModelOverrides(params.installerId, params.modelId),
      ]);
      return {
        id_car_model: model.id,
        make_name: model.makeName,
        model_name: model.name,
        trims: model.trims.map((t) => ({
          id_car_trim: t.id,
          trim_name: t.name,
          body_style: t.bodyStyle,
          id_car_type: t.size,
        })),
        services,
        overrides,
      };
    },

    /** Row 120: one service row, one trim; replaces the price of an existing override. */
    async setTrimOverride(auth: AuthContext, body: z.output<typeof ZSetTrimOverrideBody>) {
      assertOwnInstaller(auth, body.installerId);
      const trim = await findTrimOr404(body.idCarTrim);
      const [row] = await repository.findServiceRows(sql`s.id = ${body.serviceId}`);
      if (!row || row.installerId !== body.installerId) {
        throw new AppError('NOT_FOUND', `Service ${body.serviceId} not found`);
      }
      if (row.catalog !== body.catalog) {
        throw invalid('catalog', `Service ${row.id} is a ${row.catalog} price, not ${body.catalog}`);
      }
      if (row.size !== trim.size) {
        throw invalid(
          'serviceId',
          `Service ${row.id} prices ${sizeNames[row.size]} vehicles; ${trim.name} is ${sizeNames[trim.size]}`,
        );
      }
      const [written] = await db.transaction((tx) =>
        repository.upsertOverrides(tx, body.installerId, [
          { serviceId: row.id, trimId: trim.id, cents: body.overridePrice },
        ]),
      );
      if (!written) throw new AppError('INTERNAL', 'The override was not written');
      return written;
    },

    /**
     * One price per catalog for every trim of the model, each on the service row of the trim's size; all
     * trims in one transaction, nothing written when a size or catalog is missing.
     */
    async setModelOverride(auth: AuthContext, body: z.output<typeof ZSetModelOverrideBody>) {
      assertOwnInstaller(auth, body.installerId);
      const rows = await repository.findServiceRows(sql`s.master_service_id = ${body.masterServiceId}`);
      if (rows.length === 0 || rows.some((r) => r.installerId !== body.installerId)) {
        throw new AppError('NOT_FOUND', `Service ${body.masterServiceId} not found`);
      }
      const prices: [keyof typeof catalogNames, number | undefined][] = [
        ['RETAIL', body.retailPrice],
        ['WHOLE', body.wholesalePrice],
      ];
      const overrides = await db.transaction(async (tx) => {
        const model = await repository.findModel(body.modelId, tx);
        if (!model) throw new AppError('NOT_FOUND', `Model ${body.modelId} not found`);
        if (model.trims.length === 0) throw invalid('modelId', `${model.name} has no trims`);
        const writes: OverrideWrite[] = [];
        for (const [catalog, cents] of prices) {
          if (cents === undefined) continue;
          for (const trim of model.trims) {
            const row = rows.find((r: ServiceRowRef) => r.catalog === catalog && r.size === trim.size);
            if (!row) {
              throw invalid(
                catalog === 'RETAIL' ? 'retailPrice' : 'wholesalePrice',
                `This service has no ${catalogNames[catalog]} price for ${sizeNames[trim.size]} vehicles (${trim.name})`,
              );
            }
            writes.push({ serviceId: row.id, trimId: trim.id, cents });
          }
        }
        return repository.upsertOverrides(tx, body.installerId, writes);
      });
      return {
        id_car_model: body.modelId,
        master_service_id: body.masterServiceId,
        trim_count: new Set(overrides.map((o) => o.idCarTrim)).size,
        overrides: overrides.map(({ created: _created, ...o }): TTrimOverride => o),
      };
    },

    async deleteOverride(auth: AuthContext, overrideId: number) {
      if (!(await repository.deleteOverride(auth.companyId, overrideId))) {
        throw new AppError('NOT_FOUND', `Override ${overrideId} not found`);
      }
      return { success: true as const, id: overrideId };
    },

    /** Row 123 (rules 97–102): make and model matched by name or created, then the trim (409 when it exists). */
    async addVehicle(auth: AuthContext, body: z.output<typeof ZAddVehicleBody>): Promise<TAddVehicleReply> {
      return db.transaction(async (tx) => {
        const make = await repository.ensureMake(tx, body.make);
        const model = await repository.ensureModel(tx, make.id, body.model, body.size);
        const trim = await repository.insertTrim(tx, {
          modelId: model.id,
          name: body.trim,
          bodyStyle: body.bodyStyle,
          size: model.size,
          year: body.year,
          installerId: auth.companyId,
        });
        if (!trim) {
          throw new AppError('CONFLICT', messages.trimExists, { userMessage: messages.trimExists });
        }
        return {
          id_car_trim: trim.id,
          id_car_make: make.id,
          id_car_model: model.id,
          make_name: make.name,
          model_name: model.name,
          trim_name: body.trim,
          body_style: body.bodyStyle,
          id_car_type: model.size,
          start_production_year: trim.start_production_year,
          end_production_year: trim.end_production_year,
          new_make: make.created,
          new_model: model.created,
        };
      });
    },
  };
}
export type VehicleCatalogService = ReturnType<typeof createVehicleCatalogService>;
