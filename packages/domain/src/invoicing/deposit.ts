/**
 * Deposit rules of a job (000 §2, §4, §5, §6, §8; catalogue §3.9, §4.4, M22–M25).
 *
 * - The amount is numeric, step 0.01 (dollars on the wire, cents here), at least 0 and never above the job
 *   total (the customer total, tax included); a larger input is ignored: the previous amount stays.
 * - Once deposit invoices exist the amount is locked and cannot be removed (M23).
 * - A positive amount is shown as a percentage of the job (one decimal: '25%', '33.3%').
 * - A deposit invoice needs an amount above zero ('No deposit amount set', M24).
 * - Decision (catalogue §4.4 #20 leaves it open): only installers set deposits, and only on installer-type
 *   jobs (000 §6); dealer work is invoiced to the dealership once finished.
 */
import type { UserType } from '../identity/access';
import type { RequestType } from '../pricing/catalog-price';
import { type Cents, divideRounded, dollarsToCents, isCents } from '../shared/money';
import {
  calculateInvoiceTotals,
  calculateTaxShare,
  INVOICE_PLATFORM_FEE_BPS,
  type InvoiceTotals,
  isPaymentReceived,
  type JobAmounts,
  type PaymentRecord,
} from './invoice-totals';

export const removeDepositConfirmation = 'Remove deposit requirement from this job?';
export const cannotRemoveDepositMessage =
  'Cannot remove deposit - invoices already created. Contact support if needed.';
export const noDepositAmountMessage = 'No deposit amount set';
export const depositSaveErrorMessage = 'Error saving deposit amount';
/** Designed: the spec only disables the field once deposit invoices exist. */
export const depositLockedMessage =
  'Cannot change deposit - invoices already created. Contact support if needed.';

export type DepositDisplayState = 'loading' | 'none' | 'invoiced' | 'paid' | 'error';

export type DepositInputResult =
  | {
      ok: true;
      depositCents: Cents;
      /** The input was above the job total and was ignored: depositCents is the previous amount. */
      isIgnored: boolean;
    }
  | { ok: false; reason: 'NOT_NUMERIC' | 'NEGATIVE' | 'DEPOSIT_LOCKED'; message: string };

/** Installers, on installer-type jobs (see the module comment). */
export function canSetDeposit(caller: UserType, requestType: RequestType): boolean {
  return caller === 'installer' && requestType === 'installer';
}

/** The deposit field is editable until deposit invoices exist. */
export function canEditDeposit(depositInvoiceCount: number): boolean {
  return depositInvoiceCount === 0;
}

/**
 * Applies a typed deposit amount (dollars): refused when not numeric or negative, or once deposit invoices
 * exist; above the job total it is ignored and the current amount stays. Rounded to the cent (step 0.01).
 */
export function applyDepositInput(input: {
  value: number | string | null | undefined;
  currentDepositCents: Cents;
  jobTotalCents: Cents;
  depositInvoiceCount: number;
}): DepositInputResult {
  if (!canEditDeposit(input.depositInvoiceCount)) {
    return { ok: false, reason: 'DEPOSIT_LOCKED', message: depositLockedMessage };
  }
  const parsed = dollarsToCents(input.value);
  if (!parsed.ok) return { ok: false, reason: 'NOT_NUMERIC', message: depositSaveErrorMessage };
  if (parsed.cents < 0) return { ok: false, reason: 'NEGATIVE', message: depositSaveErrorMessage };
  if (parsed.cents > input.jobTotalCents) {
    return { ok: true, depositCents: input.currentDepositCents, isIgnored: true };
  }
  return { ok: true, depositCents: parsed.cents, isIgnored: false };
}

/** Removing the deposit (after M22's confirmation): refused once deposit invoices exist (M23). */
export function removeDeposit(
  depositInvoiceCount: number,
): { ok: true; depositCents: 0 } | { ok: false; reason: 'DEPOSIT_INVOICED'; message: string } {
  if (!canEditDeposit(depositInvoiceCount)) {
    return { ok: false, reason: 'DEPOSIT_INVOICED', message: cannotRemoveDepositMessage };
  }
  return { ok: true, depositCents: 0 };
}

/**
 * The deposit as a percentage of the job, rounded half up to 0.1 %: 25_00 of 100_00 → 25; 1 of 3 → 33.3.
 * Null when there is no positive deposit or job total to show.
 */
export function calculateDepositPercentage(depositCents: Cents, jobTotalCents: Cents): number | null {
  if (!isCents(depositCents) || !isCents(jobTotalCents) || depositCents <= 0 || jobTotalCents <= 0) {
    return null;
  }
  return divideRounded(depositCents * 1_000, jobTotalCents) / 10;
}

/** '25%', '33.3%', or null (see calculateDepositPercentage). */
export function formatDepositPercentage(depositCents: Cents, jobTotalCents: Cents): string | null {
  const percent = calculateDepositPercentage(depositCents, jobTotalCents);
  return percent === null ? null : `${percent}%`;
}

/**
 * The deposit invoice raised at BOOK JOB: refused without a positive amount (M24) or above the job's
 * customer total; it carries its share of the job's tax, and the fee is charged on its pre-tax part.
 */
export function calculateDepositInvoice(
  input: JobAmounts & { depositCents: Cents; platformFeeBps?: number },
):
  | { ok: true; invoice: InvoiceTotals }
  | { ok: false; reason: 'NO_DEPOSIT_AMOUNT' | 'DEPOSIT_ABOVE_TOTAL'; message: string } {
  if (!isCents(input.depositCents) || input.depositCents <= 0) {
    return { ok: false, reason: 'NO_DEPOSIT_AMOUNT', message: noDepositAmountMessage };
  }
  if (input.depositCents > input.finalAmountCents + input.taxesCents) {
    return {
      ok: false,
      reason: 'DEPOSIT_ABOVE_TOTAL',
      message: 'The deposit cannot exceed the job total',
    };
  }
  return {
    ok: true,
    invoice: calculateInvoiceTotals({
      amountCents: input.depositCents,
      taxCents: calculateTaxShare(input.depositCents, input),
      platformFeeBps: input.platformFeeBps ?? INVOICE_PLATFORM_FEE_BPS,
    }),
  };
}

/**
 * The deposit badge state from the job's payments (catalogue §3.9): none without deposit payments, paid when
 * every deposit payment was received, otherwise invoiced (covered counts as invoiced). 'loading' and 'error'
 * belong to the screen.
 */
export function resolveDepositDisplayState(
  payments: readonly Pick<PaymentRecord, 'paymentType' | 'paymentState'>[],
): Exclude<DepositDisplayState, 'loading' | 'error'> {
  const deposits = payments.filter((payment) => payment.paymentType === 'deposit');
  if (deposits.length === 0) return 'none';
  return deposits.every((payment) => isPaymentReceived(payment.paymentState)) ? 'paid' : 'invoiced';
}
