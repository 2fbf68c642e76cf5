import { formatMoney } from '@app/domain/shared/money';
import { describe, expect, it } from 'vitest';
import { formatDollars, wireDollarsToCents } from './money';

describe('wireDollarsToCents', () => {
  it.each([
    [0, 0],
    [12.34, 1234],
    [1615, 161_500],
    // A float `* 100` drifts on these; the decimal text of the number does not.
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.015, 102],
    [4.35, 435],
    [0.29, 29],
    // Half a cent rounds away from zero, on both sides.
    [0.005, 1],
    [0.004, 0],
    [-0.005, -1],
    [-12.345, -1235],
    [-0.1 - 0.2, -30],
    // Large amounts stay exact.
    [12_345_678_901.23, 1_234_567_890_123],
  ])('%d dollars → %i cents', (dollars, cents) => {
    expect(wireDollarsToCents(dollars)).toBe(cents);
  });

  it('counts a missing or unreadable amount as 0, never NaN', () => {
    expect(wireDollarsToCents(null)).toBe(0);
    expect(wireDollarsToCents(undefined)).toBe(0);
    expect(wireDollarsToCents(Number.NaN)).toBe(0);
    expect(wireDollarsToCents(Number.POSITIVE_INFINITY)).toBe(0);
    expect(wireDollarsToCents(1e300)).toBe(0);
  });

  it('sums without float drift', () => {
    const lines = [0.1, 0.2, 0.3];
    expect(lines.reduce((sum, line) => sum + line, 0)).not.toBe(0.6);
    expect(lines.reduce((sum, line) => sum + wireDollarsToCents(line), 0)).toBe(60);
  });
});

describe('showing wire dollars', () => {
  it('formats money with two decimals', () => {
    expect(formatMoney(wireDollarsToCents(1615))).toBe('$1,615.00');
  });

  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [0.1 + 0.2, '$0.30'],
    [1.005, '$1.01'],
    [0.005, '$0.01'],
    [-0.005, '-$0.01'],
    [-12, '-$12.00'],
    [12_345_678_901.23, '$12,345,678,901.23'],
  ])('formatDollars(%d) = %s', (dollars, text) => {
    expect(formatDollars(dollars)).toBe(text);
  });

  it("shows '—' for a missing or unreadable amount", () => {
    expect(formatDollars(null)).toBe('—');
    expect(formatDollars(undefined)).toBe('—');
    expect(formatDollars(Number.NaN)).toBe('—');
  });
});
