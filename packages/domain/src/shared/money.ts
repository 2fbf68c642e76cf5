/**
 * Money in integer minor units (cents), rates in basis points (catalogue K22–K25, house style §3, §9.7).
 *
 * Floats never carry money here: wire dollars are parsed from their decimal text, and every rate is applied
 * with exact integer (BigInt) arithmetic, so `12.345` is 1235 cents and 5 % of 1 cent is exactly half a cent
 * before rounding.
 *
 * Rounding: half away from zero everywhere (for the non-negative amounts the product handles this is
 * "round half up"). It is symmetric, so `applyRate(-x, r) === -applyRate(x, r)`.
 *
 * A malformed argument to a calculation (a fractional cent, NaN rate) is a programming error and throws a
 * RangeError; parsing outside input (`dollarsToCents`) is an expected outcome and returns `{ ok: false }`.
 */

/** An amount in cents: a safe integer (negative only for credits or differences). */
export type Cents = number;
/** A rate in basis points: 1 % = 100 bps, 5 % = 500 bps. Fractions are allowed (8.875 % = 887.5 bps). */
export type BasisPoints = number;

export const BPS_PER_UNIT = 10_000;

export type DollarsToCentsResult =
  | { ok: true; cents: Cents }
  | { ok: false; reason: 'NOT_A_NUMBER' | 'OUT_OF_RANGE'; message: string };

type Decimal = { isNegative: boolean; digits: bigint; digitCount: number; scale: number };

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Longest accepted text; far beyond any real amount, it keeps BigInt work bounded. */
const maxDecimalTextLength = 64;

/** Exact decimal value of a number or numeric text: digits × 10^−scale. Null for anything else. */
function parseDecimal(value: number | string): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  // String(number) is the shortest text that round-trips, i.e. the decimal the caller meant (12.345).
  const text = (typeof value === 'number' ? String(value) : value).trim();
  if (text.length === 0 || text.length > maxDecimalTextLength) return null;
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digitText = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  if (digitText.length === 0) return null;
  const scale = fraction.length - Number(exponent);
  if (!Number.isSafeInteger(scale)) return null;
  return { isNegative: sign === '-', digits: BigInt(digitText), digitCount: digitText.length, scale };
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** numerator / denominator rounded half away from zero; denominator > 0. */
function divideRoundedBig(numerator: bigint, denominator: bigint): bigint {
  const isNegative = numerator < 0n;
  const magnitude = isNegative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return isNegative ? -quotient : quotient;
}

function toSafeNumber(value: bigint, what: string): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${what} is out of the safe integer range`);
  return result === 0 ? 0 : result; // never -0
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of cents: ${value}`);
}

/** True for a safe integer, i.e. a valid amount of cents. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Dollars ("12.34", 12.34, "1e2") to cents, rounded half away from zero on the decimal value:
 * 12.345 → 1235, 0.005 → 1, -0.005 → -1. NaN, Infinity, empty or non-numeric text are refused.
 */
export function dollarsToCents(dollars: number | string | null | undefined): DollarsToCentsResult {
  if (dollars === null || dollars === undefined) {
    return { ok: false, reason: 'NOT_A_NUMBER', message: 'Amount is required' };
  }
  const decimal = parseDecimal(dollars);
  if (!decimal) {
    return { ok: false, reason: 'NOT_A_NUMBER', message: `Invalid amount: ${String(dollars)}` };
  }
  // cents = digits × 10^(2 − scale)
  const shift = 2 - decimal.scale;
  let cents: bigint;
  if (decimal.digits === 0n) {
    cents = 0n;
  } else if (shift >= 0) {
    if (decimal.digitCount + shift > 17) {
      return { ok: false, reason: 'OUT_OF_RANGE', message: `Amount out of range: ${String(dollars)}` };
    }
    cents = decimal.digits * pow10(shift);
  } else if (-shift > decimal.digitCount + 1) {
    cents = 0n; // below a tenth of a cent: rounds to zero
  } else {
    cents = divideRoundedBig(decimal.digits, pow10(-shift));
  }
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) {
    return { ok: false, reason: 'OUT_OF_RANGE', message: `Amount out of range: ${String(dollars)}` };
  }
  const value = Number(decimal.isNegative ? -cents : cents);
  return { ok: true, cents: value === 0 ? 0 : value };
}

/** Cents to the wire's dollars (1234 → 12.34). The nearest double to the 2-decimal value, so JSON shows it exactly. */
export function centsToDollars(cents: Cents): number {
  assertCents(cents, 'cents');
  const dollars = cents / 100;
  return dollars === 0 ? 0 : dollars;
}

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The one money formatter of the product: '$1,234.50'; negatives as '-$12.00' (2 decimals and a dollar sign,
 * 000 §9). It takes cents; wire dollars go through `dollarsToCents` first, never a float `* 100`.
 * Intl formats the exact decimal text of the cents (no division by 100 in floating point), so even
 * `Number.MAX_SAFE_INTEGER` cents keep every digit.
 */
