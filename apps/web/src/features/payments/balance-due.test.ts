import { describe, expect, it } from 'vitest';
import { buildRequest } from '../service-requests/service-requests.fixtures';
import { computeBalanceDueCents } from './balance-due';

const job = buildRequest({
  requestTotal: 1000,
  requestDiscount: 100,
  requestTaxes: 63,
  depositPaidAmount: 200,
});

describe('computeBalanceDueCents', () => {
  it('is the customer total less the paid deposit until the payments are loaded', () => {
    expect(computeBalanceDueCents(job, null)).toBe(763_00);
  });

  it('counts paid and settled payments, not invoiced, pending or covered ones', () => {
    expect(
      computeBalanceDueCents(job, [
        { payment_state: 'paid', amount_cents: 200_00 },
        { payment_state: 'invoiced', amount_cents: 763_00 },
        { payment_state: 'pending', amount_cents: 1_00 },
        { payment_state: 'covered', amount_cents: 0 },
      ]),
    ).toBe(763_00);
    expect(
      computeBalanceDueCents(job, [
        { payment_state: 'paid', amount_cents: 200_00 },
        { payment_state: 'settled', amount_cents: 763_00 },
      ]),
    ).toBe(0);
  });

  it('never goes below zero', () => {
    expect(computeBalanceDueCents(job, [{ payment_state: 'paid', amount_cents: 5_000_00 }])).toBe(0);
  });
});
