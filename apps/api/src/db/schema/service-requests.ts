import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { masterServices, services } from './catalog';
import { customers } from './customers';
import { dealers, installers, users } from './identity';
import { vehicles } from './vehicles';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// State sets of catalogue.md §3. Kept here as SQL lists; the transition rules live in packages/domain.
const REQUEST_STATES = `('new','answered','scheduled','received','started','finished','collected','reviewed','deleted')`;
const OFFER_STATUSES = `('offered','accepted','scheduled','rejected','deleted','new','answered','received','started','finished','collected','reviewed')`;

/**
 * Requests and estimates ("requestimates", 000 §3; 001 §3; 002 §3).
 *
 * - request_type 'dealer': requested by the dealership `requestorDealerId` (= `dealerId`).
 *   request_type 'installer': an installer's own estimate/job, `requestorInstallerId`; `customerId` is the
 *   retail customer, or `dealerId` the dealership when an installer books dealer work.
 * - `assignedInstallerId` null is the open "discovery" job that the wire shows as assignedTo 0 (K36).
 *   Installer-type requests are always assigned.
 * - Money in integer cents; `durationTenths` in tenths of a day (10 = 1 day).
 * - Soft delete (decision 32): `currentState` 'deleted' plus `deletedAt`; rows are never removed.
 * - `version` is bumped by every update (optimistic locking).
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    requestType: text('request_type').notNull(),
    requestorDealerId: integer('requestor_dealer_id').references(() => dealers.id, { onDelete: 'restrict' }),
    requestorInstallerId: integer('requestor_installer_id').references(() => installers.id, {
      onDelete: 'restrict',
    }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedInstallerId: integer('assigned_installer_id').references(() => installers.id, {
      onDelete: 'restrict',
    }),
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    vehicleTrim: text('vehicle_trim'),
    vin: text('vin'),
    vehicleSize: text('vehicle_size').notNull().default('M'),
    serviceRequested: text('service_requested').notNull().default(''),
    totalCents: integer('total_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    taxesCents: integer('taxes_cents').notNull().default(0),
    /** Job duration in tenths of a day (10 = 1 day; K12 default 1 day). */
    durationTenths: integer('duration_tenths').notNull().default(10),
    availableDate: timestamp('available_date', { withTimezone: true }).notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    currentState: text('current_state').notNull().default('new'),
    offerState: text('offer_state'),
    stockNumber: varchar('stock_number', { length: 50 }),
    dealNumber: varchar('deal_number', { length: 50 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    depositAmountCents: integer('deposit_amount_cents').notNull().default(0),
    reviewScore: smallint('review_score'),
    /** invoiceId of the wire: the number of the job's final invoice. */
    invoiceNumber: text('invoice_number'),
    customerFacingInvoice: text('customer_facing_invoice'),
    contractUrl: text('contract_url'),
    installerCatalog: text('installer_catalog'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('service_requests_request_type_check', sql`${t.requestType} in ('dealer','installer')`),
    check('service_requests_current_state_check', sql`${t.currentState} in ${sql.raw(REQUEST_STATES)}`),
    check(
      'service_requests_offer_state_check',
      sql`${t.offerState} is null or ${t.offerState} in ${sql.raw(OFFER_STATUSES)}`,
    ),
    check(
      'service_requests_requestor_check',
      sql`(${t.requestType} = 'dealer' and ${t.requestorDealerId} is not null and ${t.requestorInstallerId} is null) or (${t.requestType} = 'installer' and ${t.requestorInstallerId} is not null and ${t.requestorDealerId} is null and ${t.assignedInstallerId} is not null)`,
    ),
    check('service_requests_vehicle_size_check', sql`${t.vehicleSize} in ('S','M','L')`),
    check(
      'service_requests_installer_catalog_check',
      sql`${t.installerCatalog} is null or ${t.installerCatalog} in ('RETAIL','WHOLE')`,
    ),
    check(
      'service_requests_amounts_check',
      sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0 and ${t.feeCents} >= 0 and ${t.taxesCents} >= 0 and ${t.depositAmountCents} >= 0 and ${t.discountCents} <= ${t.totalCents}`,
    ),
    check('service_requests_duration_check', sql`${t.durationTenths} >= 0`),
    check(
      'service_requests_review_score_check',
      sql`${t.reviewScore} is null or (${t.reviewScore} >= 1 and ${t.reviewScore} <= 5)`,
    ),
    check(
      'service_requests_deleted_check',
      sql`(${t.currentState} = 'deleted') = (${t.deletedAt} is not null)`,
    ),
    check('service_requests_version_check', sql`${t.version} >= 1`),
    // Dealer lists (000 §2): by requesting dealership, state, then list order (available date, id), so each
    // (branch, state) range of a list is read in order and stops at the page (decision 016).
    index('service_requests_requestor_dealer_list_idx').on(
      t.requestorDealerId,
      t.currentState,
      t.availableDate,
      t.id,
    ),
    index('service_requests_dealer_list_idx').on(t.dealerId, t.currentState, t.availableDate),
    // Installer lists: own estimates by type and state; assigned jobs by state.
    index('service_requests_requestor_installer_list_idx').on(
      t.requestorInstallerId,
      t.requestType,
      t.currentState,
      t.availableDate,
      t.id,
    ),
    index('service_requests_assigned_list_idx').on(
      t.assignedInstallerId,
      t.currentState,
      t.requestType,
      t.availableDate,
      t.id,
    ),
    // Open discovery jobs (assignedTo 0 on the wire).
    index('service_requests_open_idx')
      .on(t.currentState, t.availableDate)
      .where(sql`${t.assignedInstallerId} is null and ${t.deletedAt} is null`),
    // An installer's jobs for one dealership, newest first (SHOW JOBS on the customers screen): one range
    // per side of the work, assigned or requested, cut at the page, whatever the dealership's other work.
    index('service_requests_assigned_dealer_idx')
      .on(t.assignedInstallerId, t.dealerId, t.availableDate, t.id)
      .where(sql`${t.dealerId} is not null and ${t.deletedAt} is null`),
    index('service_requests_requestor_installer_dealer_idx')
      .on(t.requestorInstallerId, t.dealerId, t.availableDate, t.id)
      .where(sql`${t.dealerId} is not null and ${t.deletedAt} is null`),
    index('service_requests_customer_idx').on(t.customerId),
    index('service_requests_vehicle_idx').on(t.vehicleId),
    index('service_requests_vin_idx').on(t.vin),
  ],
);

/**
 * Service lines of a request (service_id, service_category, description / custom_description,
 * service_amount, service_discount, service_fee, retail_price, service_duration, service_state,
 * service_date, materials, template). The catalog texts are copied so a line survives catalog edits.
 * Durations in tenths of a day.
 */
export const requestServices = pgTable(
  'request_services',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** The catalog price row the line was priced from; null for a custom line. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    masterServiceId: integer('master_service_id').references(() => masterServices.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
    serviceCategory: text('service_category').notNull(),
    description: text('description').notNull(),
    customDescription: text('custom_description'),
    amountCents: integer('amount_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    retailPriceCents: integer('retail_price_cents'),
    /** Duration in tenths of a day (10 = 1 day). */
    durationTenths: integer('duration_tenths').notNull().default(10),
    serviceState: text('service_state').notNull().default('new'),
    serviceDate: timestamp('service_date', { withTimezone: true }),
    materials: text('materials'),
    template: text('template'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('request_services_service_state_check', sql`${t.serviceState} in ('new','started','finished')`),
    check(
      'request_services_amounts_check',
      sql`${t.amountCents} >= 0 and ${t.discountCents} >= 0 and ${t.feeCents} >= 0 and ${t.discountCents} <= ${t.amountCents} and (${t.retailPriceCents} is null or ${t.retailPriceCents} >= 0)`,
    ),
    check('request_services_duration_check', sql`${t.durationTenths} >= 0`),
    index('request_services_request_idx').on(t.requestId, t.position),
  ],
);

/** Notes on a request (requestId, noteDate, noteText, userType, userId). */
export const requestNotes = pgTable(
  'request_notes',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    noteText: text('note_text').notNull(),
    noteDate: timestamp('note_date', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userType: text('user_type'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'request_notes_user_type_check',
      sql`${t.userType} is null or ${t.userType} in ('dealer','installer')`,
    ),
    index('request_notes_request_idx').on(t.requestId, t.noteDate),
  ],
);

/**
 * Offers (requestoffered): one per request and installer (requestId, installerId, startDate, endDate,
 * currentStatus, dateUpdated). currentStatus also takes the request state names (000 §4).
 */
export const requestOffers = pgTable(
  'request_offers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    currentStatus: text('current_status').notNull().default('offered'),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Copies of the request kept by triggers (migration 0009, decision 016): whether it is an open dealer
     * request (type dealer, state new) and its available date, so the installer's 'offered' list branch is
     * one ordered index range that skips offers left 'offered' on requests that moved on.
     */
    requestOpen: boolean('request_open').notNull().default(false),
    requestAvailableDate: timestamp('request_available_date', { withTimezone: true }),
    /**
     * More copies for the offers' kept totals (migration 0020, decision 016): whether the request is
     * deleted, and the dealership whose choice it awaits (a dealer request answered, not deleted; else
     * null), so GET /requestOffered/{typeId} reads its exact total from request_list_counts.
     */
    requestDeleted: boolean('request_deleted').notNull().default(false),
    awaitingDealerId: integer('awaiting_dealer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('request_offers_current_status_check', sql`${t.currentStatus} in ${sql.raw(OFFER_STATUSES)}`),
    check(
      'request_offers_dates_check',
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
    uniqueIndex('request_offers_request_installer_unique').on(t.requestId, t.installerId),
    // requestId included so the installer's 'offered' branch of the lists reads the index only.
    index('request_offers_installer_status_idx').on(t.installerId, t.currentStatus, t.requestId),
    // GET /requestOffered/{typeId} of an installer: its offers by id, but those of deleted requests
    // (decision 016).
    index('request_offers_installer_live_idx')
      .on(t.installerId, t.id)
      .where(sql`${t.currentStatus} <> 'deleted'`),
    // The installer's 'offered' list branch, in list order (decision 016).
    index('request_offers_open_offered_idx')
      .on(t.installerId, t.requestAvailableDate, t.requestId)
      .where(sql`${t.currentStatus} = 'offered' and ${t.requestOpen}`),
  ],
);

/**
 * History of a request (requestId, stateDate, requestStatus, serviceId, changedByUserId, changedByUserType).
 * `requestStatus` is free text: besides the request states it records 'created', 'rescheduled',
 * CONTRACT_SIGNED_ELECTRONIC, CONTRACT_DOWNLOADED, CONTRACT_SIGNED_MANUAL and service events.
 * `requestServiceId` is the service line concerned, if any. `clientKey` lets a client retry
 * POST /requestState without writing the record twice.
 */
export const requestStateHistory = pgTable(
  'request_state_history',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    stateDate: timestamp('state_date', { withTimezone: true }).notNull().defaultNow(),
    requestStatus: text('request_status').notNull(),
    requestServiceId: integer('request_service_id').references(() => requestServices.id, {
      onDelete: 'set null',
    }),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedByUserType: text('changed_by_user_type'),
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'request_state_history_user_type_check',
      sql`${t.changedByUserType} is null or ${t.changedByUserType} in ('dealer','installer','system','public')`,
    ),
    index('request_state_history_request_idx').on(t.requestId, t.stateDate),
    uniqueIndex('request_state_history_client_key_unique').on(t.requestId, t.clientKey),
  ],
);

/**
 * How many requests each list branch of each company holds, per state (decision 016): kept by statement
 * triggers on service_requests and request_offers in the writing transaction, as signed deltas appended
 * (never updated, so concurrent transitions never wait on one counter row) and folded together by
 * `compact_request_list_counts()`. A list total or a menu count sums the few rows of its keys.
 *
 * Branches: 'dealer' (requestor_dealer_id, dealer requests), 'estimate' (requestor_installer_id, installer
 * estimates), 'assigned_dealer' / 'assigned_installer' (assigned_installer_id, by request type), 'offered'
 * (request_offers.installer_id, offers still 'offered' on open dealer requests; state 'new').
 */
export const requestListCounts = pgTable(
  'request_list_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    branch: text('branch').notNull(),
    state: text('state').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('request_list_counts_key_idx').on(t.companyId, t.branch, t.state, t.n)],
);
