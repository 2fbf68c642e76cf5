import type { TRequestPayment } from '@app/contracts/payments.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { unreceivedPaymentStates } from '@app/domain/invoicing/invoice-totals';
import { wireDollarsToCents } from '../../lib/money';
import { computeCustomerTotalCents } from '../service-requests/request-format';

const unreceived: ReadonlySet<string> = new Set(unreceivedPaymentStates);

/**
 * What the customer still owes on a job: its customer total less the money received. The received money
 * comes from the job's payments when they are loaded (paid or settled deposits and invoices), else from the
 * paid deposit the request carries. Never below 0.
 */
export function computeBalanceDueCents(
  request: Pick<TRequestimate, 'requestTotal' | 'requestDiscount' | 'requestTaxes' | 'depositPaidAmount'>,
  payments: readonly Pick<TRequestPayment, 'payment_state' | 'amount_cents'>[] | null | undefined,
): number {
  const received = payments
    ? payments
        .filter((payment) => !unreceived.has(payment.payment_state))
        .reduce((sum, payment) => sum + payment.amount_cents, 0)
    : wireDollarsToCents(request.depositPaidAmount);
  return Math.max(computeCustomerTotalCents(request) - received, 0);
}
