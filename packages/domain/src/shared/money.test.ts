import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  applyRate,
  centsToDollars,
  divideRounded,
  dollarsToCents,
  formatMoney,
  isCents,
  isDollarsWithinCents,
  percentToBps,
  sumCents,
} from './money';

describe('dollarsToCents', () => {
  it.each([
    ['12.34', 1234],
    [12.34, 1234],
    ['0', 0],
    [0, 0],
    ['-0', 0],
    ['5', 500],
    ['5.', 500],
    ['.5', 50],
    [' 7.10 ', 710],
    ['+1.01', 101],
    ['1e2', 10_000],
    [1e-7, 0],
    // Half away from zero on the decimal value, even where the double is just below it.
    [12.345, 1235],
    ['12.345', 1235],
    [1.005, 101],
    [0.005, 1],
    ['0.005', 1],
    [0.0049, 0],
    [0.015, 2],
    [-0.005, -1],
    [-12.345, -1235],
    ['-1.004', -100],
    [1234567.891, 123456789],
    [0.1 + 0.2, 30],
    ['90071992547409.91', 9007199254740991],
  ] as const)('%j → %i cents', (input, expected) => {
    expect(dollarsToCents(input)).toEqual({ ok: true, cents: expected });
  });

  it.each([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    [''],
    ['   '],
    ['abc'],
    ['12.3.4'],
    ['1,234.50'],
    ['$12'],
    ['.'],
    ['-'],
    [null],
    [undefined],
  ] as const)('refuses %j as not a number', (input) => {
    expect(dollarsToCents(input)).toMatchObject({ ok: false, reason: 'NOT_A_NUMBER' });
  });

  it.each([[1e300], ['1e999999'], ['90071992547409.92'], [-1e20]] as const)(
    'refuses %j as out of range',
    (input) => {
      expect(dollarsToCents(input)).toMatchObject({ ok: false, reason: 'OUT_OF_RANGE' });
    },
  );

  it('treats a tiny exponent as zero without huge arithmetic', () => {
    expect(dollarsToCents('1e-999999')).toEqual({ ok: true, cents: 0 });
  });
});

describe('centsToDollars', () => {
  it.each([
    [1234, 12.34],
    [123450, 1234.5],
    [1, 0.01],
    [0, 0],
    [-5, -0.05],
    [10, 0.1],
  ])('%i → %d', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it('prints exactly two decimals on the wire', () => {
    expect(JSON.stringify({ amount: centsToDollars(1999) })).toBe('{"amount":19.99}');
    expect(centsToDollars(123450).toFixed(2)).toBe('1234.50');
  });

  it('round-trips with dollarsToCents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toEqual({ ok: true, cents });
      }),
    );
  });

  it('throws on fractional cents', () => {
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [100000, '$1,000.00'],
    [123456789, '$1,234,567.89'],
    [-1200, '-$12.00'],
    [-5, '-$0.05'],
    [-123456789, '-$1,234,567.89'],
    [-0, '$0.00'],
    [1, '$0.01'],
    // Large amounts keep every digit (no float division by 100 on the way).
    [999_999_999_999, '$9,999,999,999.99'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
    [-Number.MAX_SAFE_INTEGER, '-$90,071,992,547,409.91'],
  ])('%i → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('formats wire dollars exactly once converted by dollarsToCents (a float * 100 would not)', () => {
    const convert = (dollars: number) => {
      const result = dollarsToCents(dollars);
      if (!result.ok) throw new Error(result.message);
      return formatMoney(result.cents);
    };
    expect(convert(0.1 + 0.2)).toBe('$0.30');
    expect(convert(1.005)).toBe('$1.01'); // 1.005 * 100 = 100.49999999999999
    expect(convert(0.005)).toBe('$0.01');
    expect(convert(-0.005)).toBe('-$0.01');
    expect(convert(1.015)).toBe('$1.02'); // 1.015 * 100 = 101.49999999999999
    expect(convert(12_345_678_901.23)).toBe('$12,345,678,901.23');
  });
});

