import type { TInvoice, TPaymentMethod, TRequestPayment } from '@app/contracts/payments.contract';
import { unreceivedPaymentStates } from '@app/domain/invoicing/invoice-totals';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import {
  appSettings,
  dealers,
  installerLocations,
  installers,
  rateLimitHits,
} from '../../db/schema/identity';
import { cardPaymentAttempts, invoices, paymentFailures, payments } from '../../db/schema/money';
import { serviceRequests } from '../../db/schema/service-requests';

/**
 * The only file of the payments module that talks to the database, and where rows become wire DTOs.
 * Every function takes the database or an open transaction: the service owns transactions.
 *
 * Visibility of money (decision in README.md): an installer sees the invoices it issued and the payments
 * made to it; a dealership sees the invoices billed to it and every payment of its own requests. Anything
 * else is "not found".
 */
export type DbOrTx = Db | Tx;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type AttemptRow = typeof cardPaymentAttempts.$inferSelect;
export type LocationRow = typeof installerLocations.$inferSelect;
export type InstallerRow = typeof installers.$inferSelect;

export type Viewer = { role: 'dealer' | 'installer'; companyId: number };

/** Internal metadata keys, never shown on the wire. */
const INTERNAL_METADATA = new Set(['pay_token', 'provider']);

export type RequestForInvoice = {
  id: number;
  requestType: 'dealer' | 'installer';
  currentState: string;
  assignedInstallerId: number | null;
  requestorInstallerId: number | null;
  requestorDealerId: number | null;
  dealerId: number | null;
  customerId: number | null;
  totalCents: number;
  discountCents: number;
  taxesCents: number;
  depositAmountCents: number;
  serviceRequested: string;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  deletedAt: Date | null;
};

const requestColumns = {
  id: serviceRequests.id,
  requestType: serviceRequests.requestType,
  currentState: serviceRequests.currentState,
  assignedInstallerId: serviceRequests.assignedInstallerId,
  requestorInstallerId: serviceRequests.requestorInstallerId,
  requestorDealerId: serviceRequests.requestorDealerId,
  dealerId: serviceRequests.dealerId,
  customerId: serviceRequests.customerId,
  totalCents: serviceRequests.totalCents,
  discountCents: serviceRequests.discountCents,
  taxesCents: serviceRequests.taxesCents,
  depositAmountCents: serviceRequests.depositAmountCents,
  serviceRequested: serviceRequests.serviceRequested,
  vehicleYear: serviceRequests.vehicleYear,
  vehicleMake: serviceRequests.vehicleMake,
  vehicleModel: serviceRequests.vehicleModel,
  deletedAt: serviceRequests.deletedAt,
};

function invoiceVisibleTo(viewer: Viewer): SQL {
  return viewer.role === 'installer'
    ? sql`${invoices.installerId} = ${viewer.companyId}`
    : sql`${invoices.dealerId} = ${viewer.companyId}`;
}

/** An invoice path id: numeric id, number, customer-facing number or the provider's id. */
function invoiceRefMatches(ref: string): SQL {
  if (/^\d{1,10}$/.test(ref) && Number(ref) <= 2_147_483_647) {
    return or(
      eq(invoices.id, Number(ref)),
      eq(invoices.number, ref),
      eq(invoices.customerFacingNumber, ref),
    ) as SQL;
  }
  return or(
    eq(invoices.number, ref),
    eq(invoices.customerFacingNumber, ref),
    eq(invoices.providerInvoiceId, ref),
  ) as SQL;
}

/** Whether the viewer may see the money of request `sr` (see the module comment). */
function requestMoneyVisibleTo(viewer: Viewer): SQL {
  if (viewer.role === 'dealer') {
    return sql`((${serviceRequests.requestType} = 'dealer' and ${serviceRequests.requestorDealerId} = ${viewer.companyId})
      or ${serviceRequests.dealerId} = ${viewer.companyId})`;
  }
  return sql`(${serviceRequests.assignedInstallerId} = ${viewer.companyId}
    or ${serviceRequests.requestorInstallerId} = ${viewer.companyId}
    or exists (select 1 from ${invoices} vi where vi.request_id = ${serviceRequests.id} and vi.installer_id = ${viewer.companyId}))`;
}

