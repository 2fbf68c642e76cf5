import type { TInvoice, TPaymentMethod, TRequestPayment } from '@app/contracts/payments.contract';
import type { InvoiceRow, PaymentRow } from './payments.repository';

/** Row → wire. */

/** Internal metadata keys, never shown on the wire. */
const INTERNAL_METADATA = new Set(['pay_token', 'provider']);

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