describe('applyRate (exact, half up)', () => {
  it.each([
    // 5 % of odd cents
    [1, 500, 0],
    [9, 500, 0], // 0.45
    [10, 500, 1], // 0.5 rounds up
    [11, 500, 1],
    [29, 500, 1], // 1.45
    [30, 500, 2], // 1.5
    [12345, 500, 617], // 617.25
    [12350, 500, 618], // 617.5
    [99999, 500, 5000], // 4999.95
    // 7.5 % and 8.25 % taxes
    [10000, 750, 750],
    [1999, 750, 150], // 149.925
    [1000, 750, 75],
    [2020, 750, 152], // 151.5
    [10000, 825, 825],
    [1999, 825, 165], // 164.9175
    [200, 825, 17], // 16.5
    [12345, 825, 1018], // 1018.4625
    // fractional basis points: 8.875 %
    [10000, 887.5, 888], // 887.5
    [1000, 887.5, 89], // 88.75
    // edges
    [0, 500, 0],
    [12345, 0, 0],
    [12345, 10_000, 12345],
    [-10, 500, -1], // symmetric
    [-9, 500, 0],
    [9_007_199_254_740_991, 5_000, 4_503_599_627_370_496], // exact beyond 2^53 intermediates
  ])('%i ¢ × %d bps → %i ¢', (cents, bps, expected) => {
    expect(applyRate(cents, bps)).toBe(expected);
  });

  it('throws on malformed input', () => {
    expect(() => applyRate(1.5, 500)).toThrow(RangeError);
    expect(() => applyRate(100, Number.NaN)).toThrow(RangeError);
    expect(() => applyRate(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('percentToBps', () => {
  it.each([
    [5, 500],
    [7.5, 750],
    [8.25, 825],
    [8.875, 887.5],
    [0.05, 5],
    [0.001, 0.1],
    [0, 0],
    [100, 10_000],
    [15, 1_500],
  ])('%d %% → %d bps', (percent, bps) => {
    expect(percentToBps(percent)).toBe(bps);
  });

  it('is null for NaN', () => {
    expect(percentToBps(Number.NaN)).toBeNull();
  });
});

describe('divideRounded', () => {
  it.each([
    [1, 3, 0],
    [2, 3, 1],
    [1, 2, 1],
    [-1, 2, -1],
    [5, -2, -3],
    [-5, -2, 3],
    [7, 7, 1],
  ])('%i / %i → %i', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it('throws on division by zero', () => {
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });
});

describe('sumCents and isCents', () => {
  it('sums whole cents', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([1, 2, 3])).toBe(6);
    expect(sumCents([10, -3])).toBe(7);
  });

  it('refuses fractional cents', () => {
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.NaN])).toThrow(RangeError);
  });

  it.each([
    [0, true],
    [-3, true],
    [1.5, false],
    [Number.NaN, false],
    ['1', false],
    [2 ** 53, false],
  ])('isCents(%j) is %s', (value, expected) => {
    expect(isCents(value)).toBe(expected);
  });
});

describe('allocateProportionally', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]], // 1/3 split: leftover to the first
    [1, [1, 1, 1], [1, 0, 0]],
    [2, [1, 1, 1], [1, 1, 0]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [1000, [1, 2, 3], [167, 333, 500]], // 166.67, 333.33, 500
    [10, [3, 3, 4], [3, 3, 4]],
    [7, [0, 0], [4, 3]], // all-zero weights split evenly
    [7, [0, 5], [0, 7]],
    [0, [1, 2], [0, 0]],
    [0, [], []],
    [1075, [10000, 750], [1000, 75]], // pre-tax / tax split of a customer total
    [500, [10000, 750], [465, 35]], // 465.12 / 34.88
  ] as const)('%i over %j → %j', (total, weights, expected) => {
    expect(allocateProportionally(total, weights)).toEqual(expected);
  });

  it('refuses invalid weights', () => {
    expect(() => allocateProportionally(10, [])).toThrow(RangeError);
    expect(() => allocateProportionally(10, [-1, 2])).toThrow(RangeError);
    expect(() => allocateProportionally(10, [0.5])).toThrow(RangeError);
    expect(() => allocateProportionally(1.5, [1])).toThrow(RangeError);
  });

  it('always sums exactly and stays within a cent of the exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const parts = allocateProportionally(total, weights);
          expect(parts).toHaveLength(weights.length);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          const weightSum = weights.reduce((sum, w) => sum + w, 0);
          parts.forEach((part, index) => {
            const exact =
              weightSum === 0 ? total / weights.length : (total * (weights[index] ?? 0)) / weightSum;
            expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
    );
  });
});

describe('isDollarsWithinCents (0.01 tolerance)', () => {
  it.each([
    [100.0, 10000, true],
    [100.01, 10000, true], // exactly 0.01 away: accepted (0.010000000000005116 as doubles)
    [99.99, 10000, true],
    [100.011, 10000, false],
    [99.989, 10000, false],
    [100.02, 10000, false],
    [0.01, 0, true],
    [0.011, 0, false],
    [-0.01, 0, true],
    [1234.565, 123456, true], // half a cent away
    [1234.57, 123456, true],
    [1234.575, 123456, false], // 0.015 away
    [Number.NaN, 0, false],
    [Number.POSITIVE_INFINITY, 0, false],
  ])('%d vs %i ¢ → %s', (dollars, cents, expected) => {
    expect(isDollarsWithinCents(dollars, cents, 1)).toBe(expected);
  });
});
