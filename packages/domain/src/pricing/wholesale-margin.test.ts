import { describe, expect, it } from 'vitest';
import {
  calculateDisplayedMargin,
  calculateWholesalePrice,
  DEFAULT_WHOLESALE_MARGIN_BPS,
  formatWholesaleSavings,
} from './wholesale-margin';

describe('calculateWholesalePrice (K71)', () => {
  it.each([
    // retail, margin bps, wholesale
    [100_000, undefined, 85_000],
    [190_000, undefined, 161_500],
    [1_999, undefined, 1_699], // 1699.15
    [1_990, undefined, 1_692], // 1691.5 rounds up
    [1, undefined, 1], // 0.85
    [3, undefined, 3], // 2.55
    [0, undefined, 0],
    [10_000, 0, 10_000],
    [10_000, 10_000, 0],
    [10_000, 2_000, 8_000],
    [12_345, 1_250, 10_802], // 10801.875
  ])('%i ¢ at margin %s → %i ¢', (retail, margin, wholesale) => {
    expect(calculateWholesalePrice(retail, margin)).toBe(wholesale);
  });

  it('defaults to 15 %', () => {
    expect(DEFAULT_WHOLESALE_MARGIN_BPS).toBe(1_500);
  });

  it.each([[-1], [10_001], [Number.NaN]])('refuses margin %d', (margin) => {
    expect(() => calculateWholesalePrice(100, margin)).toThrow(RangeError);
  });
});

describe('calculateDisplayedMargin (K71)', () => {
  it.each([
    [100_000, 85_000, 15],
    [190_000, 161_500, 15],
    [1_999, 1_699, 15], // 15.0075
    [300, 200, 33], // 33.33
    [300, 100, 67], // 66.67
    [200, 199, 1], // 0.5 rounds up
    [200, 201, -1], // wholesale above retail: −0.5 rounds away from zero
    [1_000, 1_000, 0],
    [1_000, 0, 100],
    [0, 0, null],
    [1_000, null, null],
  ])('retail %i, wholesale %s → %s %%', (retail, wholesale, expected) => {
    expect(calculateDisplayedMargin(retail, wholesale)).toBe(expected);
  });

  it('round-trips the default margin for typical prices', () => {
    for (const retail of [60_000, 80_000, 100_000, 170_000, 220_000, 45_000]) {
      expect(calculateDisplayedMargin(retail, calculateWholesalePrice(retail))).toBe(15);
    }
  });
});

describe('formatWholesaleSavings', () => {
  it.each([
    [100_000, 85_000, '15%'],
    [100_000, null, '-'],
    [0, 0, '-'],
  ])('%i / %s → %s', (retail, wholesale, text) => {
    expect(formatWholesaleSavings(retail, wholesale)).toBe(text);
  });
});
