import type {
  TInstallerDealership,
  TTemplate,
  TTemplateCatalogService,
  TTemplateDealership,
} from '@app/contracts/catalog-templates.contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import {
  catalogTemplateDealers,
  catalogTemplateServices,
  catalogTemplates,
  masterServices,
  services,
} from '../../db/schema/catalog';
import { installerDealers } from '../../db/schema/customers';
import { dealers } from '../../db/schema/identity';

type Conn = Db | Tx;

/** Narrows a template list: a name fragment, a dealership by id or by a fragment of its name. */
export type TemplateFilter = { name?: string; dealerId?: number; dealerName?: string; templateId?: number };

/** `%fragment%` for ILIKE, with the pattern characters of the fragment taken literally. */
const contains = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A master service as a template lists it, and the catalog's order of them. */
const serviceColumns = {
  master_service_id: masterServices.id,
  description: masterServices.description,
  service_category: masterServices.serviceCategory,
};
const serviceOrder = [
  asc(masterServices.serviceCategory),
  asc(masterServices.description),
  asc(masterServices.id),
];

const dealershipColumns = {
  dealer_id: dealers.id,
  dealer_name: dealers.name,
  dealer_address_city: dealers.city,
  dealer_address_state: dealers.state,
};

/** The template tables; no rules here (catalog-templates.service.ts has them). */
export function createCatalogTemplatesRepository(db: Db) {
  /** Templates of the installer (with counts and services), filtered, by name. */
  async function listTemplates(installerId: number, filter: TemplateFilter = {}, conn: Conn = db) {
    const where: SQL[] = [eq(catalogTemplates.installerId, installerId)];
    if (filter.templateId !== undefined) where.push(eq(catalogTemplates.id, filter.templateId));
    if (filter.name) where.push(sql`${catalogTemplates.name} ilike ${contains(filter.name)}`);
    if (filter.dealerId !== undefined || filter.dealerName) {
      const dealer =
        filter.dealerId !== undefined
          ? sql`d.id = ${filter.dealerId}::int`
          : sql`d.name ilike ${contains(filter.dealerName ?? '')}`;
      where.push(sql`exists (select 1 from catalog_template_dealers a join dealers d on d.id = a.dealer_id
        where a.template_id = ${catalogTemplates.id} and ${dealer})`);
    }
    const rows = await conn
      .select({
        ...pickColumns(catalogTemplates, 'id', 'name', 'createdAt'),
        // Qualified by hand: Drizzle leaves columns of a select list unqualified.
        dealershipCount: sql<number>`(select count(*)::int from catalog_template_dealers a
          where a.template_id = "catalog_templates"."id")`,
      })
      .from(catalogTemplates)
      .where(and(...where))
      .orderBy(asc(sql`lower(${catalogTemplates.name})`), asc(catalogTemplates.id));
    if (rows.length === 0) return [];
    const servicesOf = await templateServices(
      rows.map((r) => r.id),
      conn,
    );
    return rows.map(
      (r): TTemplate => ({
        template_id: r.id,
        template_name: r.name,
        created_date: r.createdAt.toISOString(),
        dealership_count: Number(r.dealershipCount),
        service_count: servicesOf.get(r.id)?.length ?? 0,
        services: servicesOf.get(r.id) ?? [],
      }),
    );
  }

  async function templateServices(templateIds: number[], conn: Conn) {
    const rows = await conn
      .select({ templateId: catalogTemplateServices.templateId, ...serviceColumns })
      .from(catalogTemplateServices)
      .innerJoin(masterServices, eq(masterServices.id, catalogTemplateServices.masterServiceId))
      .where(inArray(catalogTemplateServices.templateId, templateIds))
      .orderBy(...serviceOrder);
    const byTemplate = new Map<number, TTemplate['services']>();
    for (const { templateId, ...service } of rows) {
      byTemplate.set(templateId, [...(byTemplate.get(templateId) ?? []), service]);
    }
    return byTemplate;
  }

  return {
    listTemplates,

    /** The template if it is the installer's (locked for the transaction with `lock`). */
    async findTemplate(installerId: number, templateId: number, conn: Conn = db, lock = false) {
      const query = conn
        .select({ id: catalogTemplates.id, name: catalogTemplates.name })
        .from(catalogTemplates)
        .where(and(eq(catalogTemplates.id, templateId), eq(catalogTemplates.installerId, installerId)))
        .limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    async findTemplateSummary(installerId: number, templateId: number, conn: Conn = db) {
      const rows = await listTemplates(installerId, { templateId }, conn);
      return rows[0] ?? null;
    },

    /** Dealerships currently using the template, by name. */
    async listTemplateDealerships(templateId: number, conn: Conn = db): Promise<TTemplateDealership[]> {
      return conn
        .select(dealershipColumns)
        .from(catalogTemplateDealers)
        .innerJoin(dealers, eq(dealers.id, catalogTemplateDealers.dealerId))
        .where(eq(catalogTemplateDealers.templateId, templateId))
        .orderBy(asc(dealers.name), asc(dealers.id));
    },

    /** The installer's dealerships with the template each has from this installer. */
    async listInstallerDealerships(installerId: number): Promise<TInstallerDealership[]> {
      return db
        .select({
          ...dealershipColumns,
          template_id: catalogTemplateDealers.templateId,
          template_name: catalogTemplates.name,
        })
        .from(installerDealers)
        .innerJoin(dealers, eq(dealers.id, installerDealers.dealerId))
        .leftJoin(
          catalogTemplateDealers,
          and(
            eq(catalogTemplateDealers.installerId, installerDealers.installerId),
            eq(catalogTemplateDealers.dealerId, installerDealers.dealerId),
          ),
        )
        .leftJoin(catalogTemplates, eq(catalogTemplates.id, catalogTemplateDealers.templateId))
        .where(eq(installerDealers.installerId, installerId))
        .orderBy(asc(dealers.name), asc(dealers.id));
    },

    /** Which of `dealerIds` are the installer's dealerships. */
    async installerDealerIds(installerId: number, dealerIds: number[], conn: Conn = db) {
      const rows = await conn
        .select({ id: installerDealers.dealerId })
        .from(installerDealers)
        .where(
          and(eq(installerDealers.installerId, installerId), inArray(installerDealers.dealerId, dealerIds)),
        );
      return new Set(rows.map((r) => r.id));
    },

    /**
     * The installer's master services that have at least one price row, one entry each (row 147; the
     * custom-description rule is the service's).
     */
    async listCatalog(installerId: number, conn: Conn = db) {
      const rows = await conn
        .select({ ...serviceColumns, durationTenths: masterServices.durationTenths })
        .from(masterServices)
        .where(
          and(
            eq(masterServices.installerId, installerId),
            sql`exists (select 1 from ${services} s where s.master_service_id = ${masterServices.id})`,
          ),
        )
        .orderBy(...serviceOrder);
      return rows.map(
        ({ durationTenths, ...rest }): TTemplateCatalogService => ({
          ...rest,
          duration_days: durationTenths / 10,
        }),
      );
    },

    /** Inserts the template; null when the installer already has one of that name (any case). */
    async insertTemplate(tx: Tx, values: { installerId: number; name: string; createdAt: Date }) {
      const rows = await tx
        .insert(catalogTemplates)
        .values({ ...values, updatedAt: values.createdAt })
        .onConflictDoNothing()
        .returning({ id: catalogTemplates.id });
      return rows[0]?.id ?? null;
    },

    /** Whether another template of the installer has this name (any case). */
    async nameTaken(installerId: number, name: string, exceptId: number, conn: Conn = db) {
      const rows = await conn
        .select({ id: catalogTemplates.id })
        .from(catalogTemplates)
        .where(
          and(
            eq(catalogTemplates.installerId, installerId),
            sql`lower(${catalogTemplates.name}) = lower(${name})`,
            ne(catalogTemplates.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async renameTemplate(tx: Tx, templateId: number, name: string, at: Date) {
      await tx
        .update(catalogTemplates)
        .set({ name, updatedAt: at })
        .where(eq(catalogTemplates.id, templateId));
    },

    /** Makes the template's services exactly `masterServiceIds`. */
    async replaceServices(tx: Tx, templateId: number, masterServiceIds: number[]) {
      await tx.delete(catalogTemplateServices).where(eq(catalogTemplateServices.templateId, templateId));
      await tx
        .insert(catalogTemplateServices)
        .values(masterServiceIds.map((masterServiceId) => ({ templateId, masterServiceId })));
    },

    async deleteTemplate(installerId: number, templateId: number) {
      const rows = await db
        .delete(catalogTemplates)
        .where(and(eq(catalogTemplates.id, templateId), eq(catalogTemplates.installerId, installerId)))
        .returning({ id: catalogTemplates.id });
      return rows.length > 0;
    },

    /** The current templates of this installer for the dealerships. */
    async currentAssignments(tx: Tx, installerId: number, dealerIds: number[]) {
      return tx
        .select({
          dealer_id: catalogTemplateDealers.dealerId,
          template_id: catalogTemplateDealers.templateId,
        })
        .from(catalogTemplateDealers)
        .where(
          and(
            eq(catalogTemplateDealers.installerId, installerId),
            inArray(catalogTemplateDealers.dealerId, dealerIds),
          ),
        );
    },

    /**
     * Makes the template each dealership's current template of the installer: one row per (installer,
     * dealer) by the unique index, so a concurrent assignment waits for this one and then replaces it.
     */
    async upsertAssignments(tx: Tx, installerId: number, templateId: number, dealerIds: number[], at: Date) {
      await tx
        .insert(catalogTemplateDealers)
        .values(dealerIds.map((dealerId) => ({ templateId, installerId, dealerId, assignedAt: at })))
        .onConflictDoUpdate({
          target: [catalogTemplateDealers.installerId, catalogTemplateDealers.dealerId],
          set: { templateId, assignedAt: at },
        });
    },

    /** Removes the template from the dealerships that have it; the dealerships it was removed from. */
    async deleteAssignments(installerId: number, templateId: number, dealerIds: number[]) {
      const rows = await db
        .delete(catalogTemplateDealers)
        .where(
          and(
            eq(catalogTemplateDealers.installerId, installerId),
            eq(catalogTemplateDealers.templateId, templateId),
            inArray(catalogTemplateDealers.dealerId, dealerIds),
          ),
        )
        .returning({ dealerId: catalogTemplateDealers.dealerId });
      return rows.map((r) => r.dealerId).sort((a, b) => a - b);
    },
  };
}
export type CatalogTemplatesRepository = ReturnType<typeof createCatalogTemplatesRepository>;
