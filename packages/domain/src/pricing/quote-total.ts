/**
 * Totals of a quote (request, estimate or job) from its service lines (001 §3 "Pricing totals", §5, §9;
 * 000 §5, §9; catalogue K22–K25, K96).
 *
 * All amounts in cents, durations in tenths of a day, rates in basis points:
 * - originalTotal = Σ line amounts; totalDiscount = Σ line discounts; finalAmount = originalTotal − totalDiscount.
 * - platformFee (K22): per line, the discounted service value × 5 % rounded half up to a cent, then summed.
 *   The per-line fees are the request service lines' serviceFee, and the request's fee is their sum, so the
 *   two always agree; the sum may differ from 5 % of finalAmount by at most half a cent per line.
 * - taxes (K23): finalAmount × tax rate, rounded half up once on the total; 0 on dealer work.
 * - customerTotal (K24) = finalAmount + taxes.
 * - totalDuration = Σ line durations (a line without one counts 1 day).
 * - Dealer work also gets wholesaleTotal (= originalTotal, the wholesale prices), retailTotal (Σ retail
 *   prices, a line without one counting its amount) and margin = retailTotal − finalAmount: what the dealer
 *   keeps between its customer's price and what it pays.
 *
 * A line discount outside 0..amount is clamped into it (values are clamped, catalogue §4.12 #55).
 */

import {
  applyRate,
  type BasisPoints,
  type Cents,
  centsToDollars,
  isCents,
  isDollarsWithinCents,
  sumCents,
} from '../shared/money';
import type { RequestType } from './catalog-price';
import { calculateDisplayedMargin } from './wholesale-margin';

/** Platform fee rate: 5 % (K22, default 0.05). */
export const PLATFORM_FEE_BPS: BasisPoints = 500;
/** Mismatch tolerance between submitted and computed totals: 0.01 dollars (K25). */
export const TOTAL_TOLERANCE_CENTS: Cents = 1;
/** Duration of a service without one: 1 day (000 §9, 001 §9). */
export const DEFAULT_LINE_DURATION_TENTHS = 10;

export const pricingValidationFailedMessage = 'Pricing validation failed';

/** The fields of a service line that pricing reads. */
export type QuoteLine = {
  category: string;
  description: string;
  customDescription?: string | null;
  /** Price before discount. */
  amountCents: Cents;
  discountCents?: Cents | null;
  /** Tenths of a day; 1 day when absent. */
  durationTenths?: number | null;
  /** Dealer work: the retail price the dealer charges its customer. */
  retailPriceCents?: Cents | null;
};

export type QuoteOptions = {
  requestType: RequestType;
  /** The installer's sales tax rate (ignored on dealer work). */
  taxRateBps?: BasisPoints | null;
  platformFeeBps?: BasisPoints;
};

export type QuoteLineTotals = {
  amountCents: Cents;
  /** The discount after clamping into 0..amount. */
  discountCents: Cents;
  /** amount − discount (serviceValue of the request service line). */
  valueCents: Cents;
  /** valueCents × fee rate, rounded half up (serviceFee). */
  feeCents: Cents;
  durationTenths: number;
};

type BaseQuoteTotals = {
  originalTotal: Cents;
  totalDiscount: Cents;
  finalAmount: Cents;
  platformFee: Cents;
  taxes: Cents;
  /** Tenths of a day. */
  totalDuration: number;
  customerTotal: Cents;
  lines: QuoteLineTotals[];
};

export type RetailQuoteTotals = BaseQuoteTotals & { requestType: 'installer' };
export type DealerQuoteTotals = BaseQuoteTotals & {
  requestType: 'dealer';
  wholesaleTotal: Cents;
  retailTotal: Cents;
  margin: Cents;
  /** margin / retailTotal as a whole percent (K71 rounding); null when retailTotal is 0. */
  marginPercent: number | null;
};
export type QuoteTotals = RetailQuoteTotals | DealerQuoteTotals;

