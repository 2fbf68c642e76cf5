/**
 * Batch check settlement (row 109, rules 87–89): an installer ticks up to 25 open dealer invoices paid by one
 * check, then enters the check number. The server checks the same again in one transaction.
 */
export const MAX_BATCH_INVOICES = 25;

export const batchMessages = {
  checkNumber: 'Please enter a check number.',
  noInvoice: 'Please select at least one invoice.',
  tooMany:
    'Maximum 25 invoices can be processed in one batch. Please process this check and start a new batch for additional invoices.',
  failed: 'Error processing check payment. Please try again.',
} as const;

/** M147: 'Check payment processed successfully for n invoices.' */
export function describeBatchSuccess(count: number): string {
  return `Check payment processed successfully for ${count} invoices.`;
}

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
