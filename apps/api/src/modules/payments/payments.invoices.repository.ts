import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import { insertOnce } from '../../db/insert-once';
import { allocateInvoiceNumber } from '../../db/invoice-numbers';
import { lockRow } from '../../db/lock-row';
import { cardPaymentAttempts, invoices, payments } from '../../db/schema/money';
import type { DbOrTx, InvoiceRow, Viewer } from './payments.repository';

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

/** Invoices: found by id, path reference, idempotency key, pay token or provider id; written; deleted. */
export function createInvoiceRows() {
  return {
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
      return lockRow(tx, invoices, eq(invoices.id, invoiceId));
    },

    async findInvoiceById(tx: DbOrTx, invoiceId: number): Promise<InvoiceRow | null> {
      return firstRow(tx, invoices, eq(invoices.id, invoiceId));
    },

    async findInvoiceByIdempotencyKey(tx: DbOrTx, key: string): Promise<InvoiceRow | null> {
      return firstRow(tx, invoices, eq(invoices.idempotencyKey, key));
    },

    async findInvoiceByPayToken(tx: DbOrTx, token: string): Promise<InvoiceRow | null> {
      return firstRow(tx, invoices, sql`${invoices.metadata}->>'pay_token' = ${token}`);
    },

    async findInvoiceByProviderId(tx: DbOrTx, providerInvoiceId: string): Promise<InvoiceRow | null> {
      return firstRow(tx, invoices, eq(invoices.providerInvoiceId, providerInvoiceId));
    },

    /** Invoices of a request that are not void, oldest first. */
    async listActiveInvoicesOfRequest(tx: DbOrTx, requestId: number): Promise<InvoiceRow[]> {
      return tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.requestId, requestId), inArray(invoices.status, ['draft', 'open', 'paid'])))
        .orderBy(asc(invoices.id));
    },

    /**
     * The next number of the installer's series, EAF-1041 (decision 009), in the caller's transaction: the
     * series stays locked until it ends, and a rollback gives the number back.
     */
    allocateInvoiceNumber,

    /** Inserts unless the idempotency key exists (then null: the caller reads the first row). */
    async insertInvoice(tx: DbOrTx, values: typeof invoices.$inferInsert): Promise<InvoiceRow | null> {
      return insertOnce(tx, invoices, values, invoices.idempotencyKey);
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
  };
}