function checkLine(line: QuoteLine, index: number): void {
  if (!isCents(line.amountCents) || line.amountCents < 0) {
    throw new RangeError(`Line ${index + 1}: amountCents must be whole cents ≥ 0, got ${line.amountCents}`);
  }
  if (line.discountCents != null && !isCents(line.discountCents)) {
    throw new RangeError(`Line ${index + 1}: discountCents must be whole cents, got ${line.discountCents}`);
  }
  if (
    line.durationTenths != null &&
    (!Number.isSafeInteger(line.durationTenths) || line.durationTenths < 0)
  ) {
    throw new RangeError(
      `Line ${index + 1}: durationTenths must be an integer ≥ 0, got ${line.durationTenths}`,
    );
  }
  if (line.retailPriceCents != null && (!isCents(line.retailPriceCents) || line.retailPriceCents < 0)) {
    throw new RangeError(`Line ${index + 1}: retailPriceCents must be whole cents ≥ 0`);
  }
}

function checkRate(rate: BasisPoints, name: string): void {
  if (!Number.isFinite(rate) || rate < 0)
    throw new RangeError(`${name} must be a finite rate ≥ 0, got ${rate}`);
}

/**
 * Totals of the lines per K22–K24 (see the module comment). Lines must hold whole, non-negative cents
 * (server-side, check wire values with `validateQuote` first); a malformed line throws a RangeError.
 */
export function calculateQuoteTotals(lines: readonly QuoteLine[], options: QuoteOptions): QuoteTotals {
  const feeBps = options.platformFeeBps ?? PLATFORM_FEE_BPS;
  const taxRateBps = options.requestType === 'dealer' ? 0 : (options.taxRateBps ?? 0);
  checkRate(feeBps, 'platformFeeBps');
  checkRate(taxRateBps, 'taxRateBps');

  const lineTotals = lines.map((line, index): QuoteLineTotals => {
    checkLine(line, index);
    const discountCents = Math.min(Math.max(line.discountCents ?? 0, 0), line.amountCents);
    const valueCents = line.amountCents - discountCents;
    return {
      amountCents: line.amountCents,
      discountCents,
      valueCents,
      feeCents: applyRate(valueCents, feeBps),
      durationTenths: line.durationTenths ?? DEFAULT_LINE_DURATION_TENTHS,
    };
  });

  const originalTotal = sumCents(lineTotals.map((l) => l.amountCents));
  const totalDiscount = sumCents(lineTotals.map((l) => l.discountCents));
  const finalAmount = originalTotal - totalDiscount;
  const taxes = applyRate(finalAmount, taxRateBps);
  const base: BaseQuoteTotals = {
    originalTotal,
    totalDiscount,
    finalAmount,
    platformFee: sumCents(lineTotals.map((l) => l.feeCents)),
    taxes,
    totalDuration: lineTotals.reduce((sum, l) => sum + l.durationTenths, 0),
    customerTotal: finalAmount + taxes,
    lines: lineTotals,
  };
  if (options.requestType === 'installer') return { ...base, requestType: 'installer' };

  const retailTotal = sumCents(lines.map((line) => line.retailPriceCents ?? line.amountCents));
  const margin = retailTotal - finalAmount;
  return {
    ...base,
    requestType: 'dealer',
    wholesaleTotal: originalTotal,
    retailTotal,
    margin,
    marginPercent: calculateDisplayedMargin(retailTotal, finalAmount),
  };
}

/**
 * serviceRequested text (K96): the first line's category and description (its custom description when it
 * has one), then ' + N' for N further lines: 'PPF - Full Front PPF + 2'. Empty for no lines.
 */
export function describeServiceRequested(
  lines: readonly Pick<QuoteLine, 'category' | 'description' | 'customDescription'>[],
): string {
  const first = lines[0];
  if (!first) return '';
  const text = `${first.category} - ${first.customDescription?.trim() || first.description}`;
  return lines.length > 1 ? `${text} + ${lines.length - 1}` : text;
}

/** A service line as a client submits it, in wire dollars. */
export type SubmittedQuoteLine = {
  serviceId?: number | null;
  cost?: number | null;
  discount?: number | null;
};

