import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentToBps } from '../shared/money';
import {
  calculateQuoteTotals,
  describeServiceRequested,
  formatPricingValidationMessage,
  PLATFORM_FEE_BPS,
  type QuoteLine,
  type QuoteTotals,
  type SubmittedQuote,
  validateQuote,
} from './quote-total';

function line(amountCents: number, discountCents = 0, extra: Partial<QuoteLine> = {}): QuoteLine {
  return {
    category: 'PPF',
    description: 'Full Front PPF',
    amountCents,
    discountCents,
    durationTenths: 10,
    ...extra,
  };
}

describe('calculateQuoteTotals: retail work', () => {
  it.each([
    // lines, tax bps, original, discount, final, fee, taxes, customer total
    ['no lines', [], 750, 0, 0, 0, 0, 0, 0],
    ['one line, no tax', [line(10_000)], 0, 10_000, 0, 10_000, 500, 0, 10_000],
    [
      '7.5 % tax',
      [line(190_000, 10_000), line(40_000)],
      750,
      230_000,
      10_000,
      220_000,
      11_000,
      16_500,
      236_500,
    ],
    ['8.25 % tax on odd cents', [line(1_999)], 825, 1_999, 0, 1_999, 100, 165, 2_164],
    ['8.25 % tax rounding half up', [line(200)], 825, 200, 0, 200, 10, 17, 217],
    ['7.5 % tax rounding half up', [line(2_020)], 750, 2_020, 0, 2_020, 101, 152, 2_172],
    ['8.875 % (fractional bps)', [line(10_000)], 887.5, 10_000, 0, 10_000, 500, 888, 10_888],
    ['full discount', [line(5_000, 5_000)], 750, 5_000, 5_000, 0, 0, 0, 0],
  ] as const)('%s', (_, lines, taxRateBps, original, discount, final, fee, taxes, customerTotal) => {
    const totals = calculateQuoteTotals(lines, { requestType: 'installer', taxRateBps });
    expect(totals).toMatchObject({
      requestType: 'installer',
      originalTotal: original,
      totalDiscount: discount,
      finalAmount: final,
      platformFee: fee,
      taxes,
      customerTotal,
    });
    expect(totals).not.toHaveProperty('margin');
  });

  it('takes the tax rate from a percentage exactly (7.5 %, 8.25 %)', () => {
    expect(
      calculateQuoteTotals([line(1_999)], { requestType: 'installer', taxRateBps: percentToBps(7.5) }).taxes,
    ).toBe(150); // 149.925
    expect(
      calculateQuoteTotals([line(1_999)], { requestType: 'installer', taxRateBps: percentToBps(8.25) }).taxes,
    ).toBe(165); // 164.9175
  });

  it('computes the fee per line, rounding each half up, then sums (K22)', () => {
    // Three lines of 0.10: each fee is 0.005 → 0.01, so 0.03; 5 % of the 0.30 total would be 0.015 → 0.02.
    const totals = calculateQuoteTotals([line(10), line(10), line(10)], { requestType: 'installer' });
    expect(totals.lines.map((l) => l.feeCents)).toEqual([1, 1, 1]);
    expect(totals.platformFee).toBe(3);
    // 5 % of odd cents: 19.99 → 0.9995 → 1.00; 0.09 → 0.0045 → 0.00; 0.29 → 0.0145 → 0.01
    expect(
      calculateQuoteTotals([line(1_999), line(9), line(29)], { requestType: 'installer' }).lines.map(
        (l) => l.feeCents,
      ),
    ).toEqual([100, 0, 1]);
  });

  it('charges the fee on the discounted value of each line', () => {
    const totals = calculateQuoteTotals([line(190_000, 10_000), line(40_000, 1_001)], {
      requestType: 'installer',
    });
    expect(totals.lines).toEqual([
      {
        amountCents: 190_000,
        discountCents: 10_000,
        valueCents: 180_000,
        feeCents: 9_000,
        durationTenths: 10,
      },
      { amountCents: 40_000, discountCents: 1_001, valueCents: 38_999, feeCents: 1_950, durationTenths: 10 },
    ]);
    expect(totals.platformFee).toBe(10_950);
  });

  it('uses a given platform fee rate', () => {
    expect(
      calculateQuoteTotals([line(10_000)], { requestType: 'installer', platformFeeBps: 1_000 }).platformFee,
    ).toBe(1_000);
    expect(PLATFORM_FEE_BPS).toBe(500);
  });

  it.each([
    ['above the amount', 12_000, 10_000],
    ['negative', -500, 0],
  ])('clamps a discount %s', (_, discount, clamped) => {
    const totals = calculateQuoteTotals([line(10_000, discount)], { requestType: 'installer' });
    expect(totals.totalDiscount).toBe(clamped);
    expect(totals.finalAmount).toBe(10_000 - clamped);
  });

  it('sums durations, a line without one counting 1 day', () => {
    const totals = calculateQuoteTotals(
      [
        line(1, 0, { durationTenths: 15 }),
        line(1, 0, { durationTenths: null }),
        line(1, 0, { durationTenths: 0 }),
      ],
      { requestType: 'installer' },
    );
    expect(totals.totalDuration).toBe(25);
  });

  it.each([
    ['fractional cents', [line(10.5)]],
    ['negative amount', [line(-1)]],
    ['NaN amount', [line(Number.NaN)]],
    ['fractional duration tenths', [line(100, 0, { durationTenths: 1.5 })]],
  ])('throws on %s', (_, lines) => {
    expect(() => calculateQuoteTotals(lines, { requestType: 'installer' })).toThrow(RangeError);
  });

  it('throws on a bad rate', () => {
    expect(() => calculateQuoteTotals([], { requestType: 'installer', taxRateBps: -1 })).toThrow(RangeError);
    expect(() => calculateQuoteTotals([], { requestType: 'installer', platformFeeBps: Number.NaN })).toThrow(
      RangeError,
    );
  });
});

