import { describe, expect, it } from 'vitest';
import {
  batchMessages,
  checkBatch,
  describeBatchButton,
  describeBatchSuccess,
  MAX_BATCH_INVOICES,
  toggleBatchInvoice,
} from './batch-check';

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('toggleBatchInvoice (rule 89)', () => {
  it('ticks and unticks an invoice', () => {
    expect(toggleBatchInvoice([1, 2], 3)).toEqual({ ok: true, selected: [1, 2, 3] });
    expect(toggleBatchInvoice([1, 2, 3], 2)).toEqual({ ok: true, selected: [1, 3] });
  });

  it('refuses a 26th invoice with M165, yet still lets one be unticked at 25', () => {
    const full = ids(MAX_BATCH_INVOICES);
    expect(toggleBatchInvoice(full, 99)).toEqual({
      ok: false,
      message:
        'Maximum 25 invoices can be processed in one batch. Please process this check and start a new batch for additional invoices.',
    });
    expect(toggleBatchInvoice(full, 25)).toEqual({ ok: true, selected: ids(24) });
    expect(toggleBatchInvoice(ids(24), 99)).toMatchObject({ ok: true });
  });
});

describe('checkBatch (rules 87–89)', () => {
  it('needs an invoice, at most 25, and a check number that is not blank', () => {
    expect(checkBatch([], '123')).toBe('Please select at least one invoice.');
    expect(checkBatch(ids(26), '123')).toBe(batchMessages.tooMany);
    expect(checkBatch([1], '   ')).toBe('Please enter a check number.');
    expect(checkBatch(ids(25), ' 1042 ')).toBeNull();
  });
});

describe('texts', () => {
  it('counts the selection and the settled invoices', () => {
    expect(describeBatchButton(0)).toBe('Enter Check Payment (0 selected)');
    expect(describeBatchButton(3)).toBe('Enter Check Payment (3 selected)');
    expect(describeBatchSuccess(3)).toBe('Check payment processed successfully for 3 invoices.');
  });
});
