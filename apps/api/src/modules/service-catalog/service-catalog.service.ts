import { AppError } from '@app/contracts/errors.contract';
import {
  serviceCatalogMessages as M,
  type TMasterService,
  type TServiceBody,
  type TServiceRow,
} from '@app/contracts/service-catalog.contract';
import {
  requiredPrice,
  SERVICE_FORM_MESSAGES,
  type ServiceFormError,
  validateServiceDetails,
  validateServiceForm,
} from '@app/domain/pricing/service-form';
import type { VehicleSize } from '@app/domain/vehicles/vehicle-size';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AuthContext } from '../../platform/security/auth-context';
import { readCategorySegment } from '../catalog/catalog.service';
import {
  type CatalogType,
  MASTER_NAME_UNIQUE,
  type MasterValues,
  masterToWire,
  type ServiceCatalogRepository,
} from './service-catalog.repository';

type WriteReply = TMasterService & { message: string };
type Names = { category: string; description: string };

/** 400 with the first rule's message; every problem in `details` (fields as the body names them). */
function invalid(errors: readonly ServiceFormError[]): AppError {
  const details = errors.map((e) => ({ field: `body.${e.field}`, message: e.message }));
  return new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid service', { details });
}

function duplicate(category: string, description: string): AppError {
  return new AppError('CONFLICT', `A service named "${description}" already exists in ${category}`);
}

/** The one-row form of row 114: a size, a catalog and a price (the spec's client posts one per row). */
function rowFormOf(body: TServiceBody) {
  if (body.retailPrices != null || body.wholesalePrices != null) return null;
  if (body.vehicleSize == null && body.catalog == null && body.serviceCost == null) return null;
  return { size: body.vehicleSize ?? null, catalog: body.catalog ?? null, cost: body.serviceCost };
}

/** The master's optional fields a body sets (row 114: installerCategory, dataCollect, marketSize, notes). */
function extrasOf(body: TServiceBody): Partial<MasterValues> {
  const extras: Partial<MasterValues> = {};
  if (body.installerCategory) extras.installerCategory = body.installerCategory;
  if (body.dataCollect) extras.dataCollect = body.dataCollect;
  if (body.marketSize !== undefined) extras.marketSize = body.marketSize;
  if (body.notes !== undefined) extras.notes = body.notes;
  return extras;
}

