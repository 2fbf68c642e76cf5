/**
 * Wholesale prices from retail ones and the margin the catalog shows (002 §2.7, §9; catalogue K71).
 *
 * wholesale = retail × (1 − margin/100), rounded half up to a cent (default margin 15 %);
 * margin shown = (retail − wholesale) / retail, rounded half up to a whole percent.
 */
import {
  applyRate,
  type BasisPoints,
  BPS_PER_UNIT,
  type Cents,
  divideRounded,
  isCents,
} from '../shared/money';

/** Default wholesale margin: 15 % (K71). */
export const DEFAULT_WHOLESALE_MARGIN_BPS: BasisPoints = 1_500;

/** retail × (1 − margin), rounded half up: 100_000 ¢ at 15 % → 85_000 ¢; 1_999 ¢ → 1_699 ¢ (1699.15). */
export function calculateWholesalePrice(
  retailCents: Cents,
  marginBps: BasisPoints = DEFAULT_WHOLESALE_MARGIN_BPS,
): Cents {
  if (!Number.isFinite(marginBps) || marginBps < 0 || marginBps > BPS_PER_UNIT) {
    throw new RangeError(`marginBps must be between 0 and ${BPS_PER_UNIT}, got ${marginBps}`);
  }
  return applyRate(retailCents, BPS_PER_UNIT - marginBps);
}

/**
 * (retail − wholesale) / retail as a whole percent, rounded half up (away from zero for a negative
 * margin). Null when there is no positive retail price to compare with.
 */
export function calculateDisplayedMargin(retailCents: Cents, wholesaleCents: Cents | null): number | null {
  if (wholesaleCents === null || !isCents(retailCents) || retailCents <= 0 || !isCents(wholesaleCents)) {
    return null;
  }
  return divideRounded((retailCents - wholesaleCents) * 100, retailCents);
}

/** The catalog's wholesale savings column: '15%', or '-' when there is no wholesale price (002 §2.7). */
export function formatWholesaleSavings(retailCents: Cents, wholesaleCents: Cents | null): string {
  const percent = calculateDisplayedMargin(retailCents, wholesaleCents);
  return percent === null ? '-' : `${percent}%`;
}
