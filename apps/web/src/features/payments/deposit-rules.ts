import type { TSessionUser } from '@app/contracts/auth.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import {
  applyDepositInput,
  canEditDeposit,
  canSetDeposit,
  depositLockedMessage,
  depositSaveErrorMessage,
  formatDepositPercentage,
  removeDeposit,
} from '@app/domain/invoicing/deposit';
import { type Cents, dollarsToCents } from '@app/domain/shared/money';

/**
 * The 'Set deposit amount' popup (000 §2, §5, §6, §8): the screen's side of the deposit rules of
 * packages/domain/src/invoicing/deposit.ts, which the server applies again on save.
 */

export const DEPOSIT_POPUP_TITLE = 'Set deposit amount';
/** Designed: the server takes a deposit only before BOOK JOB (the deposit invoice is raised by booking). */
export const depositBeforeBookingNote = 'The deposit can be set until the job is booked.';

export type DepositControl =
  | { isShown: false }
  | {
      isShown: true;
      /** False once deposit invoices exist (the field is disabled). */
      isEditable: boolean;
      /** Why the field is disabled. */
      lockedReason: string | null;
    };

/**
 * Whether the installer sees the 'Set deposit amount' button, and whether the amount may change: only the
 * installer who created an installer-type job (000 §6; ASSIST never reaches the panel), while the job is new
 * and has no deposit invoice. Once invoiced the popup still opens, read-only, so removal can be refused.
 */
export function decideDepositControl(input: {
  userType: TSessionUser['userType'];
  companyId: number;
  request: Pick<TRequestimate, 'requestType' | 'currentState' | 'requestor'>;
  depositInvoiceCount: number;
}): DepositControl {
  const { userType, companyId, request, depositInvoiceCount } = input;
  if (userType !== 'installer' || !canSetDeposit('installer', request.requestType)) return { isShown: false };
  if (request.requestor !== companyId) return { isShown: false };
  if (!canEditDeposit(depositInvoiceCount)) {
    return { isShown: true, isEditable: false, lockedReason: depositLockedMessage };
  }
  if (request.currentState !== 'new') return { isShown: false };
  return { isShown: true, isEditable: true, lockedReason: null };
}

/**
 * Whether the field accepts what is being typed: anything up to the job total; a larger amount is ignored
 * (the keystroke does not change the field). Partial input ('', '12.') is accepted while typing.
 */
export function isDepositKeystrokeAccepted(typed: string, jobTotalCents: Cents): boolean {
  if (typed.trim() === '') return true;
  const result = applyDepositInput({
    value: typed,
    currentDepositCents: 0,
    jobTotalCents,
    depositInvoiceCount: 0,
  });
  return result.ok ? !result.isIgnored : result.reason === 'NOT_NUMERIC';
}

export type DepositSaveDecision =
  | { ok: true; depositCents: Cents; dollars: string }
  | { ok: false; message: string };

/** The amount to send on Save: numeric, at least 0, at most the job total, rounded to the cent. */
export function decideDepositSave(input: {
  value: string | number;
  currentDepositCents: Cents;
  jobTotalCents: Cents;
  depositInvoiceCount: number;
}): DepositSaveDecision {
  if (typeof input.value === 'string' && input.value.trim() === '') {
    return { ok: false, message: 'Enter a deposit amount' };
  }
  const result = applyDepositInput(input);
  if (!result.ok) return { ok: false, message: result.message };
  if (result.isIgnored) return { ok: false, message: 'The deposit cannot exceed the job total' };
  return { ok: true, depositCents: result.depositCents, dollars: centsToDollarText(result.depositCents) };
}

/** Removing: refused once deposit invoices exist, otherwise asked first (M22, M23). */
export function decideDepositRemoval(depositInvoiceCount: number) {
  return removeDeposit(depositInvoiceCount);
}

/** '25% of the job' for a positive deposit, otherwise null (000 §5). */
export function describeDepositShare(depositCents: Cents, jobTotalCents: Cents): string | null {
  const percent = formatDepositPercentage(depositCents, jobTotalCents);
  return percent === null ? null : `${percent} of the job`;
}

/** The deposit the request carries, in cents (0 when none or unreadable). */
export function depositCentsOf(request: Pick<TRequestimate, 'depositAmount'>): Cents {
  const parsed = dollarsToCents(request.depositAmount);
  return parsed.ok && parsed.cents > 0 ? parsed.cents : 0;
}

/**
 * A booked installer job with a deposit but no deposit invoice: raising it failed at BOOK JOB (000 §8 'Please
 * check the deposit section'), so the installer who made the job may raise it again.
 */
export function isDepositInvoiceMissing(input: {
  userType: TSessionUser['userType'];
  companyId: number;
  request: Pick<TRequestimate, 'requestType' | 'currentState' | 'requestor' | 'depositAmount'>;
  depositPaymentCount: number;
}): boolean {
  const { request } = input;
  return (
    input.userType === 'installer' &&
    request.requestType === 'installer' &&
    request.requestor === input.companyId &&
    depositCentsOf(request) > 0 &&
    input.depositPaymentCount === 0 &&
    ['scheduled', 'received', 'started'].includes(request.currentState)
  );
}

/** Cents as the dollars text the server takes ('100.50'). */
export function centsToDollarText(cents: Cents): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${whole}.${rest}`;
}

export { depositSaveErrorMessage };
