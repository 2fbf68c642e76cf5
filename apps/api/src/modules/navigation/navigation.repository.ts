import {
  REFERRAL_VALID_DAYS,
  referralStatusesBeforeClaim,
  referralStatusesInWork,
} from '@app/domain/referrals/referral-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { openOffersOf } from '../referrals/referrals.open-offers';

/** A constant list of statuses, written into the SQL (the domain's names, never input). */
const statusList = (statuses: readonly string[]) => sql.raw(`(${statuses.map((s) => `'${s}'`).join(',')})`);
/** How long a lead can be claimed after it was added (decision 010). */
const validFor = sql.raw(`interval '${REFERRAL_VALID_DAYS} days'`);

export type StateCount = { state: string; total: number };

/**
 * Counts behind the side menu, read from the counts the writing transactions keep (request_list_counts,
 * migration 0009, decision 016) under the same keys as the lists' branches. The visible sets are the list
 * filters of 000 §2:
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
    /** Kept counts (decision 016): a few rows per company, whatever its history. */
    async countDealerRequestsByState(dealerId: number): Promise<StateCount[]> {
      const r = await rows<{ state: string; total: number }>(sql`
        select state, sum(n)::int as total from request_list_counts
        where company_id = ${dealerId} and branch = 'dealer'
          and state in ('new','answered','scheduled','received','started','finished','collected')
        group by state having sum(n) <> 0`);
      return r.map((x) => ({ state: x.state, total: Number(x.total) }));
    },

    async countInstallerRequestsByState(installerId: number): Promise<StateCount[]> {
      const r = await rows<{ state: string; total: number }>(sql`
        select state, sum(n)::int as total from request_list_counts
        where company_id = ${installerId}
          and ((branch in ('estimate', 'offered') and state = 'new')
            or (branch in ('assigned_dealer', 'assigned_installer')
                and state in ('scheduled','received','started','finished')))
        group by state having sum(n) <> 0`);
      return r.map((x) => ({ state: x.state, total: Number(x.total) }));
    },

    /**
     * Referrals still in play for a dealer: not yet claimed and not expired, or claimed and not yet COMPLETE.
     * Each part is ranges of referrals_dealer_status_idx: the unclaimed ones of the last REFERRAL_VALID_DAYS
     * (a lead expires then), and the claimed ones in work; never the dealership's expired or complete history.
     */
    async countDealerReferrals(dealerId: number): Promise<number> {
      const r = await rows<{ total: number }>(sql`
        select (select count(*) from referrals r
                 where r.dealer_id = ${dealerId} and r.status in ${statusList(referralStatusesBeforeClaim)}
                   and r.date_added > now() - ${validFor} and r.expiration_date > now())
             + (select count(*) from referrals r
                 where r.dealer_id = ${dealerId} and r.status in ${statusList(referralStatusesInWork)})
               as total`);
      return Number(r[0]?.total ?? 0);
    },

    /**
     * Leads an installer can act on: offered to it and still claimable (not expired), or claimed by it and not
     * yet converted. The offered ones are among its offers of the last REFERRAL_VALID_DAYS (an offer comes
     * after its lead was added), one range of referral_offers_installer_offered_idx; the claimed ones are
     * referrals_claimed_open_idx. Neither reads the installer's history.
     */
    async countInstallerReferrals(installerId: number): Promise<number> {
      const r = await rows<{ total: number }>(sql`
        select (select count(*) from ${openOffersOf(sql`${installerId}::int`, sql`now() - ${validFor}`, sql`now()`)})
             + (select count(*) from referrals r
                 where r.claimed_by_installer_id = ${installerId} and r.status = 'CLAIMED')
               as total`);
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
