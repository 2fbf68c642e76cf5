import {
  calculateFinalInvoice,
  calculateInvoicePlatformFee,
  calculateTaxShare,
  type JobAmounts,
} from '@app/domain/invoicing/invoice-totals';
import { and, eq } from 'drizzle-orm';
import { allocateInvoiceNumber } from '../invoice-numbers';
import { customers } from '../schema/customers';
import { dealers } from '../schema/identity';
import { cardPaymentAttempts, invoices, paymentFailures, payments } from '../schema/money';
import { serviceRequests } from '../schema/service-requests';
import { type DbOrTx, firstRow, nextSequence } from './common';

export type Invoice = typeof invoices.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentFailure = typeof paymentFailures.$inferSelect;
export type CardPaymentAttempt = typeof cardPaymentAttempts.$inferSelect;

export type CreateInvoiceInput = Partial<typeof invoices.$inferInsert> & {
  requestId: number;
  /** Final invoices also set the request's invoice numbers (default true). */
  linkToRequest?: boolean;
};

/**
 * An invoice of a request. Defaults come from the request: installer = assigned installer, billed to its
 * dealership or customer; amount due = deposit amount for a deposit invoice, otherwise what the customer
 * pays (total − discount + taxes) less deposits already paid, each with its share of the job's tax (the
 * server's rules). Amounts paid/remaining follow the status.
 * Without a number, it takes the next of the installer's series (decision 009), as the product does; the
 * customer-facing number defaults to the number.
 */
export async function createInvoice(db: DbOrTx, input: CreateInvoiceInput): Promise<Invoice> {
  const { linkToRequest = true, ...values } = input;
  const request = firstRow(
    await db.select().from(serviceRequests).where(eq(serviceRequests.id, values.requestId)),
    'request lookup',
  );
  const invoiceType = values.invoiceType ?? 'final';
  const status = values.status ?? 'open';
  // Amount and tax share by the server's rules (packages/domain invoicing): a deposit carries its share of
  // the job's tax; the final invoice asks for the customer total less paid deposits, with the tax they did
  // not carry.
  const job: JobAmounts = {
    finalAmountCents: request.totalCents - request.discountCents,
    taxesCents: request.taxesCents,
  };
  let amountDueCents = values.amountDueCents;
  let taxCents: number;
  if (invoiceType === 'deposit') {
    amountDueCents ??= request.depositAmountCents;
    taxCents = calculateTaxShare(amountDueCents, job);
  } else {
    const paidDeposits = await db
      .select({ amountPaidCents: invoices.amountPaidCents })
      .from(invoices)
      .where(and(eq(invoices.requestId, request.id), eq(invoices.invoiceType, 'deposit')));
    const paidDepositCents = paidDeposits.reduce((sum, d) => sum + d.amountPaidCents, 0);
    const final = calculateFinalInvoice({ ...job, paidDepositCents });
    amountDueCents ??= final.amountCents;
    taxCents = final.taxCents;
  }
  const amountPaidCents = values.amountPaidCents ?? (status === 'paid' ? amountDueCents : 0);
  const amountRemainingCents =
    values.amountRemainingCents ?? (status === 'void' ? 0 : amountDueCents - amountPaidCents);

  const dealerId = values.dealerId === undefined ? request.dealerId : values.dealerId;
  const customerId = values.customerId === undefined ? request.customerId : values.customerId;
  let customerName = values.customerName;
  let customerEmail = values.customerEmail;
  if (customerName === undefined) {
    if (dealerId != null) {
      const d = (await db.select().from(dealers).where(eq(dealers.id, dealerId)))[0];
      customerName = d?.name ?? null;
      customerEmail ??= d?.billingEmail ?? d?.email ?? null;
    } else if (customerId != null) {
      const c = (await db.select().from(customers).where(eq(customers.id, customerId)))[0];
      customerName = c?.name ?? null;
      customerEmail ??= c?.email ?? null;
    }
  }

  const installerId = values.installerId ?? request.assignedInstallerId;
  if (installerId == null) throw new Error(`Request ${request.id} has no installer to invoice for`);
  const invoiceDate = values.invoiceDate ?? new Date();
  const number = values.number ?? (await allocateInvoiceNumber(db, installerId));
  const invoice = firstRow(
    await db
      .insert(invoices)
      .values({
        taxCents,
        finalizedAt: status === 'draft' ? null : invoiceDate,
        paidAt: status === 'paid' ? invoiceDate : null,
        voidedAt: status === 'void' ? invoiceDate : null,
        metadata: {
          payment_type: invoiceType,
          request_id: String(request.id),
          installer_id: String(installerId),
          ...(values.poNumber ? { PO: values.poNumber } : {}),
        },
        ...values,
        number,
        customerFacingNumber: values.customerFacingNumber ?? number,
        installerId,
        dealerId,
        customerId,
        customerName,
        customerEmail,
        invoiceType,
        status,
        amountDueCents,
        amountPaidCents,
        amountRemainingCents,
        invoiceDate,
      })
      .returning(),
    'invoice',
  );
  if (linkToRequest && invoiceType === 'final') {
    await db
      .update(serviceRequests)
      .set({
        invoiceNumber: invoice.number,
        customerFacingInvoice: invoice.customerFacingNumber ?? invoice.number,
      })
      .where(eq(serviceRequests.id, request.id));
  }
  return invoice;
}

