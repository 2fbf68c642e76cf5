import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The leads offered to an installer and still claimable at `now`, as `referral_offers o join referrals r`:
 * its offers made after `since` (referralOffersOpenSince: an offer comes after its lead was added, and a lead
 * is claimable for 30 days) up to `now`, each lead still OFFERED and not expired. One range of
 * referral_offers_installer_offered_idx, each lead by its key (decision 028, item 3). The range is closed at
 * `now` so that PostgreSQL guesses it small and keeps the plan of a prepared statement. Shared by the
 * installer's referral list and its menu count.
 */
export function openOffersOf(installer: SQLWrapper, since: SQLWrapper, now: SQLWrapper): SQL {
  return sql`referral_offers o join referrals r on r.id = o.referral_id
    where o.installer_id = ${installer} and o.offered_at > ${since} and o.offered_at <= ${now}
      and r.status = 'OFFERED' and r.expiration_date > ${now}`;
}
