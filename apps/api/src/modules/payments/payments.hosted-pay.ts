import { createHash } from 'node:crypto';
import { chargeTestCard, type TestCardInput } from '../../adapters/payments/local-payment-adapter';
import { inTx, label, type PaymentsContext } from './payments.context';
import type { InvoiceState } from './payments.invoice-state';
import { type InvoiceRow, providerOf } from './payments.repository';

/** Declined card attempts allowed per invoice on the hosted page in the window. */
const HOSTED_DECLINES_PER_WINDOW = 10;
const HOSTED_DECLINE_WINDOW_MS = 15 * 60_000;

/** What happened to a hosted-page payment form. */
export type HostedPayOutcome =
  | { kind: 'paid'; invoice: InvoiceRow }
  | { kind: 'already_paid'; invoice: InvoiceRow }
  | { kind: 'unavailable'; invoice: InvoiceRow }
  | { kind: 'redirect'; url: string }
  | { kind: 'card_error'; invoice: InvoiceRow; field: 'number' | 'expiry' | 'cvc' | null; message: string }
  | { kind: 'rate_limited'; invoice: InvoiceRow }
  | { kind: 'not_found' };

/** The hosted invoice page of the local adapter: what it shows, and paying it with a test card. */
export function createHostedPay(
  { db, port, repo, clock, lockedInvoice, logFailure }: PaymentsContext,
  { markPaid }: InvoiceState,
) {
  async function findHostedInvoice(token: string) {
    if (!/^[\w-]{16,64}$/.test(token)) return null;
    const invoice = await repo.findInvoiceByPayToken(db, token);
    if (!invoice) return null;
    const installer = await repo.findInstaller(db, invoice.installerId);
    const request = await repo.findRequestSummary(db, invoice.requestId);
    const paid = (await repo.listPaymentsOfInvoice(db, invoice.id)).find(
      (p) => p.paymentState === 'paid' || p.paymentState === 'settled',
    );
    const vehicle = request
      ? [request.vehicleYear, request.vehicleMake, request.vehicleModel].filter(Boolean).join(' ') || null
      : null;
    return {
      invoice,
      // Test cards are the local adapter's: with Stripe configured, a local invoice is shown, not charged.
      canPayHere: port.kind === 'local' && providerOf(invoice) === 'local',
      installerName: installer?.name ?? 'Your installer',
      vehicle,
      payment: paid ? { method: paid.method, cardLast4: paid.cardLast4, cardType: paid.cardType } : null,
    };
  }

  /** The provider payment id of a hosted-page form: one per form, so a second post of it is recognised. */
  function hostedPaymentId(invoiceId: number, formNonce: string): string {
    return `py_local_${createHash('sha256').update(`${invoiceId}:${formNonce}`).digest('hex').slice(0, 24)}`;
  }

  async function payHostedInvoice(
    token: string,
    card: TestCardInput,
    formNonce: string,
  ): Promise<HostedPayOutcome> {
    const found = await findHostedInvoice(token);
    if (!found) return { kind: 'not_found' };
    const { invoice } = found;
    if (providerOf(invoice) === 'stripe') {
      return invoice.hostedInvoiceUrl
        ? { kind: 'redirect', url: invoice.hostedInvoiceUrl }
        : { kind: 'unavailable', invoice };
    }
    const paymentId = hostedPaymentId(invoice.id, formNonce);
    if (invoice.status === 'paid') return paidOutcome(invoice, paymentId);
    if (invoice.status !== 'open' || !found.canPayHere) return { kind: 'unavailable', invoice };
    const bucket = `pay-declines:${invoice.id}`;
    const since = new Date(clock().getTime() - HOSTED_DECLINE_WINDOW_MS);
    if ((await repo.countHits(db, bucket, since)) >= HOSTED_DECLINES_PER_WINDOW)
      return { kind: 'rate_limited', invoice };

    const charge = chargeTestCard(card, clock());
    if (!charge.ok) {
      if (charge.kind === 'declined') {
        await repo.addHit(db, bucket, clock());
        await logFailure({
          requestId: invoice.requestId,
          failureType: 'card_declined',
          failureStage: 'hosted_page',
          errorMessage: charge.message,
          providerObjectId: label(invoice),
        });
      }
      return { kind: 'card_error', invoice, field: charge.field, message: charge.message };
    }
    const result = await inTx(db, async (tx) => {
      const locked = await lockedInvoice(tx, invoice.id);
      return markPaid(tx, locked, {
        method: 'online',
        providerPaymentId: paymentId,
        cardLast4: charge.last4,
        cardType: charge.brand,
      });
    });
    if (result.changed) return { kind: 'paid', invoice: result.invoice };
    const current = (await repo.findInvoiceById(db, invoice.id)) ?? invoice;
    return current.status === 'paid'
      ? paidOutcome(current, paymentId)
      : { kind: 'unavailable', invoice: current };
  }

  async function paidOutcome(invoice: InvoiceRow, paymentId: string): Promise<HostedPayOutcome> {
    const rows = await repo.listPaymentsOfInvoice(db, invoice.id);
    const isThisForm = rows.some((p) => p.providerPaymentId === paymentId);
    return isThisForm ? { kind: 'paid', invoice } : { kind: 'already_paid', invoice };
  }

  return { findHostedInvoice, payHostedInvoice };
}
