import type { CatalogService, ServiceCatalog } from '@app/domain/pricing/catalog-price';
import type { VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import {
  masterServiceInclusions,
  masterServices,
  services,
  serviceTrimOverrides,
} from '../../db/schema/catalog';
import { installers } from '../../db/schema/identity';

export type MasterMeta = { installerCategory: string; dataCollect: string; marketSize: string | null };

/** One installer's catalog in the shape the domain pricing functions read, plus what the wire shows. */
export type LoadedCatalog = {
  installerId: number;
  installerName: string;
  taxRateBps: number;
  catalog: ServiceCatalog;
  meta: Map<number, MasterMeta>;
};

/** The catalog tables as the pricing functions need them; no rules here. */
export function createCatalogRepository(db: Db) {
  return {
    /**
     * Catalogs of the installers, with the trim's overrides. With `dealerId`, a catalog template the installer
     * assigned to that dealer limits its services to the template's.
     */
    async loadCatalogs(
      installerIds: readonly number[],
      options: { dealerId?: number | null; trimId?: number | null } = {},
      tx: Db | Tx = db,
    ): Promise<Map<number, LoadedCatalog>> {
      const ids = [...new Set(installerIds)];
      const loaded = new Map<number, LoadedCatalog>();
      if (ids.length === 0) return loaded;
      const owners = await tx
        .select({ id: installers.id, name: installers.name, taxRateBps: installers.taxRateBps })
        .from(installers)
        .where(inArray(installers.id, ids));
      for (const owner of owners) {
        loaded.set(owner.id, {
          installerId: owner.id,
          installerName: owner.name,
          taxRateBps: owner.taxRateBps,
          catalog: { services: [], trimOverrides: [] },
          meta: new Map(),
        });
      }
      const templateFilter =
        options.dealerId != null
          ? sql`(not exists (select 1 from catalog_template_dealers t
                  where t.installer_id = ${masterServices.installerId} and t.dealer_id = ${options.dealerId}::int)
                or exists (select 1 from catalog_template_dealers t
                  join catalog_template_services ts on ts.template_id = t.template_id
                  where t.installer_id = ${masterServices.installerId} and t.dealer_id = ${options.dealerId}::int
                    and ts.master_service_id = ${masterServices.id}))`
          : sql`true`;
      const masters = await tx
        .select()
        .from(masterServices)
        .where(and(inArray(masterServices.installerId, ids), templateFilter))
        .orderBy(
          asc(masterServices.serviceCategory),
          asc(masterServices.description),
          asc(masterServices.id),
        );
      if (masters.length === 0) return loaded;
      const masterIds = masters.map((m) => m.id);
      const [rows, inclusions] = await Promise.all([
        tx.select().from(services).where(inArray(services.masterServiceId, masterIds)),
        tx
          .select()
          .from(masterServiceInclusions)
          .where(inArray(masterServiceInclusions.masterServiceId, masterIds)),
      ]);
      const overrides =
        options.trimId != null
          ? await tx
              .select()
              .from(serviceTrimOverrides)
              .where(
                and(
                  eq(serviceTrimOverrides.trimId, options.trimId),
                  inArray(serviceTrimOverrides.installerId, ids),
                ),
              )
          : [];
      const rowsByMaster = new Map<number, (typeof rows)[number][]>();
      for (const row of rows) {
        const list = rowsByMaster.get(row.masterServiceId) ?? [];
        list.push(row);
        rowsByMaster.set(row.masterServiceId, list);
      }
      for (const master of masters) {
        const target = loaded.get(master.installerId);
        if (!target) continue;
        const service: CatalogService = {
          masterServiceId: master.id,
          category: master.serviceCategory,
          description: master.description,
          durationTenths: master.durationTenths,
          includes: inclusions
            .filter((i) => i.masterServiceId === master.id)
            .map((i) => i.includedMasterServiceId),
          rows: (rowsByMaster.get(master.id) ?? []).map((r) => ({
            serviceId: r.id,
            catalog: r.catalog === 'WHOLE' ? 'WHOLE' : 'RETAIL',
            size: r.vehicleSize as VehicleSize,
            priceCents: r.priceCents,
          })),
        };
        (target.catalog.services as CatalogService[]).push(service);
        target.meta.set(master.id, {
          installerCategory: master.installerCategory,
          dataCollect: master.dataCollect,
          marketSize: master.marketSize,
        });
      }
      for (const override of overrides) {
        const target = loaded.get(override.installerId);
        if (!target) continue;
        (target.catalog.trimOverrides as { serviceId: number; trimId: number; priceCents: number }[]).push({
          serviceId: override.serviceId,
          trimId: override.trimId,
          priceCents: override.overridePriceCents,
        });
      }
      return loaded;
    },

    /** The installer and master service of a price row (service_id), or of a master service. */
    async findServiceOwner(
      ref: { serviceId?: number | null; masterServiceId?: number | null },
      tx: Db | Tx = db,
    ): Promise<{ installerId: number; masterServiceId: number } | null> {
      if (ref.serviceId != null) {
        return firstRow(tx, services, eq(services.id, ref.serviceId), {
          installerId: services.installerId,
          masterServiceId: services.masterServiceId,
        });
      }
      if (ref.masterServiceId != null) {
        return firstRow(tx, masterServices, eq(masterServices.id, ref.masterServiceId), {
          installerId: masterServices.installerId,
          masterServiceId: masterServices.id,
        });
      }
      return null;
    },

    /** Master services these include (the inclusion lists of existing request lines). */
    async listInclusions(
      masterServiceIds: readonly number[],
      tx: Db | Tx = db,
    ): Promise<Map<number, number[]>> {
      const byMaster = new Map<number, number[]>();
      if (masterServiceIds.length === 0) return byMaster;
      const rows = await tx
        .select()
        .from(masterServiceInclusions)
        .where(inArray(masterServiceInclusions.masterServiceId, [...new Set(masterServiceIds)]));
      for (const row of rows) {
        byMaster.set(row.masterServiceId, [
          ...(byMaster.get(row.masterServiceId) ?? []),
          row.includedMasterServiceId,
        ]);
      }
      return byMaster;
    },

    async findInstaller(installerId: number) {
      const columns = pickColumns(installers, 'id', 'name', 'offersRetail', 'offersWholesale', 'taxRateBps');
      return firstRow(db, installers, eq(installers.id, installerId), columns);
    },

    /** The installer whose Stripe tax rate id (or, for a number, whose id) this is. */
    async findTaxRate(taxRateId: string) {
      const numeric = /^\d+$/.test(taxRateId) ? Number(taxRateId) : null;
      const rows = await db
        .select(pickColumns(installers, 'id', 'name', 'stripeTaxRate', 'taxRateBps', 'state'))
        .from(installers)
        .where(
          numeric !== null && numeric <= 2_147_483_647
            ? or(eq(installers.stripeTaxRate, taxRateId), eq(installers.id, numeric))
            : eq(installers.stripeTaxRate, taxRateId),
        )
        .orderBy(asc(installers.id))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