describe('calculateQuoteTotals: dealer work', () => {
  it('charges no tax and adds wholesale, retail and margin', () => {
    const totals = calculateQuoteTotals(
      [line(161_500, 0, { retailPriceCents: 190_000 }), line(45_000, 0, { retailPriceCents: 60_000 })],
      { requestType: 'dealer', taxRateBps: 825 },
    );
    expect(totals).toMatchObject({
      requestType: 'dealer',
      originalTotal: 206_500,
      totalDiscount: 0,
      finalAmount: 206_500,
      platformFee: 10_325,
      taxes: 0,
      customerTotal: 206_500,
      wholesaleTotal: 206_500,
      retailTotal: 250_000,
      margin: 43_500,
      marginPercent: 17, // 17.4
    });
  });

  it('counts a line without a retail price at its amount, and a discount as extra margin', () => {
    const totals = calculateQuoteTotals([line(10_000, 1_000, { retailPriceCents: null }), line(5_000)], {
      requestType: 'dealer',
    });
    expect(totals).toMatchObject({
      retailTotal: 15_000,
      finalAmount: 14_000,
      margin: 1_000,
      marginPercent: 7,
    });
  });

  it('has no margin percent without a retail total', () => {
    expect(calculateQuoteTotals([], { requestType: 'dealer' })).toMatchObject({
      retailTotal: 0,
      margin: 0,
      marginPercent: null,
    });
  });
});

describe('calculateQuoteTotals: invariants (property)', () => {
  const lineArbitrary = fc
    .record({
      amountCents: fc.integer({ min: 0, max: 10_000_000 }),
      discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
      durationTenths: fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
      retailPriceCents: fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: null }),
    })
    .map(
      ({ amountCents, discountShare, durationTenths, retailPriceCents }): QuoteLine => ({
        category: 'PPF',
        description: 'Random',
        amountCents,
        discountCents: Math.floor(amountCents * discountShare),
        durationTenths,
        retailPriceCents,
      }),
    );

  it('final = original − discount, fee and taxes ≥ 0, customer total − taxes = final', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 12 }),
        fc.constantFrom('dealer', 'installer'),
        fc.integer({ min: 0, max: 1_500 }),
        (lines, requestType, taxRateBps) => {
          const totals = calculateQuoteTotals(lines, { requestType, taxRateBps });
          expect(totals.finalAmount).toBe(totals.originalTotal - totals.totalDiscount);
          expect(totals.platformFee).toBeGreaterThanOrEqual(0);
          expect(totals.taxes).toBeGreaterThanOrEqual(0);
          expect(totals.customerTotal - totals.taxes).toBe(totals.finalAmount);
          expect(totals.platformFee).toBe(totals.lines.reduce((sum, l) => sum + l.feeCents, 0));
          // Per-line rounding stays within half a cent per line of 5 % of the final amount.
          expect(Math.abs(totals.platformFee - totals.finalAmount * 0.05)).toBeLessThanOrEqual(
            lines.length * 0.5 + 1e-6,
          );
          for (const value of [
            totals.originalTotal,
            totals.platformFee,
            totals.taxes,
            totals.customerTotal,
          ]) {
            expect(Number.isSafeInteger(value)).toBe(true);
          }
          if (requestType === 'dealer') expect(totals.taxes).toBe(0);
        },
      ),
    );
  });
});

describe('describeServiceRequested (K96)', () => {
  it.each([
    [[], ''],
    [[{ category: 'PPF', description: 'Full Front PPF' }], 'PPF - Full Front PPF'],
    [
      [
        { category: 'PPF', description: 'Full Front PPF' },
        { category: 'Glass/Tint', description: 'Ceramic Window Tint' },
      ],
      'PPF - Full Front PPF + 1',
    ],
    [
      [
        { category: 'Other Services', description: 'Custom', customDescription: 'Pinstripe' },
        { category: 'PPF', description: 'A' },
        { category: 'PPF', description: 'B' },
      ],
      'Other Services - Pinstripe + 2',
    ],
    [[{ category: 'Paint', description: 'Bumper', customDescription: '  ' }], 'Paint - Bumper'],
  ])('%j → %s', (lines, expected) => {
    expect(describeServiceRequested(lines)).toBe(expected);
  });
});