export function createPaymentsRepository() {
  return {
    // -------------------------------------------------------------------------------------------
    // Requests

    async lockRequest(tx: DbOrTx, requestId: number): Promise<RequestForInvoice | null> {
      const rows = await tx
        .select(requestColumns)
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId))
        .for('update');
      return (rows[0] as RequestForInvoice | undefined) ?? null;
    },

    async findRequestForViewer(
      tx: DbOrTx,
      viewer: Viewer,
      requestId: number,
    ): Promise<RequestForInvoice | null> {
      const rows = await tx
        .select(requestColumns)
        .from(serviceRequests)
        .where(and(eq(serviceRequests.id, requestId), requestMoneyVisibleTo(viewer)));
      return (rows[0] as RequestForInvoice | undefined) ?? null;
    },

    async findRequestSummary(tx: DbOrTx, requestId: number): Promise<RequestForInvoice | null> {
      const rows = await tx
        .select(requestColumns)
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId));
      return (rows[0] as RequestForInvoice | undefined) ?? null;
    },

    /** Keeps the request's invoice numbers (invoiceId / customer_facing_invoice of the wire) on its final invoice. */
    async linkFinalInvoice(
      tx: DbOrTx,
      requestId: number,
      number: string | null,
      customerFacing: string | null,
    ) {
      await tx
        .update(serviceRequests)
        .set({ invoiceNumber: number, customerFacingInvoice: customerFacing ?? number })
        .where(eq(serviceRequests.id, requestId));
    },

    async unlinkInvoice(tx: DbOrTx, requestId: number, number: string | null) {
      if (!number) return;
      await tx
        .update(serviceRequests)
        .set({ invoiceNumber: null, customerFacingInvoice: null })
        .where(and(eq(serviceRequests.id, requestId), eq(serviceRequests.invoiceNumber, number)));
    },

    // -------------------------------------------------------------------------------------------
    // Invoices

    async findInvoiceForViewer(tx: DbOrTx, viewer: Viewer, ref: string): Promise<InvoiceRow | null> {
      const rows = await tx
        .select()
        .from(invoices)
        .where(and(invoiceRefMatches(ref), invoiceVisibleTo(viewer)))
        .orderBy(desc(invoices.id))
        .limit(1);
      return rows[0] ?? null;
    },

    async lockInvoice(tx: DbOrTx, invoiceId: number): Promise<InvoiceRow | null> {
      const rows = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
      return rows[0] ?? null;
    },

    async findInvoiceById(tx: DbOrTx, invoiceId: number): Promise<InvoiceRow | null> {
      const rows = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
      return rows[0] ?? null;
    },

    async findInvoiceByIdempotencyKey(tx: DbOrTx, key: string): Promise<InvoiceRow | null> {
      const rows = await tx.select().from(invoices).where(eq(invoices.idempotencyKey, key));
      return rows[0] ?? null;
    },

    async findInvoiceByPayToken(tx: DbOrTx, token: string): Promise<InvoiceRow | null> {
      const rows = await tx
        .select()
        .from(invoices)
        .where(sql`${invoices.metadata}->>'pay_token' = ${token}`)
        .limit(1);
      return rows[0] ?? null;
    },

    async findInvoiceByProviderId(tx: DbOrTx, providerInvoiceId: string): Promise<InvoiceRow | null> {
      const rows = await tx.select().from(invoices).where(eq(invoices.providerInvoiceId, providerInvoiceId));
      return rows[0] ?? null;
    },

    /** Invoices of a request that are not void, oldest first. */
    async listActiveInvoicesOfRequest(tx: DbOrTx, requestId: number): Promise<InvoiceRow[]> {
      return tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.requestId, requestId), inArray(invoices.status, ['draft', 'open', 'paid'])))
        .orderBy(asc(invoices.id));
    },

    /** Inserts unless the idempotency key exists (then null: the caller reads the first row). */
    async insertInvoice(tx: DbOrTx, values: typeof invoices.$inferInsert): Promise<InvoiceRow | null> {
      const rows = await tx
        .insert(invoices)
        .values(values)
        .onConflictDoNothing({ target: invoices.idempotencyKey })
        .returning();
      return rows[0] ?? null;
    },

    /** Updates an invoice, only while its status is one of `onlyIf` when given; null when nothing changed. */
    async updateInvoice(
      tx: DbOrTx,
      invoiceId: number,
      set: Partial<typeof invoices.$inferInsert>,
      onlyIf?: readonly string[],
    ): Promise<InvoiceRow | null> {
      const where = onlyIf
        ? and(eq(invoices.id, invoiceId), inArray(invoices.status, [...onlyIf]))
        : eq(invoices.id, invoiceId);
      const rows = await tx.update(invoices).set(set).where(where).returning();
      return rows[0] ?? null;
    },

    /** Adds keys to the invoice's metadata (jsonb ||), only where `pay_token` is still missing when asked. */
    async addInvoiceMetadata(
      tx: DbOrTx,
      invoiceId: number,
      metadata: Record<string, string>,
      set: Partial<typeof invoices.$inferInsert> = {},
      options: { onlyWithoutPayToken?: boolean } = {},
    ): Promise<InvoiceRow | null> {
      const conditions = [eq(invoices.id, invoiceId)];
      if (options.onlyWithoutPayToken) conditions.push(sql`${invoices.metadata}->>'pay_token' is null`);
      const rows = await tx
        .update(invoices)
        .set({ ...set, metadata: sql`${invoices.metadata} || ${JSON.stringify(metadata)}::jsonb` })
        .where(and(...conditions))
        .returning();
      return rows[0] ?? null;
    },

    async deleteInvoice(tx: DbOrTx, invoiceId: number): Promise<void> {
      await tx.delete(cardPaymentAttempts).where(eq(cardPaymentAttempts.invoiceId, invoiceId));
      await tx.delete(payments).where(eq(payments.invoiceId, invoiceId));
      await tx.delete(invoices).where(eq(invoices.id, invoiceId));
    },

    // -------------------------------------------------------------------------------------------
    // Billing parties and installers

    async findDealer(tx: DbOrTx, dealerId: number) {
      const rows = await tx
        .select({
          id: dealers.id,
          name: dealers.name,
          email: dealers.email,
          billingEmail: dealers.billingEmail,
          stripeCustomerId: dealers.stripeCustomerId,
        })
        .from(dealers)
        .where(eq(dealers.id, dealerId));
      return rows[0] ?? null;
    },

    async findCustomer(tx: DbOrTx, customerId: number) {
      const rows = await tx
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          stripeCustomerId: customers.stripeCustomerId,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return rows[0] ?? null;
    },

    async saveProviderCustomerId(tx: DbOrTx, kind: 'dealer' | 'customer', id: number, providerId: string) {
      if (kind === 'dealer') {
        await tx.update(dealers).set({ stripeCustomerId: providerId }).where(eq(dealers.id, id));
      } else {
        await tx.update(customers).set({ stripeCustomerId: providerId }).where(eq(customers.id, id));
      }
    },

    async findInstaller(tx: DbOrTx, installerId: number): Promise<InstallerRow | null> {
      const rows = await tx.select().from(installers).where(eq(installers.id, installerId));
      return rows[0] ?? null;
    },

    /** The installer's locations that have a card reader, oldest first. */
    async listReaderLocations(tx: DbOrTx, installerId: number): Promise<LocationRow[]> {
      return tx
        .select()
        .from(installerLocations)
        .where(
          and(eq(installerLocations.installerId, installerId), isNotNull(installerLocations.cardReaderId)),
        )
        .orderBy(asc(installerLocations.id));
    },

    // -------------------------------------------------------------------------------------------
    // Payments

    async insertPayment(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
      const rows = await tx
        .insert(payments)
        .values(values)
        .onConflictDoNothing({ target: payments.idempotencyKey })
        .returning();
      return rows[0] ?? null;
    },

    async listPaymentsOfInvoice(tx: DbOrTx, invoiceId: number): Promise<PaymentRow[]> {
      return tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
    },

    /** Moves the invoice's unpaid payment rows to `set` (paid, pending, back to invoiced…). */
    async updateUnpaidPaymentsOfInvoice(
      tx: DbOrTx,
      invoiceId: number,
      set: Partial<typeof payments.$inferInsert>,
      fromStates: readonly string[] = unreceivedPaymentStates,
    ): Promise<PaymentRow[]> {
      return tx
        .update(payments)
        .set(set)
        .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.paymentState, [...fromStates])))
        .returning();
    },

    async deleteUnpaidPaymentsOfInvoice(tx: DbOrTx, invoiceId: number): Promise<number> {
      const rows = await tx
        .delete(payments)
        .where(
          and(
            eq(payments.invoiceId, invoiceId),
            inArray(payments.paymentState, [...unreceivedPaymentStates]),
          ),
        )
        .returning({ id: payments.id });
      return rows.length;
    },

    /** Σ of a request's deposit payments received (paid or settled). */
    async sumPaidDeposits(tx: DbOrTx, requestId: number): Promise<number> {
      const rows = await tx
        .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
        .from(payments)
        .where(
          and(
            eq(payments.requestId, requestId),
            eq(payments.paymentType, 'deposit'),
            inArray(payments.paymentState, ['paid', 'settled']),
          ),
        );
      return Number(rows[0]?.total ?? 0);
    },

    /** Payments of a request the viewer may see (installers: the ones made to them), with their invoice. */
    async listRequestPayments(tx: DbOrTx, viewer: Viewer, requestId: number) {
      const filter =
        viewer.role === 'installer'
          ? and(eq(payments.requestId, requestId), eq(payments.installerId, viewer.companyId))
          : eq(payments.requestId, requestId);
      return tx
        .select({ payment: payments, invoice: invoices })
        .from(payments)
        .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(filter)
        .orderBy(asc(payments.id));
    },

    /**
     * Gives every invoice of the request that has no payment row one (invoices written by other code, e.g.
     * before the lifecycle called this module): open and draft → invoiced; paid → paid, or covered at 0.
     * Idempotent (key invoice:<id>).
     */
    async backfillPaymentRows(tx: DbOrTx, requestId: number): Promise<void> {
      await tx.execute(sql`
        insert into payments (request_id, invoice_id, installer_id, payment_type, payment_state, amount_cents,
          platform_fee_cents, payment_date, idempotency_key)
        select i.request_id, i.id, i.installer_id, i.invoice_type,
          case when i.status = 'paid' then (case when i.amount_due_cents = 0 then 'covered' else 'paid' end)
               else 'invoiced' end,
          i.amount_due_cents,
          round((i.amount_due_cents - i.tax_cents) * 0.05)::int,
          case when i.status = 'paid' then coalesce(i.paid_at, i.updated_at) end,
          'invoice:' || i.id
        from invoices i
        where i.request_id = ${requestId} and i.status in ('draft', 'open', 'paid')
          and not exists (select 1 from payments p where p.invoice_id = i.id)
        on conflict (idempotency_key) do nothing`);
    },

    async findPaymentByProviderId(tx: DbOrTx, providerPaymentId: string): Promise<PaymentRow | null> {
      const rows = await tx.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
      return rows[0] ?? null;
    },

    /** Job deletion: payment rows without an invoice (older data) that were never received. */
    async deleteUnreceivedPaymentsWithoutInvoice(tx: DbOrTx, requestId: number): Promise<number> {
      const rows = await tx
        .delete(payments)
        .where(
          and(
            eq(payments.requestId, requestId),
            isNull(payments.invoiceId),
            inArray(payments.paymentState, [...unreceivedPaymentStates]),
          ),
        )
        .returning({ id: payments.id });
      return rows.length;
    },

    async deletePayment(tx: DbOrTx, paymentId: number): Promise<void> {
      await tx.delete(payments).where(eq(payments.id, paymentId));
    },

    async findPaymentOfRequest(tx: DbOrTx, requestId: number, paymentId: number): Promise<PaymentRow | null> {
      const rows = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.requestId, requestId)));
      return rows[0] ?? null;
    },

    async updatePayment(
      tx: DbOrTx,
      paymentId: number,
      set: Partial<typeof payments.$inferInsert>,
      fromStates: readonly string[],
    ) {
      const rows = await tx
        .update(payments)
        .set(set)
        .where(and(eq(payments.id, paymentId), inArray(payments.paymentState, [...fromStates])))
        .returning();
      return rows[0] ?? null;
    },

    // -------------------------------------------------------------------------------------------
    // Card payment attempts

    async insertAttempt(
      tx: DbOrTx,
      values: typeof cardPaymentAttempts.$inferInsert,
    ): Promise<AttemptRow | null> {
      const rows = await tx
        .insert(cardPaymentAttempts)
        .values(values)
        .onConflictDoNothing({ target: cardPaymentAttempts.providerIntentId })
        .returning();
      return rows[0] ?? null;
    },

    async findAttemptByIntent(tx: DbOrTx, intentId: string): Promise<AttemptRow | null> {
      const rows = await tx
        .select()
        .from(cardPaymentAttempts)
        .where(eq(cardPaymentAttempts.providerIntentId, intentId));
      return rows[0] ?? null;
    },

    /** An attempt by intent id or numeric id, of the installer. */
    async findAttemptOfInstaller(
      tx: DbOrTx,
      installerId: number,
      paymentId: string,
    ): Promise<AttemptRow | null> {
      const byId = /^\d{1,10}$/.test(paymentId) && Number(paymentId) <= 2_147_483_647;
      const rows = await tx
        .select()
        .from(cardPaymentAttempts)
        .where(
          and(
            eq(cardPaymentAttempts.installerId, installerId),
            byId
              ? or(
                  eq(cardPaymentAttempts.id, Number(paymentId)),
                  eq(cardPaymentAttempts.providerIntentId, paymentId),
                )
              : eq(cardPaymentAttempts.providerIntentId, paymentId),
          ),
        );
      return rows[0] ?? null;
    },

    async lockAttempt(tx: DbOrTx, attemptId: number): Promise<AttemptRow | null> {
      const rows = await tx
        .select()
        .from(cardPaymentAttempts)
        .where(eq(cardPaymentAttempts.id, attemptId))
        .for('update');
      return rows[0] ?? null;
    },

    /** Updates an attempt only while its status is one of `fromStatuses`; null when it was not. */
    async updateAttempt(
      tx: DbOrTx,
      attemptId: number,
      set: Partial<typeof cardPaymentAttempts.$inferInsert>,
      fromStatuses: readonly string[],
    ): Promise<AttemptRow | null> {
      const rows = await tx
        .update(cardPaymentAttempts)
        .set(set)
        .where(
          and(eq(cardPaymentAttempts.id, attemptId), inArray(cardPaymentAttempts.status, [...fromStatuses])),
        )
        .returning();
      return rows[0] ?? null;
    },

    async listOpenAttemptsOfInvoice(tx: DbOrTx, invoiceId: number): Promise<AttemptRow[]> {
      return tx
        .select()
        .from(cardPaymentAttempts)
        .where(
          and(
            eq(cardPaymentAttempts.invoiceId, invoiceId),
            inArray(cardPaymentAttempts.status, ['created', 'sent_to_reader', 'processing']),
          ),
        )
        .orderBy(asc(cardPaymentAttempts.id));
    },

    // -------------------------------------------------------------------------------------------
    // Failures and rate limits

    async insertFailure(tx: DbOrTx, values: typeof paymentFailures.$inferInsert) {
      const rows = await tx.insert(paymentFailures).values(values).returning();
      return rows[0] ?? null;
    },

    /** A failure logged with the same fields since `since` (repeat of an idempotent log call). */
    async findSameFailure(tx: DbOrTx, values: typeof paymentFailures.$inferInsert, since: Date) {
      const same = (column: SQL | typeof paymentFailures.requestId, value: unknown) =>
        value === null || value === undefined ? sql`${column} is null` : sql`${column} = ${value}`;
      const rows = await tx
        .select()
        .from(paymentFailures)
        .where(
          and(
            same(paymentFailures.requestId, values.requestId),
            eq(paymentFailures.failureType, values.failureType),
            same(sql`${paymentFailures.failureStage}`, values.failureStage),
            same(sql`${paymentFailures.errorMessage}`, values.errorMessage),
            same(sql`${paymentFailures.userId}`, values.userId),
            same(sql`${paymentFailures.providerObjectId}`, values.providerObjectId),
            gt(paymentFailures.createdAt, since),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Serializes work on one key for the rest of the transaction (all API processes). */
    async lockKey(tx: DbOrTx, key: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },

    async countHits(tx: DbOrTx, bucket: string, since: Date): Promise<number> {
      const rows = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.hitAt, since)));
      return Number(rows[0]?.n ?? 0);
    },

    async addHit(tx: DbOrTx, bucket: string, at: Date): Promise<void> {
      await tx.insert(rateLimitHits).values({ bucket, hitAt: at });
    },

    async readSetting(tx: DbOrTx, key: string): Promise<string | null> {
      const rows = await tx
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, key));
      return rows[0]?.value ?? null;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

