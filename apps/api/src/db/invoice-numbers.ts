import {
  formatInvoiceNumber,
  INVOICE_SERIES_START,
  invoicePrefixCandidates,
} from '@app/domain/invoicing/invoice-numbers';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { installers } from './schema/identity';
import { invoiceNumberSeries, invoices } from './schema/money';

type DbOrTx = Db | Tx;

/**
 * The next number of the installer's invoice series, `<PREFIX>-<n>` (decision 009). Call it in the
 * transaction that writes the invoice: the series row stays locked until that transaction ends, so
 * concurrent invoices of one installer take consecutive numbers, and a rollback gives the number back (no
 * gap). An installer without a series gets one here, with the first free prefix its name suggests.
 */
export async function allocateInvoiceNumber(tx: DbOrTx, installerId: number): Promise<string> {
  for (;;) {
    const [taken] = await tx
      .update(invoiceNumberSeries)
      .set({ lastNumber: sql`${invoiceNumberSeries.lastNumber} + 1` })
      .where(eq(invoiceNumberSeries.installerId, installerId))
      .returning({ prefix: invoiceNumberSeries.prefix, lastNumber: invoiceNumberSeries.lastNumber });
    if (taken) return formatInvoiceNumber(taken.prefix, taken.lastNumber);
    const started = await startSeries(tx, installerId);
    if (started) return formatInvoiceNumber(started.prefix, started.lastNumber);
    // Another transaction started this installer's series meanwhile: take the next number of it.
  }
}

/**
 * Starts the installer's series at its first number. On a prefix another installer holds, the next
 * candidate; null when this installer's series exists already (a concurrent start won; it is committed by
 * the time the INSERT returns, so the caller's next UPDATE finds it).
 */
async function startSeries(tx: DbOrTx, installerId: number) {
  const [installer] = await tx
    .select({ name: installers.name })
    .from(installers)
    .where(eq(installers.id, installerId));
  if (!installer) throw new Error(`Installer ${installerId} does not exist: no invoice number for it`);
  for (const prefix of invoicePrefixCandidates(installer.name, installerId)) {
    if (await isPrefixOnOthersInvoices(tx, installerId, prefix)) continue;
    // No conflict target: a conflict on the installer (a concurrent start) or on the prefix does nothing.
    const [row] = await tx
      .insert(invoiceNumberSeries)
      .values({ installerId, prefix, lastNumber: INVOICE_SERIES_START + 1 })
      .onConflictDoNothing()
      .returning({ prefix: invoiceNumberSeries.prefix, lastNumber: invoiceNumberSeries.lastNumber });
    if (row) return row;
    const [own] = await tx
      .select({ installerId: invoiceNumberSeries.installerId })
      .from(invoiceNumberSeries)
      .where(eq(invoiceNumberSeries.installerId, installerId));
    if (own) return null;
  }
  throw new Error(`No free invoice prefix for installer ${installerId}`);
}

/** Whether another installer's invoices already show PREFIX-… (a series the backfill could not give it). */
async function isPrefixOnOthersInvoices(tx: DbOrTx, installerId: number, prefix: string): Promise<boolean> {
  const pattern = `${prefix}-%`;
  const [hit] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        ne(invoices.installerId, installerId),
        or(sql`${invoices.number} like ${pattern}`, sql`${invoices.customerFacingNumber} like ${pattern}`),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/**
 * Sets the installer's series (the demo seed: EAF from 1040): its prefix and the last number given out, so
 * the next invoice is `lastNumber + 1`.
 */
export async function setInvoiceSeries(
  db: DbOrTx,
  series: { installerId: number; prefix: string; lastNumber: number },
): Promise<void> {
  await db
    .insert(invoiceNumberSeries)
    .values(series)
    .onConflictDoUpdate({
      target: invoiceNumberSeries.installerId,
      set: { prefix: series.prefix, lastNumber: series.lastNumber },
    });
}
