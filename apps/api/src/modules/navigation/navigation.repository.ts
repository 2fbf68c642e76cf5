import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type StateCount = { state: string; total: number };

/**
 * Counts behind the side menu. The visible sets are the list filters of 000 §2:
 * - a dealer sees the dealer-type requests its dealership made;
 * - an installer sees its own estimates, the dealer requests offered to it (its offer still
 *   'offered' while the request is new), and the jobs assigned to it.
 * Deleted and reviewed requests are in no list (decision 32).
 */
export function createNavigationRepository(db: Db) {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = await db.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  }

  return {
    async countDealerRequestsByState(dealerId: number): Promise<StateCount[]> {
      const r = await rows<{ state: string; total: number }>(sql`
        select current_state as state, count(*)::int as total
        from service_requests
        where request_type = 'dealer' and requestor_dealer_id = ${dealerId}
          and current_state in ('new','answered','scheduled','received','started','finished','collected')
        group by current_state`);
      return r.map((x) => ({ state: x.state, total: Number(x.total) }));
    },

    async countInstallerRequestsByState(installerId: number): Promise<StateCount[]> {
      const r = await rows<{ state: string; total: number }>(sql`
        select state, count(*)::int as total from (
          select sr.current_state as state from service_requests sr
          where sr.request_type = 'installer' and sr.requestor_installer_id = ${installerId}
            and sr.current_state = 'new'
          union all
          select sr.current_state from request_offers o
          join service_requests sr on sr.id = o.request_id
          where o.installer_id = ${installerId} and o.current_status = 'offered'
            and sr.request_type = 'dealer' and sr.current_state = 'new'
          union all
          select sr.current_state from service_requests sr
          where sr.assigned_installer_id = ${installerId}
            and sr.current_state in ('scheduled','received','started','finished')
        ) visible
        group by state`);
      return r.map((x) => ({ state: x.state, total: Number(x.total) }));
    },

    /** Referrals still in play for a dealer (not yet COMPLETE). */
    async countDealerReferrals(dealerId: number): Promise<number> {
      const r = await rows<{ total: number }>(sql`
        select count(*)::int as total from referrals where dealer_id = ${dealerId} and status <> 'COMPLETE'`);
      return Number(r[0]?.total ?? 0);
    },

    /**
     * Leads an installer can act on: offered to it and still claimable (not expired), or claimed by it and not
     * yet converted.
     */
    async countInstallerReferrals(installerId: number): Promise<number> {
      const r = await rows<{ total: number }>(sql`
        select count(*)::int as total from referrals r
        where (r.status = 'OFFERED' and (r.expiration_date is null or r.expiration_date > now())
               and exists (select 1 from referral_offers o where o.referral_id = r.id and o.installer_id = ${installerId}))
           or (r.claimed_by_installer_id = ${installerId} and r.status = 'CLAIMED')`);
      return Number(r[0]?.total ?? 0);
    },

    async findInstallerCalendar(
      installerId: number,
    ): Promise<{ authenticated: number; calendar: string | null }> {
      const r = await rows<{ authenticated: boolean; calendar_id: string | null }>(sql`
        select calendar_authenticated as authenticated, calendar_id from installers where id = ${installerId}`);
      const row = r[0];
      return { authenticated: row?.authenticated ? 1 : 0, calendar: row?.calendar_id ?? null };
    },
  };
}
export type NavigationRepository = ReturnType<typeof createNavigationRepository>;
