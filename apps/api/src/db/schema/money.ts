import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { dealers, installerLocations, installers, users } from './identity';
import { serviceRequests } from './service-requests';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Customer invoices of a job, mirrored from the payment provider (id, number, status, paid, amount_due,
 * amount_remaining, hosted_invoice_url, customer_name, metadata.PO; 000 §3). Amounts in cents.
 * `invoiceType` 'deposit' is raised at BOOK JOB when a deposit is set; 'final' at completion.
 * Money rows keep their request (restrict): requests are only ever soft-deleted.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'restrict' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'restrict' }),
    /** Who is billed: the dealership for dealer work, otherwise the retail customer. */
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    invoiceType: text('invoice_type').notNull().default('final'),
    number: text('number'),
    customerFacingNumber: text('customer_facing_number'),
    status: text('status').notNull().default('draft'),
    amountDueCents: integer('amount_due_cents').notNull(),
    amountRemainingCents: integer('amount_remaining_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    poNumber: text('po_number'),
    description: text('description'),
    /** Provider metadata (payment_type, request_id, installer_id, PO …). */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    providerInvoiceId: text('provider_invoice_id'),
    invoiceDate: timestamp('invoice_date', { withTimezone: true }).notNull().defaultNow(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('invoices_invoice_type_check', sql`${t.invoiceType} in ('deposit','final')`),
    check('invoices_status_check', sql`${t.status} in ('draft','open','paid','void')`),
    check(
      'invoices_amounts_check',
      sql`${t.amountDueCents} >= 0 and ${t.amountRemainingCents} >= 0 and ${t.amountPaidCents} >= 0 and ${t.taxCents} >= 0 and ${t.amountPaidCents} <= ${t.amountDueCents} and ${t.amountRemainingCents} <= ${t.amountDueCents}`,
    ),
    uniqueIndex('invoices_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('invoices_provider_invoice_id_unique').on(t.providerInvoiceId),
    /** The hosted page looks an invoice up by its pay token (metadata.pay_token): one invoice per token. */
    uniqueIndex('invoices_pay_token_unique').on(sql`(${t.metadata}->>'pay_token')`),
    index('invoices_request_idx').on(t.requestId),
    index('invoices_installer_date_idx').on(t.installerId, t.invoiceDate),
    index('invoices_dealer_date_idx').on(t.dealerId, t.invoiceDate),
    index('invoices_number_idx').on(t.number),
    /**
     * Financials' invoice-number search (decision 029), one range of the owner's numbers: their start in any
     * case (an installer's, a dealership's), and for an installer the start of its sequence numbers (the
     * digits that end them). LIKE-prefix (text_pattern_ops) indexes.
     */
    index('invoices_installer_number_idx').on(t.installerId, sql`lower(${t.number}) text_pattern_ops`),
    index('invoices_dealer_number_idx')
      .on(t.dealerId, sql`lower(${t.number}) text_pattern_ops`)
      .where(sql`${t.dealerId} is not null`),
    index('invoices_installer_sequence_idx').on(
      t.installerId,
      sql`(substring(${t.number} from '[0-9]+$')) text_pattern_ops`,
    ),
    /** Financials' name search: the invoices of an installer billed to the dealerships named (decision 029). */
    index('invoices_installer_dealer_date_idx')
      .on(t.installerId, t.dealerId, t.invoiceDate)
      .where(sql`${t.dealerId} is not null`),
    /** … and its retail invoices by customer, or without one (`customer_id is null`) (decision 029). */
    index('invoices_installer_retail_idx').on(t.installerId, t.customerId).where(sql`${t.dealerId} is null`),
    /** Manage Deposits (N): an installer's unsettled deposits, without reading its whole history. */
    index('invoices_open_deposits_idx')
      .on(t.installerId)
      .where(sql`${t.invoiceType} = 'deposit' and ${t.status} = 'open'`),
    // The backstop of the allocation (decision 009): one installer never has two invoices with one number.
    uniqueIndex('invoices_installer_number_unique').on(t.installerId, t.number),
  ],
);

/**
 * Each installer's invoice series (decision 009): its prefix, derived once from its name and unique, and the
 * last number given out. An invoice takes `last_number + 1` with an UPDATE … RETURNING in the transaction
 * that inserts it, so a rolled-back invoice gives its number back and concurrent ones queue on this row.
 */
export const invoiceNumberSeries = pgTable(
  'invoice_number_series',
  {
    installerId: integer('installer_id')
      .primaryKey()
      .references(() => installers.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_number_series_prefix_unique').on(t.prefix),
    check('invoice_number_series_prefix_check', sql`${t.prefix} ~ '^[A-Z0-9]{1,16}$'`),
    check('invoice_number_series_last_number_check', sql`${t.lastNumber} >= 0`),
  ],
);

/**
 * Payments of a job (payment_type, payment_state, payment_amount, payment_id; 000 §3) and the financials
 * transaction fields (payment_date, payout_id, card_last4, card_type, platform_fee; 002 §3).
 * `paymentType` is 'deposit' or 'final'. payment_state 'covered' is shown as invoiced (decision 7).
 * `method` is how it was (or is being) paid; null while only invoiced.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'restrict' }),
    /**
     * The dealership its invoice is billed to: a copy the database keeps (migration 0025's triggers set it
     * from the invoice on insert and follow the invoice's changes), so a dealership's payments of a period are
     * one index range (decision 029). Writers leave it out.
     */
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    paymentType: text('payment_type').notNull().default('final'),
    paymentState: text('payment_state').notNull().default('invoiced'),
    amountCents: integer('amount_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull().default(0),
    providerPaymentId: text('provider_payment_id'),
    method: text('method'),
    checkNumber: text('check_number'),
    cardLast4: varchar('card_last4', { length: 4 }),
    cardType: text('card_type'),
    payoutId: text('payout_id'),
    paymentDate: timestamp('payment_date', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'payments_payment_state_check',
      sql`${t.paymentState} in ('invoiced','pending','paid','settled','covered')`,
    ),
    check(
      'payments_method_check',
      sql`${t.method} is null or ${t.method} in ('card','online','check','cash','settle')`,
    ),
    check('payments_amounts_check', sql`${t.amountCents} >= 0 and ${t.platformFeeCents} >= 0`),
    check('payments_card_last4_check', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    uniqueIndex('payments_idempotency_key_unique').on(t.idempotencyKey),
    // One payment row per provider payment (nulls allowed): a second report of it cannot record it twice.
    uniqueIndex('payments_provider_payment_id_unique').on(t.providerPaymentId),
    index('payments_request_idx').on(t.requestId),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_installer_date_idx').on(t.installerId, t.paymentDate),
    index('payments_dealer_date_idx').on(t.dealerId, t.paymentDate).where(sql`${t.dealerId} is not null`),
  ],
);

/**
 * A dealership's statement months (decision 029): per UTC month of the invoice date, how many open or paid
 * invoices are billed to it and their amount due. Kept by a statement trigger on `invoices` (migration 0025) in
 * the writing transaction, so the list is exact the moment a change commits; a month whose invoices all left
 * keeps a row with 0 (the read leaves it out).
 */
export const invoiceDealerMonths = pgTable(
  'invoice_dealer_months',
  {
    dealerId: integer('dealer_id').notNull(),
    /** The first day of the month. */
    month: date('month').notNull(),
    invoices: integer('invoices').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.month] })],
);

/** Logged payment problems (POST /payment-failures: request_id, failure_type, failure_stage, …). */
export const paymentFailures = pgTable(
  'payment_failures',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    failureType: text('failure_type').notNull(),
    failureStage: text('failure_stage'),
    errorMessage: text('error_message'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userType: text('user_type'),
    providerObjectId: text('provider_object_id'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_failures_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * Card-reader payment attempts (POST /payments → payment intent; GET /payments/{id} → status;
 * POST /terminalPay/). `status` follows the provider intent: created, sent_to_reader, processing,
 * succeeded, payment_failed, canceled.
 */
export const cardPaymentAttempts = pgTable(
  'card_payment_attempts',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'restrict' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => installerLocations.id, { onDelete: 'set null' }),
    readerId: text('reader_id'),
    providerIntentId: text('provider_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('created'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'card_payment_attempts_status_check',
      sql`${t.status} in ('created','sent_to_reader','processing','succeeded','payment_failed','canceled')`,
    ),
    check('card_payment_attempts_amount_check', sql`${t.amountCents} >= 0`),
    uniqueIndex('card_payment_attempts_intent_unique').on(t.providerIntentId),
    index('card_payment_attempts_invoice_idx').on(t.invoiceId),
  ],
);
