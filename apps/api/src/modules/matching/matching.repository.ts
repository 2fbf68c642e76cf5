import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { dealerPreferredInstallers, dealerVendorPreferences } from '../../db/schema/customers';
import { dealers, installers } from '../../db/schema/identity';
import { requestOffers, serviceRequests } from '../../db/schema/service-requests';

export type DealerVisibility = {
  dealerId: number;
  latitude: number | null;
  longitude: number | null;
  defaultMode: 'all' | 'preferred';
  preferences: { category: string; mode: 'all' | 'preferred'; defaultInstallerId: number | null }[];
};

export type InstallerCandidate = {
  installerId: number;
  name: string;
  category: string | null;
  latitude: number | null;
  longitude: number | null;
  isPreferred: boolean;
  isLinked: boolean;
  /** Categories in which the installer offers a priced wholesale service the dealer may see (template). */
  categories: string[];
};

const asMode = (mode: string): 'all' | 'preferred' => (mode === 'preferred' ? 'preferred' : 'all');

/** Reads for dealer visibility and matching; the only file of the module that talks to the database. */
export function createMatchingRepository(db: Db) {
  return {
    async findDealerVisibility(dealerId: number, tx: Db | Tx = db): Promise<DealerVisibility | null> {
      const rows = await tx
        .select({
          ...pickColumns(dealers, 'id', 'latitude', 'longitude'),
          mode: dealers.vendorVisibilityMode,
        })
        .from(dealers)
        .where(eq(dealers.id, dealerId))
        .limit(1);
      const dealer = rows[0];
      if (!dealer) return null;
      const preferences = await tx
        .select({
          category: dealerVendorPreferences.categoryName,
          mode: dealerVendorPreferences.vendorVisibilityMode,
          defaultInstallerId: dealerVendorPreferences.defaultInstallerId,
        })
        .from(dealerVendorPreferences)
        .where(eq(dealerVendorPreferences.dealerId, dealerId));
      return {
        dealerId,
        latitude: dealer.latitude,
        longitude: dealer.longitude,
        defaultMode: asMode(dealer.mode),
        preferences: preferences.map((p) => ({ ...p, mode: asMode(p.mode) })),
      };
    },

    /** Every installer offering wholesale work, with what the dealer may buy from it, in one statement. */
    async listWholesaleInstallers(dealerId: number, tx: Db | Tx = db): Promise<InstallerCandidate[]> {
      const result = await tx.execute(sql`
        select i.id, i.name, i.category, i.latitude, i.longitude,
          exists (select 1 from dealer_preferred_installers p
                  where p.dealer_id = ${dealerId}::int and p.installer_id = i.id) as is_preferred,
          exists (select 1 from installer_dealers l
                  where l.dealer_id = ${dealerId}::int and l.installer_id = i.id) as is_linked,
          coalesce(array(
            select distinct ms.service_category
            from master_services ms
            where ms.installer_id = i.id
              and exists (select 1 from services s where s.master_service_id = ms.id
                          and s.catalog = 'WHOLE' and s.price_cents > 0)
              and (not exists (select 1 from catalog_template_dealers t
                               where t.installer_id = i.id and t.dealer_id = ${dealerId}::int)
                   or exists (select 1 from catalog_template_dealers t
                              join catalog_template_services ts on ts.template_id = t.template_id
                              where t.installer_id = i.id and t.dealer_id = ${dealerId}::int
                                and ts.master_service_id = ms.id))
            order by 1
          ), '{}') as categories
        from installers i
        where i.offers_wholesale
        order by i.name, i.id`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return rows.map((r) => ({
        installerId: Number(r.id),
        name: String(r.name),
        category: (r.category as string | null) ?? null,
        latitude: r.latitude == null ? null : Number(r.latitude),
        longitude: r.longitude == null ? null : Number(r.longitude),
        isPreferred: Boolean(r.is_preferred),
        isLinked: Boolean(r.is_linked),
        categories: (r.categories as string[] | null) ?? [],
      }));
    },

    async listPreferredInstallerIds(dealerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: dealerPreferredInstallers.installerId })
        .from(dealerPreferredInstallers)
        .where(eq(dealerPreferredInstallers.dealerId, dealerId));
      return rows.map((r) => r.id);
    },

    /** The request, locked for the rest of the transaction. */
    async lockRequest(tx: Tx, requestId: number) {
      const rows = await tx
        .select(
          pickColumns(
            serviceRequests,
            'id',
            'requestType',
            'requestorDealerId',
            'assignedInstallerId',
            'currentState',
            'availableDate',
            'deletedAt',
          ),
        )
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId))
        .for('update');
      return rows[0] ?? null;
    },

    async listLineCategories(tx: Tx, requestId: number): Promise<string[]> {
      const result = await tx.execute(
        sql`select distinct service_category from request_services where request_id = ${requestId}::int order by 1`,
      );
      return (result as unknown as { rows: { service_category: string }[] }).rows.map(
        (r) => r.service_category,
      );
    },

    /** Offers for these installers with status offered; existing offers are left as they are. */
    async insertOffers(
      tx: Tx,
      requestId: number,
      installerIds: number[],
      startDate: Date,
    ): Promise<number[]> {
      if (installerIds.length === 0) return [];
      const inserted = await tx
        .insert(requestOffers)
        .values(
          installerIds.map((installerId) => ({
            requestId,
            installerId,
            currentStatus: 'offered',
            startDate,
          })),
        )
        .onConflictDoNothing()
        .returning({ installerId: requestOffers.installerId });
      if (inserted.length > 0) {
        await tx
          .update(serviceRequests)
          .set({ offerState: sql`coalesce(${serviceRequests.offerState}, 'offered')`, updatedAt: new Date() })
          .where(eq(serviceRequests.id, requestId));
      }
      return inserted.map((r) => r.installerId);
    },

    /** Live offers of a request (not rejected or deleted) with the installers' names and contact details. */
    async listLiveOffers(tx: Db | Tx, requestId: number) {
      return tx
        .select({
          installerId: requestOffers.installerId,
          ...pickColumns(installers, 'name', 'email', 'phone'),
          status: requestOffers.currentStatus,
        })
        .from(requestOffers)
        .innerJoin(installers, eq(installers.id, requestOffers.installerId))
        .where(
          and(
            eq(requestOffers.requestId, requestId),
            sql`${requestOffers.currentStatus} not in ('rejected','deleted')`,
          ),
        )
        .orderBy(installers.name);
    },

    async findInstallerNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: installers.id, name: installers.name })
        .from(installers)
        .where(inArray(installers.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
export type MatchingRepository = ReturnType<typeof createMatchingRepository>;
