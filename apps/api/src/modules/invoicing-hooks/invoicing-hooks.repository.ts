import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { dealers } from '../../db/schema/identity';
import { cardPaymentAttempts, invoices, payments } from '../../db/schema/money';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'number'>;

/** The invoice rows the lifecycle creates, voids and removes; always inside the caller's transaction. */
export function createInvoicingHooksRepository(tx: Db | Tx) {
  return {
    /** Σ paid on the job's deposit invoices that are not void (what the final invoice deducts). */
    async sumPaidDepositCents(requestId: number): Promise<number> {
      const rows = await tx
        .select({ total: sql<number>`coalesce(sum(${invoices.amountPaidCents}), 0)::int` })
        .from(invoices)
        .where(
          and(
            eq(invoices.requestId, requestId),
            eq(invoices.invoiceType, 'deposit'),
            ne(invoices.status, 'void'),
          ),
        );
      return Number(rows[0]?.total ?? 0);
    },

    /** Who is billed: the dealership for dealer work, otherwise the retail customer. */
    async findBillTo(
      dealerId: number | null,
      customerId: number | null,
    ): Promise<{ name: string | null; email: string | null }> {
      if (dealerId !== null) {
        const [d] = await tx
          .select({ name: dealers.name, email: dealers.email, billingEmail: dealers.billingEmail })
          .from(dealers)
          .where(eq(dealers.id, dealerId));
        return { name: d?.name ?? null, email: d?.billingEmail ?? d?.email ?? null };
      }
      if (customerId !== null) {
        const [c] = await tx
          .select({ name: customers.name, email: customers.email })
          .from(customers)
          .where(eq(customers.id, customerId));
        return { name: c?.name ?? null, email: c?.email ?? null };
      }
      return { name: null, email: null };
    },

    /** Inserts an invoice and numbers it INV-(100000 + id) like the payments module: unique across processes, clear of the seeded INV-10xx numbers. */
    async insertNumberedInvoice(values: NewInvoice): Promise<InvoiceRow> {
      const [inserted] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
      if (!inserted) throw new Error('invoice insert returned no row');
      const [numbered] = await tx
        .update(invoices)
        .set({ number: `INV-${100_000 + inserted.id}` })
        .where(eq(invoices.id, inserted.id))
        .returning();
      if (!numbered) throw new Error('invoice numbering returned no row');
      return numbered;
    },

    /**
     * Delete: drafts nobody paid against are deleted, other drafts and open invoices are voided; paid
     * invoices stay (money received is kept for the financials, decision 32).
     */
    async voidOrDeleteInvoices(requestId: number, now: Date): Promise<{ deleted: number; voided: number }> {
      const deleted = await tx
        .delete(invoices)
        .where(
          and(
            eq(invoices.requestId, requestId),
            eq(invoices.status, 'draft'),
            notExists(tx.select({ one: sql`1` }).from(payments).where(eq(payments.invoiceId, invoices.id))),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(cardPaymentAttempts)
                .where(eq(cardPaymentAttempts.invoiceId, invoices.id)),
            ),
          ),
        )
        .returning({ id: invoices.id });
      const voided = await tx
        .update(invoices)
        .set({ status: 'void', voidedAt: now, amountRemainingCents: 0, updatedAt: now })
        .where(and(eq(invoices.requestId, requestId), inArray(invoices.status, ['draft', 'open'])))
        .returning({ id: invoices.id });
      return { deleted: deleted.length, voided: voided.length };
    },

    /** Delete: payments not received (invoiced, pending, covered) go; paid and settled ones are kept. */
    async deleteUnreceivedPayments(requestId: number): Promise<number> {
      const rows = await tx
        .delete(payments)
        .where(
          and(
            eq(payments.requestId, requestId),
            inArray(payments.paymentState, ['invoiced', 'pending', 'covered']),
          ),
        )
        .returning({ id: payments.id });
      return rows.length;
    },
  };
}
export type InvoicingHooksRepository = ReturnType<typeof createInvoicingHooksRepository>;
