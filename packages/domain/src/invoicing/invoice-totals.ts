/**
 * Amounts of a job's invoices, their platform fee and what the installer earns (000 §3, §5, §9; 002 §3,
 * §4; catalogue K22, K24, K98; settled decision 7). All amounts in cents.
 *
 * - The final invoice asks for what the deposits have not paid: customer total − paid deposits, never
 *   below 0 (a job fully paid by its deposits gets a 0 invoice: "covered").
 * - An invoice carries its share of the job's sales tax: an amount is split over the job's pre-tax final
 *   amount and its taxes in proportion (largest remainder, so a deposit and the final invoice together carry
 *   exactly the job's taxes).
 * - Platform fee on an invoice: 5 % of its pre-tax part, rounded half up (K22 charges the fee on the final
 *   amount, i.e. before tax). With no tax share it is simply 5 % of the invoice amount. Deposit and final
 *   invoices are rounded separately, so their fees may differ by a cent from the request's per-line fee.
 * - Earned = invoice amount − platform fee (K24).
 * - Payment states: invoiced, pending, paid, settled, covered; covered shows as invoiced (decision 7, K98).
 */
import { allocateProportionally, applyRate, type BasisPoints, type Cents, isCents } from '../shared/money';

/** Platform fee on invoices: 5 % (K22). */
export const INVOICE_PLATFORM_FEE_BPS: BasisPoints = 500;

export const paymentStates = ['invoiced', 'pending', 'paid', 'settled', 'covered'] as const;
export type PaymentState = (typeof paymentStates)[number];
export type DisplayPaymentState = Exclude<PaymentState, 'covered'>;
/** States of a payment row whose money has not been received (still to collect, cancel or void). */
export const unreceivedPaymentStates = [
  'invoiced',
  'pending',
  'covered',
] as const satisfies readonly PaymentState[];

/** A payment of a job as pricing needs it (payment_type, payment_state, payment_amount). */
export type PaymentRecord = {
  /** 'deposit' for a deposit, anything else for the final payment. */
  paymentType: string;
  paymentState: PaymentState;
  amountCents: Cents;
};

export type InvoiceTotals = {
  /** What the invoice asks the customer to pay (tax included). */
  amountCents: Cents;
  /** The sales tax inside amountCents. */
  taxCents: Cents;
  platformFeeCents: Cents;
  /** amountCents − platformFeeCents. */
  earnedCents: Cents;
};

export type JobAmounts = {
  /** The job's total after discounts, before tax (finalAmount). */
  finalAmountCents: Cents;
  /** The job's sales tax (0 on dealer work). */
  taxesCents: Cents;
};

function assertAmount(value: number, name: string): void {
  if (!isCents(value) || value < 0) throw new RangeError(`${name} must be whole cents ≥ 0, got ${value}`);
}

export function isPaymentState(value: unknown): value is PaymentState {
  return typeof value === 'string' && (paymentStates as readonly string[]).includes(value);
}

/** The state a user sees: covered shows as invoiced (decision 7). */
export function mapPaymentStateForDisplay(state: PaymentState): DisplayPaymentState {
  return state === 'covered' ? 'invoiced' : state;
}

/** Money received: paid or settled. */
export function isPaymentReceived(state: PaymentState): boolean {
  return state === 'paid' || state === 'settled';
}

/** Σ of the deposit payments received (paid or settled). */
export function sumPaidDeposits(payments: readonly PaymentRecord[]): Cents {
  let total = 0;
  for (const payment of payments) {
    if (payment.paymentType !== 'deposit' || !isPaymentReceived(payment.paymentState)) continue;
    assertAmount(payment.amountCents, 'payment amountCents');
    total += payment.amountCents;
  }
  return total;
}

/** 5 % (by default) of the invoice's pre-tax part, rounded half up. */
export function calculateInvoicePlatformFee(
  amountCents: Cents,
  options: { taxCents?: Cents; platformFeeBps?: BasisPoints } = {},
): Cents {
  const taxCents = options.taxCents ?? 0;
  assertAmount(amountCents, 'amountCents');
  assertAmount(taxCents, 'taxCents');
  if (taxCents > amountCents) throw new RangeError('taxCents cannot exceed amountCents');
  return applyRate(amountCents - taxCents, options.platformFeeBps ?? INVOICE_PLATFORM_FEE_BPS);
}

/** Earned = invoice amount − platform fee (K24). */
export function calculateEarned(amountCents: Cents, platformFeeCents: Cents): Cents {
  return amountCents - platformFeeCents;
}

/** Amount, tax, fee and earnings of one invoice. */
export function calculateInvoiceTotals(input: {
  amountCents: Cents;
  taxCents?: Cents;
  platformFeeBps?: BasisPoints;
}): InvoiceTotals {
  const taxCents = input.taxCents ?? 0;
  const platformFeeCents = calculateInvoicePlatformFee(input.amountCents, {
    taxCents,
    platformFeeBps: input.platformFeeBps,
  });
  return {
    amountCents: input.amountCents,
    taxCents,
    platformFeeCents,
    earnedCents: calculateEarned(input.amountCents, platformFeeCents),
  };
}

/** The tax inside `amountCents` of a job: the amount split over the job's pre-tax total and taxes. */
export function calculateTaxShare(amountCents: Cents, job: JobAmounts): Cents {
  assertAmount(amountCents, 'amountCents');
  assertAmount(job.finalAmountCents, 'finalAmountCents');
  assertAmount(job.taxesCents, 'taxesCents');
  if (job.taxesCents === 0) return 0;
  const [, taxCents = 0] = allocateProportionally(amountCents, [job.finalAmountCents, job.taxesCents]);
  return taxCents;
}

/** Customer total − paid deposits, never below 0. */
export function calculateFinalInvoiceAmount(customerTotalCents: Cents, paidDepositCents: Cents): Cents {
  assertAmount(customerTotalCents, 'customerTotalCents');
  assertAmount(paidDepositCents, 'paidDepositCents');
  return Math.max(customerTotalCents - paidDepositCents, 0);
}

/**
 * The final invoice of a job once its deposits are paid: the rest of the customer total, the taxes the
 * deposits did not carry, the fee on its pre-tax part and the earnings.
 */
export function calculateFinalInvoice(
  input: JobAmounts & { paidDepositCents: Cents; platformFeeBps?: BasisPoints },
): InvoiceTotals & { depositAppliedCents: Cents; isCoveredByDeposits: boolean } {
  assertAmount(input.finalAmountCents, 'finalAmountCents');
  assertAmount(input.taxesCents, 'taxesCents');
  const customerTotalCents = input.finalAmountCents + input.taxesCents;
  const amountCents = calculateFinalInvoiceAmount(customerTotalCents, input.paidDepositCents);
  const depositAppliedCents = customerTotalCents - amountCents;
  const taxCents = input.taxesCents - calculateTaxShare(depositAppliedCents, input);
  return {
    ...calculateInvoiceTotals({ amountCents, taxCents, platformFeeBps: input.platformFeeBps }),
    depositAppliedCents,
    isCoveredByDeposits: amountCents === 0 && depositAppliedCents > 0,
  };
}
