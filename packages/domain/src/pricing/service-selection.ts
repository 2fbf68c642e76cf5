/**
 * Choosing the services of a quote (001 §2.4, §4, §5, §6, §8; catalogue §4.12 #53–59, K73, M75).
 *
 * - Inclusion ("overrides"): a service already included by a selected service is refused with
 *   'Already included in a selected service'; selecting a service that includes selected ones removes them.
 *   Inclusion is direct (the catalog lists every included service on the including one), not transitive.
 * - Custom services: a catalog service priced 0 opens the custom dialog; the line stays pending until a
 *   description, a cost (> 0) and a time estimate (≥ 0.1 day) are given, and closing the dialog without
 *   saving removes it. Dealers cannot price a custom service.
 * - Discounts (installers only): an amount 0..cost in cents, or a percentage 0..100 % in steps of 0.1 %
 *   (10 bps); out-of-range values are clamped. A percentage discount follows later cost changes.
 * - Retail price (dealers only, dealer work): a number ≥ 0.
 * All functions return new arrays and lines; nothing is mutated.
 */
import type { UserType } from '../identity/access';
import { applyRate, type BasisPoints, BPS_PER_UNIT, type Cents, isCents } from '../shared/money';
import type { ServicePrice } from './catalog-price';
import type { QuoteLine } from './quote-total';

export const alreadyIncludedMessage = 'Already included in a selected service';
export const alreadySelectedMessage = 'Service already selected';
/** The custom-service dialog's prompt (001 §2.4), also the message when a detail is missing. */
export const customServicePrompt = 'Enter the Description, Cost and Time Estimate';
export const discountNotAllowedMessage = 'Only installers may set discounts';

/** Percentage discounts move in steps of 0.1 % (K73). */
export const DISCOUNT_PERCENT_STEP_BPS: BasisPoints = 10;
/** Shortest time estimate: 0.1 day (K72). */
export const MIN_DURATION_TENTHS = 1;

export type ServiceLine = QuoteLine & {
  masterServiceId: number | null;
  /** The catalog price row the line was priced from. */
  serviceId: number | null;
  /** Master service ids this line includes. */
  includes?: readonly number[];
  /** Priced 0 in the catalog: the caller supplies description, cost and time. */
  isCustom?: boolean;
  /** Set when the discount was given as a percentage, so it follows the cost. */
  discountPercentBps?: BasisPoints | null;
};

export type AddServiceLineResult =
  | { ok: true; lines: ServiceLine[]; removed: ServiceLine[]; needsCustomDetails: boolean }
  | { ok: false; reason: 'ALREADY_INCLUDED' | 'ALREADY_SELECTED'; message: string };

export type DiscountInput =
  | { kind: 'none' }
  | { kind: 'amount'; amountCents: number }
  | { kind: 'percent'; percentBps: number };

export type LineUpdateResult<Reason extends string> =
  | { ok: true; line: ServiceLine }
  | { ok: false; reason: Reason; message: string };

export type CustomServiceDetails = {
  description: string;
  costCents: number;
  durationTenths: number;
};
export type CustomServiceField = 'description' | 'cost' | 'duration';

/** A line for a catalog price (see resolveServicePrice), without discount. */
export function createServiceLine(price: ServicePrice): ServiceLine {
  return {
    masterServiceId: price.masterServiceId,
    serviceId: price.serviceId,
    category: price.category,
    description: price.description,
    customDescription: null,
    amountCents: price.amountCents,
    discountCents: 0,
    discountPercentBps: null,
    durationTenths: price.durationTenths,
    retailPriceCents: price.retailPriceCents,
    includes: price.includes,
    isCustom: price.isCustom,
  };
}

/** A custom line still waiting for its description, cost or time estimate. */
export function isCustomPending(line: ServiceLine): boolean {
  if (!line.isCustom) return false;
  return (
    !line.customDescription?.trim() ||
    line.amountCents <= 0 ||
    (line.durationTenths ?? 0) < MIN_DURATION_TENTHS
  );
}

function isIncludedBy(line: ServiceLine, masterServiceId: number | null): boolean {
  return masterServiceId !== null && (line.includes ?? []).includes(masterServiceId);
}

/**
 * Adds a service to the selection: refused when a selected service includes it, or when it is already
 * selected (custom services may repeat); the selected services it includes are removed and returned.
 */
export function addServiceLine(lines: readonly ServiceLine[], line: ServiceLine): AddServiceLineResult {
  if (lines.some((selected) => isIncludedBy(selected, line.masterServiceId))) {
    return { ok: false, reason: 'ALREADY_INCLUDED', message: alreadyIncludedMessage };
  }
  if (
    !line.isCustom &&
    line.masterServiceId !== null &&
    lines.some((selected) => selected.masterServiceId === line.masterServiceId)
  ) {
    return { ok: false, reason: 'ALREADY_SELECTED', message: alreadySelectedMessage };
  }
  const removed = lines.filter((selected) => isIncludedBy(line, selected.masterServiceId));
  const kept = lines.filter((selected) => !isIncludedBy(line, selected.masterServiceId));
  return { ok: true, lines: [...kept, line], removed, needsCustomDetails: isCustomPending(line) };
}

