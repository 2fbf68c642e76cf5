import { AppError } from '@app/contracts/errors.contract';
import type { TServiceLineInput } from '@app/contracts/request-creation.contract';
import type { UserType } from '@app/domain/identity/access';
import { resolveServicePrice } from '@app/domain/pricing/catalog-price';
import {
  formatPricingValidationMessage,
  PLATFORM_FEE_BPS,
  type QuoteTotals,
} from '@app/domain/pricing/quote-total';
import {
  addServiceLine,
  alreadyIncludedMessage,
  completeCustomService,
  discountNotAllowedMessage,
  type ServiceLine,
  setLineDiscount,
} from '@app/domain/pricing/service-selection';
import { applyRate, centsToDollars, dollarsToCents, isDollarsWithinCents } from '@app/domain/shared/money';
import type { VehicleSize } from '@app/domain/vehicles/vehicle-size';
import type { Db, Tx } from '../../db/client';
import type { CatalogService, LoadedCatalog } from '../catalog/catalog.service';
import type { MatchingService } from '../matching/matching.service';

/** Who prices a request's lines, from which catalog, for which vehicle. */
export type PricingScope = {
  caller: UserType;
  /** Dealer work (WHOLE, no tax) or retail work (RETAIL, the installer's tax). */
  requestType: 'dealer' | 'installer';
  size: VehicleSize;
  trimId: number | null;
  /** Dealer work: the dealership (its template limits a dealer's catalog; eligibility for "Any"). */
  dealerId: number | null;
  /** The specialist whose catalog prices the lines; null = any specialist the dealer may use. */
  installerId: number | null;
};

export type PricedLine = ServiceLine & { installerId: number; serviceDate: Date | null };

const TOLERANCE_CENTS = 1;

/** NaN or infinite money in a line: 'Invalid cost for service 2: NaN' (M66, 4.12 #57). */
export function findInvalidNumbers(lines: readonly TServiceLineInput[], offset = 0): string[] {
  const fields = [
    ['serviceAmount', 'cost'],
    ['serviceDiscount', 'discount'],
    ['serviceDiscountPercent', 'discount percent'],
    ['serviceFee', 'fee'],
    ['serviceValue', 'value'],
    ['retailPrice', 'retail price'],
  ] as const;
  const invalid: string[] = [];
  lines.forEach((line, index) => {
    for (const [field, label] of fields) {
      const value = line[field];
      if (value !== null && value !== undefined && !Number.isFinite(value)) {
        invalid.push(`Invalid ${label} for service ${offset + index + 1}: ${String(value)}`);
      }
    }
  });
  return invalid;
}

const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

function toCents(value: number): number {
  const parsed = dollarsToCents(value);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.message);
  return parsed.cents;
}

/**
 * An installer's discount on a line: an amount 0..cost or a percentage 0..100 (dealers: 403). Returns the
 * discounted line, or null after recording why not in `errors` (collected into M66 by the caller).
 */
export function applyLineDiscount(
  line: ServiceLine,
  { discount, percent }: { discount: number; percent: number },
  caller: UserType,
  name: string,
  errors: string[],
): ServiceLine | null {
  if (caller !== 'installer') throw new AppError('FORBIDDEN', discountNotAllowedMessage);
  if (discount < 0 || percent < 0) {
    errors.push(`${name}: discount cannot be negative`);
    return null;
  }
  if (discount !== 0 && toCents(discount) > line.amountCents) {
    errors.push(`${name}: discount cannot exceed cost`);
    return null;
  }
  if (percent > 100) {
    errors.push(`${name}: discount percent cannot exceed 100`);
    return null;
  }
  const updated = setLineDiscount(
    line,
    discount !== 0
      ? { kind: 'amount', amountCents: toCents(discount) }
      : { kind: 'percent', percentBps: Math.round(percent * 100) },
    caller,
  );
  if (!updated.ok) {
    errors.push(`${name}: ${updated.message}`);
    return null;
  }
  return updated.line;
}