// ---------------------------------------------------------------------------------------------------
// Row → wire

/** 'YYYY/MM/DD HH:mm:ss' in UTC. */
export function toWireDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
}

export function providerOf(invoice: InvoiceRow): 'local' | 'stripe' {
  return invoice.metadata?.provider === 'stripe' ? 'stripe' : 'local';
}

/** The URL of the product's hosted page for a local invoice's token. */
export function payPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/pay/${token}`;
}

export function hostedUrlOf(invoice: InvoiceRow, publicUrl: string): string | null {
  if (providerOf(invoice) === 'stripe') return invoice.hostedInvoiceUrl;
  const token = invoice.metadata?.pay_token;
  return token ? payPageUrl(publicUrl, token) : null;
}

export function toInvoiceDto(invoice: InvoiceRow, publicUrl: string): TInvoice {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(invoice.metadata ?? {})) {
    if (!INTERNAL_METADATA.has(key) && typeof value === 'string') metadata[key] = value;
  }
  if (invoice.poNumber) metadata.PO = invoice.poNumber;
  return {
    id: invoice.id,
    invoiceId: invoice.id,
    number: invoice.number,
    customer_facing_number: invoice.customerFacingNumber,
    status: invoice.status as TInvoice['status'],
    paid: invoice.status === 'paid',
    invoice_type: invoice.invoiceType as TInvoice['invoice_type'],
    amount_due: invoice.amountDueCents,
    amount_remaining: invoice.amountRemainingCents,
    amount_paid: invoice.amountPaidCents,
    tax: invoice.taxCents,
    currency: 'usd',
    hosted_invoice_url: hostedUrlOf(invoice, publicUrl),
    customer_name: invoice.customerName,
    customer_email: invoice.customerEmail,
    description: invoice.description,
    metadata,
    request_id: invoice.requestId,
    requestId: invoice.requestId,
    installer_id: invoice.installerId,
    dealer_id: invoice.dealerId,
    provider: providerOf(invoice),
    provider_invoice_id: invoice.providerInvoiceId,
    invoice_date: toWireDate(invoice.invoiceDate),
    finalized_at: invoice.finalizedAt ? toWireDate(invoice.finalizedAt) : null,
    paid_at: invoice.paidAt ? toWireDate(invoice.paidAt) : null,
    voided_at: invoice.voidedAt ? toWireDate(invoice.voidedAt) : null,
  };
}

function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function toRequestPaymentDto(
  row: { payment: PaymentRow; invoice: InvoiceRow | null },
  publicUrl: string,
): TRequestPayment {
  const { payment, invoice } = row;
  return {
    payment_id: payment.id,
    payment_type: payment.paymentType === 'deposit' ? 'deposit' : 'final',
    payment_state: payment.paymentState as TRequestPayment['payment_state'],
    payment_amount: dollars(payment.amountCents),
    amount_cents: payment.amountCents,
    platform_fee: dollars(payment.platformFeeCents),
    payment_date: payment.paymentDate ? toWireDate(payment.paymentDate) : null,
    method: (payment.method as TPaymentMethod | null) ?? null,
    check_number: payment.checkNumber,
    card_last4: payment.cardLast4,
    card_type: payment.cardType,
    invoice_id: payment.invoiceId,
    invoice_number: invoice ? (invoice.customerFacingNumber ?? invoice.number) : null,
    invoice_status: invoice ? (invoice.status as TRequestPayment['invoice_status']) : null,
    hosted_invoice_url: invoice ? hostedUrlOf(invoice, publicUrl) : null,
  };
}