export function createServiceCatalogService({ repository }: { repository: ServiceCatalogRepository }) {
  /** The caller's own installer id (0 in the path means the caller's); another installer's → 403. */
  function ownInstallerId(auth: AuthContext, installerId: number | null | undefined): number {
    const id = installerId == null || installerId === 0 ? auth.companyId : installerId;
    if (id !== auth.companyId)
      throw new AppError('FORBIDDEN', `The catalog of specialist ${id} is not yours`);
    return id;
  }

  /** The caller's master service, locked for the transaction; another installer's is not found. */
  async function ownMaster(tx: Tx, installerId: number, masterServiceId: number) {
    const found = await repository.findMaster(masterServiceId, tx, true);
    if (!found || found.master.installerId !== installerId) {
      throw new AppError('NOT_FOUND', `Master service ${masterServiceId} not found`);
    }
    return found;
  }

  /** Runs a write in one transaction; a category + description the installer already has answers 409. */
  async function write<T>(names: () => Names, work: (tx: Tx) => Promise<T>) {
    try {
      return await repository.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, MASTER_NAME_UNIQUE))
        throw duplicate(names().category, names().description);
      throw error;
    }
  }

  async function reply(tx: Tx, masterServiceId: number, message: string): Promise<WriteReply> {
    const found = await repository.findMaster(masterServiceId, tx);
    if (!found) throw new AppError('NOT_FOUND', `Master service ${masterServiceId} not found`);
    return { ...masterToWire(found.master, found.rows), message };
  }

  /** Writes the whole price list of a master service: RETAIL L/M/S, WHOLE only for sizes with a price. */
  async function writePrices(
    tx: Tx,
    master: { id: number; installerId: number },
    retail: Record<VehicleSize, number>,
    wholesale: Partial<Record<VehicleSize, number>> | null,
  ) {
    await repository.upsertRows(tx, master, 'RETAIL', retail);
    await repository.upsertRows(tx, master, 'WHOLE', wholesale ?? {});
    await repository.deleteRowsExcept(tx, master.id, 'WHOLE', Object.keys(wholesale ?? {}));
  }

  /** One price row's size, catalog and price (the one-row form); `fallback` is the row a PUT names. */
  function readRow(
    row: NonNullable<ReturnType<typeof rowFormOf>>,
    fallback?: { size: VehicleSize; catalog: CatalogType },
  ) {
    const size = fallback?.size ?? row.size;
    const catalog = fallback?.catalog ?? row.catalog;
    const errors: ServiceFormError[] = [];
    if (!size) errors.push({ field: 'vehicleSize', message: 'Vehicle size is required (L, M or S)' });
    if (!catalog) errors.push({ field: 'catalog', message: 'Catalog is required (RETAIL or WHOLE)' });
    if (!size || !catalog) throw invalid(errors);
    const price = requiredPrice(row.cost, size, catalog);
    if ('message' in price) throw invalid([{ field: 'serviceCost', message: price.message }]);
    return { size, catalog, cents: price.cents };
  }

  return {
    /** GET /categoryServices/{installerId}/{category} (row 111). */
    async listCategoryServices(
      auth: AuthContext,
      installerId: number,
      category: string,
    ): Promise<TServiceRow[]> {
      return repository.listCategoryRows(ownInstallerId(auth, installerId), readCategorySegment(category));
    },

    /** GET /maxMasterService/{installerId} (row 112). */
    async maxMasterService(auth: AuthContext, installerId: number) {
      return { last_service: await repository.maxId('masterServices', ownInstallerId(auth, installerId)) };
    },

    /** GET /maxService/{installerId} (row 113). */
    async maxService(auth: AuthContext, installerId: number) {
      return { last_service: await repository.maxId('services', ownInstallerId(auth, installerId)) };
    },

    /** GET /masterServices/{installerId}/{masterServiceId} (row 115). */
    async getMasterService(auth: AuthContext, installerId: number, masterServiceId: number) {
      const own = ownInstallerId(auth, installerId);
      const found = await repository.findMaster(masterServiceId);
      if (!found || found.master.installerId !== own) {
        throw new AppError('NOT_FOUND', `Master service ${masterServiceId} not found`);
      }
      return masterToWire(found.master, found.rows);
    },

    /** POST /services (row 114): a whole master service (201), or one price row of one (201 new / 200). */
    async createService(
      auth: AuthContext,
      body: TServiceBody,
    ): Promise<{ created: boolean; reply: WriteReply }> {
      const installerId = ownInstallerId(auth, body.installerId);
      const input = { ...body, category: body.serviceCategory ?? body.category };
      const row = rowFormOf(body);
      if (row) {
        const details = validateServiceDetails(input);
        if (!details.ok) throw invalid(details.errors);
        const price = readRow(row);
        const { category, description, durationTenths } = details.value;
        return write(
          () => ({ category, description }),
          async (tx) => {
            const values = {
              installerId,
              serviceCategory: category,
              description,
              durationTenths,
              ...extrasOf(body),
            };
            const existing = await repository.findMasterByName(tx, installerId, category, description);
            const master = existing ?? (await repository.insertMaster(tx, values));
            if (!master) throw duplicate(category, description);
            if (existing)
              await repository.updateMaster(tx, existing.id, { durationTenths, ...extrasOf(body) });
            await repository.upsertRows(tx, master, price.catalog, { [price.size]: price.cents });
            return { created: !existing, reply: await reply(tx, master.id, M.added) };
          },
        );
      }
      const form = validateServiceForm(input);
      if (!form.ok) throw invalid(form.errors);
      const { category, description, durationTenths, retailCents, wholesaleCents } = form.value;
      return write(
        () => ({ category, description }),
        async (tx) => {
          const master = await repository.insertMaster(tx, {
            installerId,
            serviceCategory: category,
            description,
            durationTenths,
            ...extrasOf(body),
          });
          if (!master) throw duplicate(category, description);
          await writePrices(tx, master, retailCents, wholesaleCents);
          return { created: true, reply: await reply(tx, master.id, M.added) };
        },
      );
    },

    /** PUT /service/{serviceId}/{installerId} (row 116): the master service of that price row, or the row. */
    async updateService(auth: AuthContext, serviceId: number, installerId: number, body: TServiceBody) {
      if (serviceId === 0) {
        throw invalid([{ field: 'serviceId', message: SERVICE_FORM_MESSAGES.noSelectionUpdate }]);
      }
      const own = ownInstallerId(auth, installerId);
      if (body.installerId) ownInstallerId(auth, body.installerId);
      const masterServiceId = await repository.findMasterIdOfRow(serviceId);
      if (masterServiceId === null) throw new AppError('NOT_FOUND', `Service ${serviceId} not found`);
      const row = rowFormOf(body);
      const input = { ...body, category: body.serviceCategory ?? body.category };
      let names: Names = { category: '', description: '' };
      return write(
        () => names,
        async (tx) => {
          const { master, rows } = await ownMaster(tx, own, masterServiceId);
          names = {
            category: (input.category ?? master.serviceCategory).trim(),
            description: (input.description ?? master.description).trim(),
          };
          if (row) {
            const details = validateServiceDetails({
              category: names.category,
              description: names.description,
              durationDays: input.durationDays ?? master.durationTenths / 10,
            });
            if (!details.ok) throw invalid(details.errors);
            const target = rows.find((r) => r.id === serviceId);
            const price = readRow(
              row,
              target && { size: target.vehicleSize as VehicleSize, catalog: target.catalog as CatalogType },
            );
            await repository.updateMaster(tx, master.id, {
              serviceCategory: details.value.category,
              description: details.value.description,
              durationTenths: details.value.durationTenths,
              ...extrasOf(body),
            });
            await repository.upsertRows(tx, master, price.catalog, { [price.size]: price.cents });
            return reply(tx, master.id, M.updated);
          }
          const form = validateServiceForm(input);
          if (!form.ok) throw invalid(form.errors);
          const { category, description, durationTenths, retailCents, wholesaleCents } = form.value;
          await repository.updateMaster(tx, master.id, {
            serviceCategory: category,
            description,
            durationTenths,
            ...extrasOf(body),
          });
          await writePrices(tx, master, retailCents, wholesaleCents);
          return reply(tx, master.id, M.updated);
        },
      );
    },

    /**
     * DELETE /service/{masterServiceId}/{installerId} (row 117): every size and catalog in one transaction.
     * Refused (409) while an open request has a line priced from it; past requests keep their lines.
     */
    async deleteService(auth: AuthContext, masterServiceId: number, installerId: number) {
      if (masterServiceId === 0) {
        throw invalid([{ field: 'masterServiceId', message: SERVICE_FORM_MESSAGES.noSelectionDelete }]);
      }
      const own = ownInstallerId(auth, installerId);
      return repository.transaction(async (tx) => {
        const { master, rows } = await ownMaster(tx, own, masterServiceId);
        const open = await repository.countOpenRequestsUsing(
          tx,
          master.id,
          rows.map((r) => r.id),
        );
        if (open > 0) {
          throw new AppError(
            'CONFLICT',
            `${master.description} is used by ${open} open request${open === 1 ? '' : 's'}; it can be deleted once ${open === 1 ? 'it is' : 'they are'} collected or deleted.`,
          );
        }
        await repository.deleteMaster(tx, master.id);
        return { message: M.deleted, master_service_id: master.id };
      });
    },
  };
}
export type ServiceCatalogService = ReturnType<typeof createServiceCatalogService>;
