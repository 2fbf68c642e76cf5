import { BATCH_CHECK_MAX, financialsMessages } from '@app/contracts/financials.contract';

/**
 * Batch check settlement (row 109, rules 87–89): an installer ticks up to 25 open dealer invoices paid by one
 * check, then enters the check number. The server checks the same again in one transaction.
 */
export const MAX_BATCH_INVOICES = BATCH_CHECK_MAX;

/** M146, M163–M165 (the contract's words). */
export const batchMessages = {
  checkNumber: financialsMessages.checkNumberRequired,
  noInvoice: financialsMessages.batchEmpty,
  tooMany: financialsMessages.batchTooLarge,
  failed: financialsMessages.checkFailed,
} as const;

/** M147: 'Check payment processed successfully for n invoices.' */
export const describeBatchSuccess = financialsMessages.checkProcessed;

/** 'Enter Check Payment (N selected)', disabled at zero (rule 88). */
export function describeBatchButton(count: number): string {
  return `Enter Check Payment (${count} selected)`;
}

export type BatchToggle = { ok: true; selected: readonly number[] } | { ok: false; message: string };

/** Ticks or unticks one invoice; a 26th is refused with M165 and the selection stays as it was (rule 89). */
export function toggleBatchInvoice(selected: readonly number[], invoiceId: number): BatchToggle {
  if (selected.includes(invoiceId)) return { ok: true, selected: selected.filter((id) => id !== invoiceId) };
  if (selected.length >= MAX_BATCH_INVOICES) return { ok: false, message: batchMessages.tooMany };
  return { ok: true, selected: [...selected, invoiceId] };
}

/** What the Process Check Payment modal refuses before calling the server (rules 87–89), or null. */
export function checkBatch(selected: readonly number[], checkNumber: string): string | null {
  if (selected.length === 0) return batchMessages.noInvoice;
  if (selected.length > MAX_BATCH_INVOICES) return batchMessages.tooMany;
  if (checkNumber.trim() === '') return batchMessages.checkNumber;
  return null;
}
