import type { TInvoiceStatus, TRequestPayment } from '@app/contracts/payments.contract';
import type { TRequestState } from '@app/contracts/service-requests.contract';

export type PaymentMethodKey = 'check' | 'online' | 'swipe' | 'settle';

/**
 * 000 §5: with a card reader configured Check/Cash, Pay Online, Swipe Card; otherwise Check/Cash,
 * Pay Online, Settle. (Swipe also needs an invoice: the panel offers methods only for an open invoice.)
 */
export function availablePaymentMethods({ hasReader }: { hasReader: boolean }): PaymentMethodKey[] {
  return hasReader ? ['check', 'online', 'swipe'] : ['check', 'online', 'settle'];
}

/** Jobs whose work is done: they carry the final invoice. */
export function isJobFinished(state: TRequestState): boolean {
  return state === 'finished' || state === 'collected' || state === 'reviewed';
}

export function invoiceStatusLabel(status: TInvoiceStatus): string {
  return { draft: 'Draft', open: 'Open', paid: 'Paid', void: 'Void' }[status];
}

/** How a received payment was made, for the paid invoice line. Null when unknown. */
export function describePaidMethod(
  payment: Pick<TRequestPayment, 'method' | 'check_number' | 'card_last4'> | null,
): string | null {
  switch (payment?.method) {
    case 'check':
      return payment.check_number ? `Paid by check #${payment.check_number}` : 'Paid by check';
    case 'cash':
      return 'Paid in cash';
    case 'card':
      return payment.card_last4 ? `Paid by card ending ${payment.card_last4}` : 'Paid by card';
    case 'online':
      return 'Paid online';
    case 'settle':
      return 'Settled';
    default:
      return null;
  }
}