/**
 * Prices submitted lines from the catalog (see README.md "Server-derived totals"). Every price comes from the
 * catalog row (a trim override replacing the size price); a submitted amount, value or fee must agree within
 * 0.01; discounts only from installers; custom services (priced 0) only from installers, with description,
 * cost and time. All refusals of one call are collected into one 'Pricing validation failed: …'.
 */
export function createLinePricer(deps: {
  catalog: CatalogService;
  matching: MatchingService;
  conn: Db | Tx;
}) {
  const catalogs = new Map<number, LoadedCatalog | null>();
  /** Specialists the dealer may use per category, read once per call. */
  const eligibleByCategory = new Map<string, Promise<Set<number>>>();

  function eligibleFor(dealerId: number, category: string): Promise<Set<number>> {
    let found = eligibleByCategory.get(category);
    if (!found) {
      found = deps.matching
        .listEligible(dealerId, [category], deps.conn)
        .then((list) => new Set(list.map((e) => e.installerId)));
      eligibleByCategory.set(category, found);
    }
    return found;
  }

  async function catalogOf(installerId: number, scope: PricingScope): Promise<LoadedCatalog | null> {
    if (!catalogs.has(installerId)) {
      const loaded = await deps.catalog.loadCatalogs(
        [installerId],
        { dealerId: scope.caller === 'dealer' ? scope.dealerId : null, trimId: scope.trimId },
        deps.conn,
      );
      catalogs.set(installerId, loaded.get(installerId) ?? null);
    }
    return catalogs.get(installerId) ?? null;
  }

  async function priceLine(
    scope: PricingScope,
    input: TServiceLineInput,
    number: number,
    errors: string[],
  ): Promise<PricedLine | null> {
    const name = `Service ${number}`;
    const ref = input.serviceId ?? input.masterServiceId;
    if (ref == null) {
      errors.push(`${name}: missing service_id`);
      return null;
    }
    const owner = await deps.catalog.findServiceOwner(
      { serviceId: input.serviceId, masterServiceId: input.serviceId == null ? input.masterServiceId : null },
      deps.conn,
    );
    if (!owner || (scope.installerId !== null && owner.installerId !== scope.installerId)) {
      errors.push(
        `${name}: service ${ref} is not in the ${scope.installerId !== null ? 'chosen specialist’s ' : ''}catalog`,
      );
      return null;
    }
    const loaded = await catalogOf(owner.installerId, scope);
    const isDealerCaller = scope.caller === 'dealer';
    const retailOverride = isDealerCaller && input.retailPrice != null ? toCents(input.retailPrice) : null;
    const resolved = loaded
      ? resolveServicePrice(loaded.catalog, {
          masterServiceId: owner.masterServiceId,
          size: scope.size,
          trimId: scope.trimId,
          caller: scope.caller,
          requestType: scope.requestType,
          retailPriceOverrideCents: retailOverride,
        })
      : null;
    if (!resolved?.ok) {
      errors.push(`${name}: ${resolved ? resolved.message : `service ${ref} is not in the catalog`}`);
      return null;
    }
    const price = resolved.price;
    if (price.isCustom && isDealerCaller)
      throw new AppError('FORBIDDEN', 'Only installers may price custom services');
    // Dealers buy only what they may see: vendor visibility per category (the template is applied when loading).
    if ((scope.installerId === null || isDealerCaller) && scope.dealerId !== null) {
      const eligible = (await eligibleFor(scope.dealerId, price.category)).has(owner.installerId);
      if (!eligible) {
        errors.push(
          `${name}: ${loaded?.installerName ?? 'the specialist'} does not offer ${price.category} to your dealership`,
        );
        return null;
      }
    }

    let line: ServiceLine = {
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

    if (price.isCustom) {
      const completed = completeCustomService(
        line,
        {
          description: input.customDescription ?? '',
          costCents: input.serviceAmount != null ? toCents(input.serviceAmount) : 0,
          durationTenths: input.serviceDuration != null ? Math.round(input.serviceDuration * 10) : 0,
        },
        scope.caller,
      );
      if (!completed.ok) {
        errors.push(`${name}: ${completed.message}`);
        return null;
      }
      line = completed.line;
    } else if (
      input.serviceAmount != null &&
      !isDollarsWithinCents(input.serviceAmount, price.amountCents, TOLERANCE_CENTS)
    ) {
      errors.push(
        `${name}: price ${input.serviceAmount} is not the catalog price ${dollars(price.amountCents)}`,
      );
      return null;
    }

    const discount = input.serviceDiscount ?? 0;
    const percent = input.serviceDiscountPercent ?? 0;
    if (discount !== 0 || percent !== 0) {
      const discounted = applyLineDiscount(line, { discount, percent }, scope.caller, name, errors);
      if (!discounted) return null;
      line = discounted;
    }

    const valueCents = line.amountCents - (line.discountCents ?? 0);
    const feeCents = applyRate(valueCents, PLATFORM_FEE_BPS);
    if (
      input.serviceValue != null &&
      !isDollarsWithinCents(input.serviceValue, valueCents, TOLERANCE_CENTS)
    ) {
      errors.push(`${name}: value mismatch: expected ${dollars(valueCents)}, got ${input.serviceValue}`);
    }
    if (input.serviceFee != null && !isDollarsWithinCents(input.serviceFee, feeCents, TOLERANCE_CENTS)) {
      errors.push(`${name}: fee mismatch: expected ${dollars(feeCents)}, got ${input.serviceFee}`);
    }
    return { ...line, installerId: owner.installerId, serviceDate: input.serviceDate ?? null };
  }

  return {
    /**
     * Prices `inputs` and adds them to `existing` by the inclusion rules (K73): a service included by a
     * selected one is refused; one that includes selected ones removes them.
     */
    async priceAndSelect(
      scope: PricingScope,
      inputs: readonly TServiceLineInput[],
      existing: readonly (ServiceLine & { lineId?: number })[],
    ): Promise<{
      lines: (ServiceLine & { lineId?: number })[];
      added: PricedLine[];
      removedLineIds: number[];
    }> {
      const invalid = findInvalidNumbers(inputs, existing.length);
      if (invalid.length > 0)
        throw new AppError('VALIDATION_FAILED', invalid.join(', '), { details: invalid });
      const errors: string[] = [];
      const priced: (PricedLine | null)[] = [];
      for (const [index, input] of inputs.entries()) {
        priced.push(await priceLine(scope, input, existing.length + index + 1, errors));
      }
      if (errors.length > 0) {
        throw new AppError('VALIDATION_FAILED', formatPricingValidationMessage(errors), { details: errors });
      }
      let lines: (ServiceLine & { lineId?: number })[] = [...existing];
      const removed: number[] = [];
      for (const line of priced) {
        if (!line) continue;
        const result = addServiceLine(lines, line);
        if (!result.ok) {
          if (result.reason === 'ALREADY_INCLUDED')
            throw new AppError('VALIDATION_FAILED', alreadyIncludedMessage);
          throw new AppError('CONFLICT', `${line.description}: ${result.message}`);
        }
        for (const gone of result.removed as (ServiceLine & { lineId?: number })[]) {
          if (gone.lineId !== undefined) removed.push(gone.lineId);
        }
        lines = result.lines;
      }
      const added = lines.filter(
        (l): l is PricedLine =>
          (l as Partial<PricedLine>).installerId !== undefined &&
          (l as { lineId?: number }).lineId === undefined,
      );
      return { lines, added, removedLineIds: removed };
    },
  };
}

/** Wire totals (dollars, days) of computed totals. */
export function toWireTotals(totals: QuoteTotals, serviceRequested: string) {
  return {
    requestTotal: centsToDollars(totals.originalTotal),
    requestDiscount: centsToDollars(totals.totalDiscount),
    requestFee: centsToDollars(totals.platformFee),
    requestTaxes: centsToDollars(totals.taxes),
    requestDuration: totals.totalDuration / 10,
    customerTotal: centsToDollars(totals.customerTotal),
    serviceRequested,
    retailTotal: totals.requestType === 'dealer' ? centsToDollars(totals.retailTotal) : null,
    margin: totals.requestType === 'dealer' ? centsToDollars(totals.margin) : null,
  };
}
