import type { ProviderEvent } from '../../adapters/payments/payment-port';
import { applyAccountUpdate } from '../payment-onboarding/payment-onboarding.repository';
import type { CardPayments } from './payments.card-payments';
import { inTx, type PaymentsContext } from './payments.context';
import type { InvoiceState } from './payments.invoice-state';

/** Webhooks: a verified provider event changes an invoice or a card payment at most once. */
export function createProviderEvents(
  { db, repo, logger, lockedInvoice, logFailure, clock }: PaymentsContext,
  { markPaid, voidLocked }: InvoiceState,
  { applyCardOutcome }: Pick<CardPayments, 'applyCardOutcome'>,
) {
  /** Applies a verified provider event; `applied` is false for a repeat or an event we do not use. */
  async function handleProviderEvent(event: ProviderEvent): Promise<{ applied: boolean }> {
    switch (event.kind) {
      case 'invoice_paid': {
        const found = await repo.findInvoiceByProviderId(db, event.providerInvoiceId);
        if (!found) {
          logger.warn(
            { eventId: event.eventId, invoice: event.providerInvoiceId },
            'webhook for an unknown invoice',
          );
          return { applied: false };
        }
        const attempt = event.providerPaymentId
          ? await repo.findAttemptByIntent(db, event.providerPaymentId)
          : null;
        const result = await inTx(db, async (tx) => {
          const invoice = await lockedInvoice(tx, found.id);
          if (invoice.status === 'void') return { changed: false, isVoid: true };
          const paid = await markPaid(tx, invoice, {
            method: attempt ? 'card' : 'online',
            providerPaymentId: event.providerPaymentId ?? event.providerInvoiceId,
          });
          return { changed: paid.changed, isVoid: false };
        });
        if (result.isVoid) {
          await logFailure({
            requestId: found.requestId,
            failureType: 'payment_on_void_invoice',
            failureStage: 'webhook',
            errorMessage: `Stripe reports invoice ${event.providerInvoiceId} paid, but it is void here: refund it`,
            providerObjectId: event.providerInvoiceId,
          });
        }
        return { applied: result.changed };
      }
      case 'invoice_voided': {
        const found = await repo.findInvoiceByProviderId(db, event.providerInvoiceId);
        if (!found) return { applied: false };
        const changed = await inTx(db, async (tx) => {
          const invoice = await lockedInvoice(tx, found.id);
          if (invoice.status !== 'draft' && invoice.status !== 'open') return false;
          await voidLocked(tx, invoice);
          return true;
        });
        return { applied: changed };
      }
      case 'card_payment': {
        const before = await repo.findAttemptByIntent(db, event.intentId);
        if (!before) return { applied: false };
        const after = await applyCardOutcome(event.intentId, event.state);
        return { applied: !!after && after.status !== before.status };
      }
      case 'account_updated':
        // Payment onboarding (P27): the installer's account became able (or unable) to be paid.
        return { applied: await applyAccountUpdate(db, event, clock()) };
      default:
        return { applied: false };
    }
  }

  return { handleProviderEvent };
}
