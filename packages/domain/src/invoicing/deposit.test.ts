import { describe, expect, it } from 'vitest';
import {
  applyDepositInput,
  calculateDepositInvoice,
  calculateDepositPercentage,
  canEditDeposit,
  cannotRemoveDepositMessage,
  canSetDeposit,
  formatDepositPercentage,
  noDepositAmountMessage,
  removeDeposit,
  removeDepositConfirmation,
  resolveDepositDisplayState,
} from './deposit';

describe('who sets deposits', () => {
  it.each([
    ['installer', 'installer', true],
    ['installer', 'dealer', false],
    ['dealer', 'dealer', false],
    ['dealer', 'installer', false],
  ] as const)('%s on %s work → %s', (caller, requestType, expected) => {
    expect(canSetDeposit(caller, requestType)).toBe(expected);
  });

  it.each([
    [0, true],
    [1, false],
    [3, false],
  ])('with %i deposit invoices editable is %s', (count, expected) => {
    expect(canEditDeposit(count)).toBe(expected);
  });
});

describe('applyDepositInput (numeric, step 0.01, 0..job total)', () => {
  const base = { currentDepositCents: 10_000, jobTotalCents: 236_500, depositInvoiceCount: 0 };

  it.each([
    // value, deposit, ignored
    ['500', 50_000, false],
    [500, 50_000, false],
    ['0', 0, false],
    [0, 0, false],
    ['2365', 236_500, false], // exactly the job total
    [2365, 236_500, false],
    ['2365.004', 236_500, false], // rounds to the cent first
    ['123.456', 12_346, false], // step 0.01: half up
    [0.005, 1, false],
    ['2365.01', 10_000, true], // larger input is ignored: previous amount stays
    [1e9, 10_000, true],
  ] as const)('%j → %i (ignored %s)', (value, depositCents, isIgnored) => {
    expect(applyDepositInput({ ...base, value })).toEqual({ ok: true, depositCents, isIgnored });
  });

  it.each([
    ['abc', 'NOT_NUMERIC'],
    ['', 'NOT_NUMERIC'],
    [null, 'NOT_NUMERIC'],
    [Number.NaN, 'NOT_NUMERIC'],
    [Number.POSITIVE_INFINITY, 'NOT_NUMERIC'],
    ['-1', 'NEGATIVE'],
    [-0.01, 'NEGATIVE'],
  ] as const)('refuses %j (%s)', (value, reason) => {
    expect(applyDepositInput({ ...base, value })).toEqual({
      ok: false,
      reason,
      message: 'Error saving deposit amount',
    });
  });

  it('is locked once deposit invoices exist', () => {
    expect(applyDepositInput({ ...base, depositInvoiceCount: 1, value: '100' })).toMatchObject({
      ok: false,
      reason: 'DEPOSIT_LOCKED',
    });
  });
});

describe('removeDeposit', () => {
  it('asks the spec question first', () => {
    expect(removeDepositConfirmation).toBe('Remove deposit requirement from this job?');
  });

  it('removes while no deposit invoice exists', () => {
    expect(removeDeposit(0)).toEqual({ ok: true, depositCents: 0 });
  });

  it('refuses once invoices exist, with the spec message', () => {
    expect(removeDeposit(2)).toEqual({
      ok: false,
      reason: 'DEPOSIT_INVOICED',
      message: 'Cannot remove deposit - invoices already created. Contact support if needed.',
    });
    expect(cannotRemoveDepositMessage).toBe(
      'Cannot remove deposit - invoices already created. Contact support if needed.',
    );
  });
});

describe('deposit as a percentage of the job', () => {
  it.each([
    [25_000, 100_000, 25, '25%'],
    [100, 300, 33.3, '33.3%'], // 1/3
    [200, 300, 66.7, '66.7%'], // 2/3
    [100_000, 100_000, 100, '100%'],
    [1, 100_000, 0, '0%'], // 0.001 %
    [50, 100_000, 0.1, '0.1%'], // 0.05 % rounds up
    [50_000, 236_500, 21.1, '21.1%'], // 21.14
    [0, 100_000, null, null],
    [100, 0, null, null],
  ])('%i of %i → %s (%s)', (deposit, total, percent, label) => {
    expect(calculateDepositPercentage(deposit, total)).toBe(percent);
    expect(formatDepositPercentage(deposit, total)).toBe(label);
  });
});

describe('calculateDepositInvoice', () => {
  it('needs an amount above zero', () => {
    for (const depositCents of [0, -100, Number.NaN]) {
      expect(calculateDepositInvoice({ depositCents, finalAmountCents: 100_000, taxesCents: 7_500 })).toEqual(
        {
          ok: false,
          reason: 'NO_DEPOSIT_AMOUNT',
          message: 'No deposit amount set',
        },
      );
    }
    expect(noDepositAmountMessage).toBe('No deposit amount set');
  });

  it('refuses a deposit above the job total', () => {
    expect(
      calculateDepositInvoice({ depositCents: 107_501, finalAmountCents: 100_000, taxesCents: 7_500 }),
    ).toMatchObject({ ok: false, reason: 'DEPOSIT_ABOVE_TOTAL' });
  });

  it.each([
    // deposit, final, taxes → tax share, fee, earned
    [50_000, 220_000, 16_500, 3_488, 2_326, 47_674], // fee 5 % of 465.12 = 23.256
    [25_000, 100_000, 0, 0, 1_250, 23_750], // no tax
    [107_500, 100_000, 7_500, 7_500, 5_000, 102_500], // the whole job
    [1, 100_000, 7_500, 0, 0, 1],
  ])(
    'deposit %i on %i + %i tax → tax %i, fee %i, earned %i',
    (depositCents, finalAmountCents, taxesCents, tax, fee, earned) => {
      expect(calculateDepositInvoice({ depositCents, finalAmountCents, taxesCents })).toEqual({
        ok: true,
        invoice: { amountCents: depositCents, taxCents: tax, platformFeeCents: fee, earnedCents: earned },
      });
    },
  );
});

describe('resolveDepositDisplayState (catalogue §3.9)', () => {
  it.each([
    [[], 'none'],
    [[{ paymentType: 'final', paymentState: 'paid' }], 'none'],
    [[{ paymentType: 'deposit', paymentState: 'invoiced' }], 'invoiced'],
    [[{ paymentType: 'deposit', paymentState: 'covered' }], 'invoiced'],
    [[{ paymentType: 'deposit', paymentState: 'pending' }], 'invoiced'],
    [[{ paymentType: 'deposit', paymentState: 'paid' }], 'paid'],
    [[{ paymentType: 'deposit', paymentState: 'settled' }], 'paid'],
    [
      [
        { paymentType: 'deposit', paymentState: 'paid' },
        { paymentType: 'deposit', paymentState: 'invoiced' },
      ],
      'invoiced',
    ],
  ] as const)('%j → %s', (payments, expected) => {
    expect(resolveDepositDisplayState(payments)).toBe(expected);
  });
});