/** The selection without the line at `index` (unchanged when there is none). */
export function removeServiceLine(lines: readonly ServiceLine[], index: number): ServiceLine[] {
  return lines.filter((_, i) => i !== index);
}

/** Closing the custom dialog without saving removes the pending custom lines (catalogue §4.12 #54). */
export function removePendingCustomLines(lines: readonly ServiceLine[]): ServiceLine[] {
  return lines.filter((line) => !isCustomPending(line));
}

/** Discount in cents for an amount, clamped to 0..amount (percent rounded to 0.1 %, then half up to a cent). */
export function calculateLineDiscount(amountCents: Cents, input: DiscountInput): Cents {
  if (input.kind === 'none' || amountCents <= 0) return 0;
  if (input.kind === 'amount') {
    return Math.min(Math.max(Math.round(input.amountCents), 0), amountCents);
  }
  return applyRate(amountCents, clampPercentBps(input.percentBps));
}

function clampPercentBps(percentBps: number): BasisPoints {
  const stepped = Math.round(percentBps / DISCOUNT_PERCENT_STEP_BPS) * DISCOUNT_PERCENT_STEP_BPS;
  return Math.min(Math.max(stepped, 0), BPS_PER_UNIT);
}

/** Sets a line's discount (installers only); values outside the range are clamped. */
export function setLineDiscount(
  line: ServiceLine,
  input: DiscountInput,
  caller: UserType,
): LineUpdateResult<'DISCOUNT_NOT_ALLOWED' | 'INVALID_DISCOUNT'> {
  if (caller !== 'installer') {
    return { ok: false, reason: 'DISCOUNT_NOT_ALLOWED', message: discountNotAllowedMessage };
  }
  const value = input.kind === 'amount' ? input.amountCents : input.kind === 'percent' ? input.percentBps : 0;
  if (!Number.isFinite(value)) {
    return { ok: false, reason: 'INVALID_DISCOUNT', message: `Invalid discount: ${String(value)}` };
  }
  return {
    ok: true,
    line: {
      ...line,
      discountCents: calculateLineDiscount(line.amountCents, input),
      discountPercentBps: input.kind === 'percent' ? clampPercentBps(input.percentBps) : null,
    },
  };
}

function withCost(line: ServiceLine, amountCents: Cents): ServiceLine {
  const discountCents =
    line.discountPercentBps != null
      ? calculateLineDiscount(amountCents, { kind: 'percent', percentBps: line.discountPercentBps })
      : calculateLineDiscount(amountCents, { kind: 'amount', amountCents: line.discountCents ?? 0 });
  return { ...line, amountCents, discountCents };
}

/**
 * Saves the custom dialog: description, cost (> 0) and time estimate (≥ 0.1 day) are all required; the
 * refusal lists the missing fields with the dialog's prompt. Dealers cannot price custom services.
 */
export function completeCustomService(
  line: ServiceLine,
  details: CustomServiceDetails,
  caller: UserType,
):
  | { ok: true; line: ServiceLine }
  | { ok: false; reason: 'CUSTOM_NOT_ALLOWED'; message: string }
  | { ok: false; reason: 'CUSTOM_DETAILS_REQUIRED'; message: string; fields: CustomServiceField[] } {
  if (caller !== 'installer') {
    return { ok: false, reason: 'CUSTOM_NOT_ALLOWED', message: 'Only installers may price custom services' };
  }
  const description = details.description.trim();
  const fields: CustomServiceField[] = [];
  if (description.length === 0) fields.push('description');
  if (!isCents(details.costCents) || details.costCents <= 0) fields.push('cost');
  if (!Number.isSafeInteger(details.durationTenths) || details.durationTenths < MIN_DURATION_TENTHS) {
    fields.push('duration');
  }
  if (fields.length > 0) {
    return { ok: false, reason: 'CUSTOM_DETAILS_REQUIRED', message: customServicePrompt, fields };
  }
  const costed = withCost(line, details.costCents);
  return {
    ok: true,
    line: {
      ...costed,
      isCustom: true,
      customDescription: description,
      durationTenths: details.durationTenths,
      // Only installers price custom work, so its retail price is the cost itself.
      retailPriceCents: details.costCents,
    },
  };
}

/** The dealer's retail price for its customer (dealers only; a number ≥ 0, catalogue §4.12 #56). */
export function setLineRetailPrice(
  line: ServiceLine,
  retailPriceCents: number,
  caller: UserType,
): LineUpdateResult<'RETAIL_PRICE_NOT_ALLOWED' | 'INVALID_RETAIL_PRICE'> {
  if (caller !== 'dealer') {
    return {
      ok: false,
      reason: 'RETAIL_PRICE_NOT_ALLOWED',
      message: 'Only dealers may set the retail price of a service',
    };
  }
  if (!isCents(retailPriceCents) || retailPriceCents < 0) {
    return {
      ok: false,
      reason: 'INVALID_RETAIL_PRICE',
      message: 'Retail price must be a number of at least 0',
    };
  }
  return { ok: true, line: { ...line, retailPriceCents } };
}
