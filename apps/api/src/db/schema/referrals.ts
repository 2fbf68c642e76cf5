import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { dealers, installers, users } from './identity';
import { serviceRequests } from './service-requests';
import { vehicles } from './vehicles';

/**
 * Referrals: a dealership's sale handed to local specialists (001 §3, catalogue §3.7).
 * `claimTokenHash` is the SHA-256 of the e-mailed claim token (the token itself is never stored).
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
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    specialistAction: text('specialist_action').notNull().default('available'),
    claimTokenHash: text('claim_token_hash'),
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
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
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
    index('referrals_claimed_by_idx').on(t.claimedByInstallerId),
    index('referrals_request_idx').on(t.requestId),
    uniqueIndex('referrals_claim_token_unique').on(t.claimTokenHash),
  ],
);