describe('validateQuote', () => {
  const computed: QuoteTotals = calculateQuoteTotals([line(190_000, 10_000), line(40_000)], {
    requestType: 'installer',
    taxRateBps: 750,
  });
  // original 2300.00, discount 100.00, final 2200.00, fee 110.00, taxes 165.00, customer 2365.00
  const lines = [
    { serviceId: 11, cost: 1900, discount: 100 },
    { serviceId: 41, cost: 400, discount: 0 },
  ];
  const exact: SubmittedQuote = {
    lines,
    total: 2300,
    discount: 100,
    fee: 110,
    taxes: 165,
    finalAmount: 2200,
    customerTotal: 2365,
  };

  it('accepts matching totals', () => {
    expect(validateQuote(exact, computed)).toEqual({ ok: true });
  });

  it('accepts lines alone (totals not submitted are not compared)', () => {
    expect(validateQuote({ lines }, computed)).toEqual({ ok: true });
  });

  it.each([
    ['total +0.01', { total: 2300.01 }, true],
    ['total −0.01', { total: 2299.99 }, true],
    ['fee +0.01', { fee: 110.01 }, true],
    ['taxes −0.01', { taxes: 164.99 }, true],
    ['total +0.011', { total: 2300.011 }, false],
    ['total −0.011', { total: 2299.989 }, false],
    ['fee +0.02', { fee: 110.02 }, false],
    ['customer total +0.005', { customerTotal: 2365.005 }, true],
  ] as const)('tolerance 0.01: %s → ok %s', (_, change, ok) => {
    expect(validateQuote({ ...exact, ...change }, computed).ok).toBe(ok);
  });

  it('lists every mismatch after "Pricing validation failed: "', () => {
    const result = validateQuote({ ...exact, total: 2300.011, taxes: 170 }, computed);
    expect(result).toEqual({
      ok: false,
      reason: 'PRICING_VALIDATION_FAILED',
      errors: ['Total mismatch: expected 2300.00, got 2300.011', 'Taxes mismatch: expected 165.00, got 170'],
      message:
        'Pricing validation failed: Total mismatch: expected 2300.00, got 2300.011, Taxes mismatch: expected 165.00, got 170',
    });
  });

  it.each([
    [{ serviceId: null, cost: 1900, discount: 0 }, 'Service 1: missing service_id'],
    [{ cost: 1900 }, 'Service 1: missing service_id'],
    [{ serviceId: 11, cost: null }, 'Service 1: missing cost'],
    [{ serviceId: 11, cost: 1900, discount: -0.01 }, 'Service 1: discount cannot be negative'],
    [{ serviceId: 11, cost: 1900, discount: 1900.01 }, 'Service 1: discount cannot exceed cost'],
  ])('line rule %j → %s', (bad, error) => {
    const result = validateQuote({ lines: [bad, lines[1] ?? {}] }, computed);
    expect(result).toEqual({
      ok: false,
      reason: 'PRICING_VALIDATION_FAILED',
      errors: [error],
      message: `Pricing validation failed: ${error}`,
    });
  });

  it('accepts a discount equal to the cost and a zero discount', () => {
    expect(
      validateQuote(
        {
          lines: [
            { serviceId: 1, cost: 10, discount: 10 },
            { serviceId: 2, cost: 0 },
          ],
        },
        computed,
      ),
    ).toEqual({ ok: true });
  });

  it.each([
    [{ lines: [{ serviceId: 11, cost: Number.NaN }] }, ['Invalid cost for service 1: NaN']],
    [
      { lines: [lines[0] ?? {}, { serviceId: 41, cost: 400, discount: Number.NaN }] },
      ['Invalid discount for service 2: NaN'],
    ],
    [{ ...exact, total: Number.NaN }, ['Invalid total: NaN']],
    [{ ...exact, fee: Number.NaN }, ['Invalid fee: NaN']],
    [{ ...exact, taxes: Number.POSITIVE_INFINITY }, ['Invalid taxes: Infinity']],
    [
      {
        lines: [{ serviceId: 11, cost: Number.NaN, discount: Number.NaN }],
        total: Number.NaN,
        discount: Number.POSITIVE_INFINITY,
      },
      [
        'Invalid cost for service 1: NaN',
        'Invalid discount for service 1: NaN',
        'Invalid total: NaN',
        'Invalid discount: Infinity',
      ],
    ],
  ] as const)('NaN messages name the field: %j', (submitted, errors) => {
    expect(validateQuote(submitted, computed)).toEqual({
      ok: false,
      reason: 'INVALID_NUMBER',
      errors,
      message: errors.join(', '),
    });
  });

  it('formats the M66 message', () => {
    expect(formatPricingValidationMessage(['a', 'b'])).toBe('Pricing validation failed: a, b');
  });
});