export function formatMoney(cents: Cents): string {
  assertCents(cents, 'cents');
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  // `cents < 0` and not the sign of the text: -0 cents shows '$0.00'.
  const decimal = `${cents < 0 ? '-' : ''}${whole}.${fraction}` as Intl.StringNumericLiteral;
  return usdFormat.format(decimal);
}

/** numerator / denominator rounded half away from zero, exactly (integers, denominator ≠ 0). */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new RangeError(
      `divideRounded needs integers and a non-zero denominator: ${numerator}/${denominator}`,
    );
  }
  const sign = denominator < 0 ? -1n : 1n;
  return toSafeNumber(
    divideRoundedBig(BigInt(numerator) * sign, BigInt(denominator) * sign),
    'divideRounded result',
  );
}

/**
 * `cents × bps / 10 000`, rounded half away from zero to a whole cent, computed exactly:
 * applyRate(1, 500) = 0 (0.05 ¢), applyRate(10, 500) = 1 (0.5 ¢ rounds up), applyRate(10_000, 887.5) = 888.
 */
export function applyRate(cents: Cents, bps: BasisPoints): Cents {
  assertCents(cents, 'cents');
  const rate = parseDecimal(bps);
  if (!rate) throw new RangeError(`Rate must be a finite number of basis points: ${bps}`);
  const rateNumerator = rate.isNegative ? -rate.digits : rate.digits;
  // rate = rateNumerator × 10^−scale bps; a negative scale (exponent form) multiplies instead.
  const numerator = BigInt(cents) * rateNumerator * (rate.scale < 0 ? pow10(-rate.scale) : 1n);
  const denominator = BigInt(BPS_PER_UNIT) * (rate.scale > 0 ? pow10(rate.scale) : 1n);
  return toSafeNumber(divideRoundedBig(numerator, denominator), 'applyRate result');
}

/** A percentage to basis points, exactly: 7.5 → 750, 8.25 → 825, 8.875 → 887.5. Null when not finite. */
export function percentToBps(percent: number): BasisPoints | null {
  const decimal = parseDecimal(percent);
  if (!decimal) return null;
  const scale = decimal.scale - 2;
  const magnitude = decimal.digits.toString();
  let text: string;
  if (scale <= 0) {
    text = `${magnitude}${'0'.repeat(-scale)}`;
  } else {
    const padded = magnitude.padStart(scale + 1, '0');
    text = `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
  }
  const value = Number(`${decimal.isNegative ? '-' : ''}${text}`);
  return value === 0 ? 0 : value;
}

/** Σ cents; every value must be a whole number of cents. */
export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const [index, value] of values.entries()) {
    assertCents(value, `values[${index}]`);
    total += value;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('sumCents result is out of the safe integer range');
  return total;
}

/**
 * Splits `totalCents` in proportion to integer `weights` so that the parts sum to the total exactly
 * (largest remainder method): each part gets the floor of its exact share, and the cents left over go one
 * each to the largest fractional remainders, ties to the earlier index. All-zero weights split evenly.
 * A negative total is split as its magnitude and negated. Empty weights are allowed only for a zero total.
 */
export function allocateProportionally(totalCents: Cents, weights: readonly number[]): Cents[] {
  assertCents(totalCents, 'totalCents');
  for (const [index, weight] of weights.entries()) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`weights[${index}] must be a non-negative integer: ${weight}`);
    }
  }
  if (weights.length === 0) {
    if (totalCents !== 0) throw new RangeError('Cannot allocate a non-zero total over no weights');
    return [];
  }
  const isAllZero = weights.every((weight) => weight === 0);
  const effective = (isAllZero ? weights.map(() => 1) : weights).map((weight) => BigInt(weight));
  const weightSum = effective.reduce((sum, weight) => sum + weight, 0n);
  const magnitude = BigInt(Math.abs(totalCents));

  const parts = effective.map((weight) => (magnitude * weight) / weightSum);
  const remainders = effective.map((weight, index) => ({
    index,
    remainder: (magnitude * weight) % weightSum,
  }));
  let leftover = magnitude - parts.reduce((sum, part) => sum + part, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (leftover === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return parts.map((part) => {
    const value = Number(part);
    return totalCents < 0 && value !== 0 ? -value : value;
  });
}

/**
 * True when wire dollars are within `toleranceCents` of an amount in cents, compared exactly
 * (|100.01 − 100.00| = 0.01 is within a 1-cent tolerance; 100.011 is not). False for NaN or Infinity.
 */
export function isDollarsWithinCents(dollars: number, expectedCents: Cents, toleranceCents: Cents): boolean {
  assertCents(expectedCents, 'expectedCents');
  assertCents(toleranceCents, 'toleranceCents');
  const decimal = parseDecimal(dollars);
  if (!decimal) return false;
  const scale = Math.max(decimal.scale, 2);
  const submitted = (decimal.isNegative ? -decimal.digits : decimal.digits) * pow10(scale - decimal.scale);
  const expected = BigInt(expectedCents) * pow10(scale - 2);
  const difference = submitted > expected ? submitted - expected : expected - submitted;
  return difference <= BigInt(toleranceCents) * pow10(scale - 2);
}
