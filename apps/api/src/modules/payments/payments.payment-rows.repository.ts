import { unreceivedPaymentStates } from '@app/domain/invoicing/invoice-totals';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import { insertOnce } from '../../db/insert-once';
import { invoices, payments } from '../../db/schema/money';
import type { DbOrTx, PaymentRow, Viewer } from './payments.repository';

/** Deletes the payment rows `which` picks that were never received (no money came in); how many. */
async function deleteUnreceived(tx: DbOrTx, which: SQL | undefined): Promise<number> {
  const rows = await tx
    .delete(payments)
    .where(and(which, inArray(payments.paymentState, [...unreceivedPaymentStates])))
    .returning({ id: payments.id });
  return rows.length;
}

/** Payment rows: of an invoice, of a request (for a viewer), by the provider's id. */
export function createPaymentRows() {
  return {
    async insertPayment(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
      return insertOnce(tx, payments, values, payments.idempotencyKey);
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
      return deleteUnreceived(tx, eq(payments.invoiceId, invoiceId));
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
      return firstRow(tx, payments, eq(payments.providerPaymentId, providerPaymentId));
    },

    /** Job deletion: payment rows without an invoice (older data) that were never received. */
    async deleteUnreceivedPaymentsWithoutInvoice(tx: DbOrTx, requestId: number): Promise<number> {
      return deleteUnreceived(tx, and(eq(payments.requestId, requestId), isNull(payments.invoiceId)));
    },

    async deletePayment(tx: DbOrTx, paymentId: number): Promise<void> {
      await tx.delete(payments).where(eq(payments.id, paymentId));
    },

    async findPaymentOfRequest(tx: DbOrTx, requestId: number, paymentId: number): Promise<PaymentRow | null> {
      return firstRow(tx, payments, and(eq(payments.id, paymentId), eq(payments.requestId, requestId)));
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
  };
}
