import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateEarned,
  calculateFinalInvoice,
  calculateFinalInvoiceAmount,
  calculateInvoicePlatformFee,
  calculateInvoiceTotals,
  calculateTaxShare,
  isPaymentReceived,
  isPaymentState,
  mapPaymentStateForDisplay,
  type PaymentRecord,
  paymentStates,
  sumPaidDeposits,
} from './invoice-totals';

describe('payment states (decision 7, K98)', () => {
  it('knows the five states', () => {
    expect(paymentStates).toEqual(['invoiced', 'pending', 'paid', 'settled', 'covered']);
  });

  it.each([
    ['invoiced', 'invoiced', false],
    ['pending', 'pending', false],
    ['paid', 'paid', true],
    ['settled', 'settled', true],
    ['covered', 'invoiced', false],
  ] as const)('%s shows as %s (received %s)', (state, shown, received) => {
    expect(mapPaymentStateForDisplay(state)).toBe(shown);
    expect(isPaymentReceived(state)).toBe(received);
  });

  it.each([
    ['paid', true],
    ['covered', true],
    ['void', false],
    [null, false],
  ])('isPaymentState(%j) is %s', (value, expected) => {
    expect(isPaymentState(value)).toBe(expected);
  });
});

describe('sumPaidDeposits', () => {
  it('adds only deposits that were paid or settled', () => {
    const payments: PaymentRecord[] = [
      { paymentType: 'deposit', paymentState: 'paid', amountCents: 10_000 },
      { paymentType: 'deposit', paymentState: 'settled', amountCents: 2_500 },
      { paymentType: 'deposit', paymentState: 'invoiced', amountCents: 7_000 },
      { paymentType: 'deposit', paymentState: 'covered', amountCents: 7_000 },
      { paymentType: 'final', paymentState: 'paid', amountCents: 50_000 },
    ];
    expect(sumPaidDeposits(payments)).toBe(12_500);
    expect(sumPaidDeposits([])).toBe(0);
  });
});

describe('platform fee and earnings on an invoice (K22, K24)', () => {
  it.each([
    // amount, tax, fee
    [100_000, 0, 5_000],
    [1_999, 0, 100], // 99.95
    [9, 0, 0], // 0.45
    [10, 0, 1], // 0.5
    [12_345, 0, 617], // 617.25
    [107_500, 7_500, 5_000], // tax excluded from the fee base
    [2_164, 165, 100], // 19.99 + 8.25 % tax
    [0, 0, 0],
  ])('amount %i with tax %i → fee %i', (amountCents, taxCents, fee) => {
    expect(calculateInvoicePlatformFee(amountCents, { taxCents })).toBe(fee);
    expect(calculateInvoiceTotals({ amountCents, taxCents })).toEqual({
      amountCents,
      taxCents,
      platformFeeCents: fee,
      earnedCents: amountCents - fee,
    });
  });

  it('uses a given fee rate', () => {
    expect(calculateInvoicePlatformFee(10_000, { platformFeeBps: 300 })).toBe(300);
  });

  it('earned = invoice amount − platform fee', () => {
    expect(calculateEarned(100_000, 5_000)).toBe(95_000);
  });

  it.each([
    [-1, 0],
    [1.5, 0],
    [100, 101],
  ])('throws on amount %d with tax %d', (amount, tax) => {
    expect(() => calculateInvoicePlatformFee(amount, { taxCents: tax })).toThrow(RangeError);
  });
});

describe('calculateTaxShare', () => {
  it.each([
    // amount, final, taxes, tax share
    [107_500, 100_000, 7_500, 7_500],
    [50_000, 100_000, 7_500, 3_488], // 3488.37
    [1, 100_000, 7_500, 0],
    [25_000, 100_000, 0, 0],
    [0, 100_000, 7_500, 0],
  ])('%i of a %i + %i job carries %i tax', (amount, finalAmountCents, taxesCents, share) => {
    expect(calculateTaxShare(amount, { finalAmountCents, taxesCents })).toBe(share);
  });
});

describe('final invoice', () => {
  it.each([
    // customer total, paid deposits, amount
    [236_500, 0, 236_500],
    [236_500, 50_000, 186_500],
    [236_500, 236_500, 0],
    [236_500, 300_000, 0], // never below 0
    [0, 0, 0],
  ])('customer total %i − deposits %i → %i', (total, paid, amount) => {
    expect(calculateFinalInvoiceAmount(total, paid)).toBe(amount);
  });

  it('bills the rest of a retail job after a deposit, with the rest of the tax', () => {
    // final 2200.00, taxes 7.5 % 165.00, customer total 2365.00; a 500.00 deposit carried 34.88 tax.
    expect(
      calculateFinalInvoice({ finalAmountCents: 220_000, taxesCents: 16_500, paidDepositCents: 50_000 }),
    ).toEqual({
      amountCents: 186_500,
      taxCents: 13_012,
      platformFeeCents: 8_674, // 5 % of 1734.88 = 86.744
      earnedCents: 177_826,
      depositAppliedCents: 50_000,
      isCoveredByDeposits: false,
    });
  });

  it('bills a dealer job in full without tax', () => {
    expect(calculateFinalInvoice({ finalAmountCents: 206_500, taxesCents: 0, paidDepositCents: 0 })).toEqual({
      amountCents: 206_500,
      taxCents: 0,
      platformFeeCents: 10_325,
      earnedCents: 196_175,
      depositAppliedCents: 0,
      isCoveredByDeposits: false,
    });
  });

  it('is covered when the deposits paid everything', () => {
    expect(
      calculateFinalInvoice({ finalAmountCents: 10_000, taxesCents: 750, paidDepositCents: 20_000 }),
    ).toMatchObject({
      amountCents: 0,
      taxCents: 0,
      platformFeeCents: 0,
      depositAppliedCents: 10_750,
      isCoveredByDeposits: true,
    });
  });

  it('deposit and final invoice together carry exactly the job tax and total (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1_500 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (finalAmountCents, taxBps, depositShare) => {
          const taxesCents = Math.round((finalAmountCents * taxBps) / 10_000);
          const customerTotal = finalAmountCents + taxesCents;
          const deposit = Math.floor(customerTotal * depositShare);
          const depositTax = calculateTaxShare(deposit, { finalAmountCents, taxesCents });
          const invoice = calculateFinalInvoice({ finalAmountCents, taxesCents, paidDepositCents: deposit });
          expect(invoice.amountCents + deposit).toBe(customerTotal);
          expect(invoice.taxCents + depositTax).toBe(taxesCents);
          expect(invoice.taxCents).toBeGreaterThanOrEqual(0);
          expect(invoice.taxCents).toBeLessThanOrEqual(invoice.amountCents);
          expect(invoice.platformFeeCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