/** A client's quote in wire dollars; totals left out (or null) are not compared. */
export type SubmittedQuote = {
  lines: readonly SubmittedQuoteLine[];
  /** requestTotal: the original total before discounts. */
  total?: number | null;
  /** requestDiscount. */
  discount?: number | null;
  /** requestFee. */
  fee?: number | null;
  /** requestTaxes. */
  taxes?: number | null;
  finalAmount?: number | null;
  customerTotal?: number | null;
};

export type QuoteValidationResult =
  | { ok: true }
  | {
      ok: false;
      /** INVALID_NUMBER: a NaN or infinite cost, discount, total, fee or tax; otherwise the rule list. */
      reason: 'INVALID_NUMBER' | 'PRICING_VALIDATION_FAILED';
      errors: string[];
      message: string;
    };

/** 'Pricing validation failed: a, b' (M66). */
export function formatPricingValidationMessage(errors: readonly string[]): string {
  return `${pricingValidationFailedMessage}: ${errors.join(', ')}`;
}

const totalFields = [
  ['total', 'Total', 'originalTotal'],
  ['discount', 'Discount', 'totalDiscount'],
  ['fee', 'Fee', 'platformFee'],
  ['taxes', 'Taxes', 'taxes'],
  ['finalAmount', 'Final amount', 'finalAmount'],
  ['customerTotal', 'Customer total', 'customerTotal'],
] as const;

function isPresent(value: number | null | undefined): value is number {
  return value !== null && value !== undefined;
}

/**
 * Checks a client's quote against the totals the server computed from the catalog (catalogue §4.12
 * #57–58, M66). Returned as data, in this order:
 * 1. any NaN or infinite number → INVALID_NUMBER, one message per field naming it
 *    ('Invalid cost for service 2: NaN', 'Invalid total: NaN'), joined with ', ';
 * 2. otherwise each line needs a service_id and a cost, and a discount 0..cost; each submitted total must be
 *    within 0.01 of the computed one (inclusive) → PRICING_VALIDATION_FAILED with
 *    'Pricing validation failed: ' and the list.
 */
export function validateQuote(submitted: SubmittedQuote, computed: QuoteTotals): QuoteValidationResult {
  const invalid: string[] = [];
  submitted.lines.forEach((line, index) => {
    for (const field of ['cost', 'discount'] as const) {
      const value = line[field];
      if (isPresent(value) && !Number.isFinite(value)) {
        invalid.push(`Invalid ${field} for service ${index + 1}: ${String(value)}`);
      }
    }
  });
  for (const [field, label] of totalFields) {
    const value = submitted[field];
    if (isPresent(value) && !Number.isFinite(value)) {
      invalid.push(`Invalid ${label.toLowerCase()}: ${String(value)}`);
    }
  }
  if (invalid.length > 0) {
    return { ok: false, reason: 'INVALID_NUMBER', errors: invalid, message: invalid.join(', ') };
  }

  const errors: string[] = [];
  submitted.lines.forEach((line, index) => {
    const name = `Service ${index + 1}`;
    if (!isPresent(line.serviceId)) errors.push(`${name}: missing service_id`);
    if (!isPresent(line.cost)) {
      errors.push(`${name}: missing cost`);
    }
    const discount = line.discount ?? 0;
    if (discount < 0) {
      errors.push(`${name}: discount cannot be negative`);
    } else if (isPresent(line.cost) && discount > line.cost) {
      errors.push(`${name}: discount cannot exceed cost`);
    }
  });
  for (const [field, label, key] of totalFields) {
    const value = submitted[field];
    if (!isPresent(value)) continue;
    const expected = computed[key];
    if (!isDollarsWithinCents(value, expected, TOTAL_TOLERANCE_CENTS)) {
      errors.push(`${label} mismatch: expected ${centsToDollars(expected).toFixed(2)}, got ${value}`);
    }
  }
  if (errors.length > 0) {
    return {
      ok: false,
      reason: 'PRICING_VALIDATION_FAILED',
      errors,
      message: formatPricingValidationMessage(errors),
    };
  }
  return { ok: true };
}
