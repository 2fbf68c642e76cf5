import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { dealers, installers, users } from './identity';
import { serviceRequests } from './service-requests';
import { vehicles } from './vehicles';

/**
 * Referrals: a dealership's sale handed to local specialists (001 §3, catalogue §3.7; decision 010).
 * Tokens are never stored, only their SHA-256: `benefitsTokenHash` opens the customer's benefits page; each
 * offered specialist's claim link is a row of `referral_offers`.
 * The claimed_specialist_* fields are filled from the public claim form, or from the company of a
 * signed-in installer (decision 17). Bonus in cents: $25, or $100 for PPF (K46), payable once COMPLETE
 * and paid out at month end (`paidOutAt`).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    /** The dealer user who recorded the sale; null for the public referral form. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    referringEmail: text('referring_email'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vin: text('vin'),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    status: text('status').notNull().default('NEW'),
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
    /** When the lead can no longer be claimed: REFERRAL_VALID_DAYS after it was added (decision 010). */
    expirationDate: timestamp('expiration_date', { withTimezone: true }).notNull(),
    specialistAction: text('specialist_action').notNull().default('available'),
    benefitsTokenHash: text('benefits_token_hash'),
    claimedByInstallerId: integer('claimed_by_installer_id').references(() => installers.id, {
      onDelete: 'set null',
    }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedSpecialistName: text('claimed_specialist_name'),
    claimedSpecialistPhone: text('claimed_specialist_phone'),
    claimedSpecialistEmail: text('claimed_specialist_email'),
    claimedSpecialistBusiness: text('claimed_specialist_business'),
    zipCode: text('zip_code'),
    requestedService: text('requested_service'),
    /** The estimate/job created from the referral (CONVERT TO ESTIMATE). */
    requestId: integer('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    bonusCents: integer('bonus_cents').notNull().default(2500),
    /** When it became COMPLETE: the bonus is payable from then and paid out with that month's payout. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    payoutId: integer('payout_id').references(() => referralPayouts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'referrals_status_check',
      sql`${t.status} in ('NEW','CONTACT','VIEWED','OFFERED','CLAIMED','ESTIMATE_CREATED','BOOKED','SCHEDULED','RECEIVED','STARTED','FINISHED','COMPLETE')`,
    ),
    check('referrals_specialist_action_check', sql`${t.specialistAction} in ('available','owned')`),
    check('referrals_bonus_check', sql`${t.bonusCents} >= 0`),
    check('referrals_claim_check', sql`(${t.specialistAction} = 'owned') = (${t.claimedAt} is not null)`),
    index('referrals_dealer_status_idx').on(t.dealerId, t.status, t.dateAdded),
    index('referrals_status_idx').on(t.status, t.dateAdded),
    // The lists' pages, newest first (decision 016): a dealership's, the installer's claimed leads, and the
    // leads still claimable (OFFERED and not expired: a range of the next 30 days of expiry dates).
    index('referrals_dealer_list_idx').on(t.dealerId, t.dateAdded, t.id),
    index('referrals_claimed_list_idx').on(t.claimedByInstallerId, t.dateAdded, t.id),
    // The leads an installer claimed and has not converted yet (its navigation count).
    index('referrals_claimed_open_idx').on(t.claimedByInstallerId).where(sql`${t.status} = 'CLAIMED'`),
    index('referrals_offered_open_idx').on(t.expirationDate).where(sql`${t.status} = 'OFFERED'`),
    index('referrals_request_idx').on(t.requestId),
    uniqueIndex('referrals_benefits_token_unique').on(t.benefitsTokenHash),
    index('referrals_payable_idx').on(t.dealerId, t.completedAt),
    // The bonuses not paid out yet (the monthly payout's reads): what waits for a payout, not the history.
    index('referrals_unpaid_bonus_idx')
      .on(t.dealerId, t.completedAt)
      .where(sql`${t.status} = 'COMPLETE' and ${t.payoutId} is null`),
  ],
);

/** Every status a referral reached, when and by whom (the referral's history, like request_states). */
export const referralHistory = pgTable(
  'referral_history',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'dealer', 'installer', 'customer', 'public' or 'system'. */
    actor: text('actor').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: integer('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
  },
  (t) => [index('referral_history_referral_idx').on(t.referralId, t.changedAt)],
);

/**
 * A lead offered to one specialist (OFFERED): its rank (nearest first) and the hash of the claim token its
 * e-mailed /referralclaim link carries. Every token of a referral dies when one of them claims it.
 */
export const referralOffers = pgTable(
  'referral_offers',
  {
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    distanceScore: doublePrecision('distance_score'),
    tokenHash: text('token_hash').notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.referralId, t.installerId] }),
    uniqueIndex('referral_offers_token_unique').on(t.tokenHash),
    // An installer's offers by when they were made. An offer comes after its lead was added, so the leads
    // still claimable were offered within the last REFERRAL_VALID_DAYS: one range of this index, whatever
    // the installer's history (the referrals list and the navigation count, decision 028).
    index('referral_offers_installer_offered_idx').on(t.installerId, t.offeredAt),
  ],
);

/** One dealer's month of payable bonuses, paid out once (unique per dealer and month, whatever the process). */
export const referralPayouts = pgTable(
  'referral_payouts',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' (UTC) of the month the bonuses became payable. */
    period: text('period').notNull(),
    totalCents: integer('total_cents').notNull(),
    referralCount: integer('referral_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_payouts_dealer_period_unique').on(t.dealerId, t.period),
    check('referral_payouts_period_check', sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

/**
 * A dealer request offered by e-mail to a specialist who has no account yet (/claim, rows 104–105;
 * decision 011): the hash of the link's token, its expiry, and the trial company it created once used.
 */
export const requestClaimInvites = pgTable(
  'request_claim_invites',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    claimedInstallerId: integer('claimed_installer_id').references(() => installers.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('request_claim_invites_token_unique').on(t.tokenHash),
    index('request_claim_invites_request_idx').on(t.requestId),
  ],
);