export type CreatePaymentInput = Partial<typeof payments.$inferInsert> & {
  invoiceId?: number;
  requestId?: number;
};

/**
 * A payment. With an invoice, request, installer, type, amount and state default from it (paid invoices
 * give paid payments dated when the invoice was paid); the platform fee defaults to the server's: 5 % of the
 * pre-tax part of the amount (its share of the invoice's tax taken out).
 */
export async function createPayment(db: DbOrTx, input: CreatePaymentInput): Promise<Payment> {
  const invoice =
    input.invoiceId != null
      ? (await db.select().from(invoices).where(eq(invoices.id, input.invoiceId)))[0]
      : undefined;
  const requestId = input.requestId ?? invoice?.requestId;
  if (requestId == null) throw new Error('A payment needs a request or an invoice');
  let installerId = input.installerId ?? invoice?.installerId;
  if (installerId == null) {
    const request = firstRow(
      await db
        .select({ assignedInstallerId: serviceRequests.assignedInstallerId })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId)),
      'request lookup',
    );
    installerId = request.assignedInstallerId ?? undefined;
  }
  if (installerId == null) throw new Error(`Request ${requestId} has no installer to pay`);
  const paymentState = input.paymentState ?? (invoice?.status === 'paid' ? 'paid' : 'invoiced');
  const amountCents = input.amountCents ?? invoice?.amountDueCents ?? 0;
  const isPaid = paymentState === 'paid' || paymentState === 'settled';
  const rows = await db
    .insert(payments)
    .values({
      paymentType: invoice?.invoiceType ?? 'final',
      platformFeeCents: calculateInvoicePlatformFee(amountCents, {
        taxCents: invoice
          ? calculateTaxShare(amountCents, {
              finalAmountCents: invoice.amountDueCents - invoice.taxCents,
              taxesCents: invoice.taxCents,
            })
          : 0,
      }),
      paymentDate: isPaid ? (invoice?.paidAt ?? new Date()) : null,
      ...input,
      requestId,
      installerId,
      invoiceId: input.invoiceId ?? null,
      paymentState,
      amountCents,
    })
    .returning();
  return firstRow(rows, 'payment');
}

export async function createPaymentFailure(
  db: DbOrTx,
  values: Partial<typeof paymentFailures.$inferInsert>,
): Promise<PaymentFailure> {
  const rows = await db
    .insert(paymentFailures)
    .values({ failureType: 'invoice_creation', failureStage: 'job_completion', ...values })
    .returning();
  return firstRow(rows, 'payment failure');
}

export async function createCardPaymentAttempt(
  db: DbOrTx,
  values: Partial<typeof cardPaymentAttempts.$inferInsert> & { invoiceId: number },
): Promise<CardPaymentAttempt> {
  const invoice = firstRow(
    await db.select().from(invoices).where(eq(invoices.id, values.invoiceId)),
    'invoice',
  );
  const rows = await db
    .insert(cardPaymentAttempts)
    .values({
      requestId: invoice.requestId,
      installerId: invoice.installerId,
      amountCents: invoice.amountDueCents,
      providerIntentId: `pi_test_${invoice.id}_${nextSequence()}`,
      ...values,
    })
    .returning();
  return firstRow(rows, 'card payment attempt');
}
