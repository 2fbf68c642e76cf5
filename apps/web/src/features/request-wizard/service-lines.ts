/**
 * The wizards' selected services seen through the domain's pricing rules (packages/domain/src/pricing):
 * discounts (installers only, amount or percent, clamped), custom services (priced 0: description, cost and
 * time required; closing the dialog without saving removes the line), the quote totals, and the lines sent
 * to POST /requestimates/. Nothing here re-implements a rule: it converts dollars to the domain's cents.
 */
import type { TCatalogService } from '@app/contracts/catalog.contract';
import type { TRequestService } from '@app/contracts/service-requests.contract';
import { calculateQuoteTotals, type QuoteTotals } from '@app/domain/pricing/quote-total';
import {
  type CustomServiceField,
  completeCustomService,
  isCustomPending,
  type ServiceLine,
  setLineDiscount,
} from '@app/domain/pricing/service-selection';
import { centsToDollars, dollarsToCents, percentToBps } from '@app/domain/shared/money';
import { wireDollarsToCents } from '../../lib/money';
import { addService, type CustomDetails, type SelectedService } from './wizard-rules';

export type WizardMode = 'dealer' | 'installer';

/** The line's price before discount: the custom cost once given, else the catalog's. */
export function lineCost(s: SelectedService): number {
  return s.custom ? s.custom.cost : s.service.service_cost;
}

/** Days; a service without a duration counts one. */
export function lineDuration(s: SelectedService): number {
  return s.custom ? s.custom.durationDays : s.service.duration_days || 1;
}

export function lineDescription(s: SelectedService): string {
  return s.custom?.description || s.service.description;
}

/** The domain's view of a selected service. */
export function toServiceLine(s: SelectedService): ServiceLine {
  return {
    masterServiceId: s.service.master_service_id,
    serviceId: s.service.service_id,
    category: s.service.service_category,
    description: s.service.description,
    customDescription: s.custom?.description ?? null,
    amountCents: wireDollarsToCents(lineCost(s)),
    discountCents: wireDollarsToCents(s.discount),
    discountPercentBps: s.discountPercent != null ? Math.round(s.discountPercent * 100) : null,
    durationTenths: Math.round(lineDuration(s) * 10),
    retailPriceCents: s.retailPrice != null ? wireDollarsToCents(s.retailPrice) : null,
    isCustom: s.service.is_custom,
  };
}

/** A custom service whose dialog has not been saved yet. */
export function isPendingCustom(s: SelectedService): boolean {
  return isCustomPending(toServiceLine(s));
}

/** Closing the custom dialog without saving removes the pending custom lines (001 §4). */
export function dropPendingCustom(services: readonly SelectedService[]): SelectedService[] {
  return services.filter((s) => !isPendingCustom(s));
}

export type DiscountEntry =
  | { kind: 'none' }
  | { kind: 'amount'; dollars: number }
  | { kind: 'percent'; percent: number };

/**
 * Sets a line's discount with the domain rule: an amount 0..cost or a percentage 0..100 in 0.1 steps,
 * clamped. Returns the line unchanged for a non-number.
 */
export function applyDiscount(s: SelectedService, entry: DiscountEntry): SelectedService {
  // Exact conversions (no float `* 100`): 12.3 % is 1230 bps, $4.35 is 435 cents.
  const amount = entry.kind === 'amount' ? dollarsToCents(entry.dollars) : null;
  const percentBps = entry.kind === 'percent' ? percentToBps(entry.percent) : null;
  if ((amount && !amount.ok) || (entry.kind === 'percent' && percentBps === null)) return s;
  const input = amount?.ok
    ? { kind: 'amount' as const, amountCents: amount.cents }
    : percentBps !== null
      ? { kind: 'percent' as const, percentBps }
      : { kind: 'none' as const };
  const result = setLineDiscount(toServiceLine(s), input, 'installer');
  if (!result.ok) return s;
  const discountCents = result.line.discountCents ?? 0;
  return {
    ...s,
    discount: discountCents > 0 ? centsToDollars(discountCents) : null,
    discountPercent:
      entry.kind === 'percent' && result.line.discountPercentBps != null
        ? result.line.discountPercentBps / 100
        : null,
  };
}

export type CustomDraft = { description: string; cost: number | null; durationDays: number | null };

export type CustomSaveResult =
  | { ok: true; service: SelectedService }
  | { ok: false; message: string; fields: CustomServiceField[] };

/** Saves the custom dialog through the domain rule: description, cost (> 0) and time (≥ 0.1 day) required. */
export function saveCustomDetails(s: SelectedService, draft: CustomDraft): CustomSaveResult {
  const result = completeCustomService(
    toServiceLine(s),
    {
      description: draft.description,
      costCents: draft.cost == null || !Number.isFinite(draft.cost) ? 0 : wireDollarsToCents(draft.cost),
      durationTenths:
        draft.durationDays == null || !Number.isFinite(draft.durationDays)
          ? 0
          : Math.round(draft.durationDays * 10),
    },
    'installer',
  );
  if (!result.ok) {
    return { ok: false, message: result.message, fields: 'fields' in result ? result.fields : [] };
  }
  const line = result.line;
  const custom: CustomDetails = {
    description: line.customDescription ?? draft.description.trim(),
    cost: centsToDollars(line.amountCents),
    durationDays: (line.durationTenths ?? 10) / 10,
  };
  const discountCents = line.discountCents ?? 0;
  return {
    ok: true,
    service: {
      ...s,
      custom,
      retailPrice: custom.cost,
      discount: discountCents > 0 ? centsToDollars(discountCents) : null,
    },
  };
}

/**
 * The quote the selected services make, by the domain rule the server prices with (the server computes the
 * stored one); retail work adds the specialist's tax rate, dealer work never has tax.
 */
export function quoteOf(
  services: readonly SelectedService[],
  requestType: WizardMode,
  taxRateBps = 0,
): QuoteTotals {
  return calculateQuoteTotals(
    services.map((s) => toServiceLine(s)),
    { requestType, taxRateBps },
  );
}

/** A line of POST /requestimates/ `services`: the server prices it from the catalog and checks the rest. */
export function toLineInput(s: SelectedService, mode: WizardMode) {
  return {
    serviceId: s.service.service_id,
    ...(mode === 'dealer' ? { retailPrice: s.retailPrice } : {}),
    ...(mode === 'installer' && s.discountPercent != null
      ? { serviceDiscountPercent: s.discountPercent }
      : mode === 'installer' && s.discount
        ? { serviceDiscount: s.discount }
        : {}),
    ...(s.custom
      ? {
          customDescription: s.custom.description,
          serviceAmount: s.custom.cost,
          serviceDuration: s.custom.durationDays,
        }
      : {}),
  };
}

export type PreviousJobSelection = {
  services: SelectedService[];
  /** Descriptions of the job's lines that the current catalog does not offer (or the rules refuse). */
  skipped: string[];
};

/**
 * The services of a previous job priced again for the current vehicle and specialist: each line is matched
 * to the current catalog by its master service; a custom line keeps its description, cost and time
 * (installers only). Inclusion rules apply as if the services were added one by one.
 */
const normalized = (text: string) => text.trim().toLowerCase();

/**
 * The catalog entry of a previous line: the same master service when the catalog is the same
 * specialist's; otherwise (another specialist, or 'Any', whose master services are their own) the
 * entry of the same category and description.
 */
function findCatalogMatch(
  line: TRequestService,
  catalog: readonly TCatalogService[],
): TCatalogService | undefined {
  if (line.master_service_id !== null) {
    const sameMaster = catalog.find((c) => c.master_service_id === line.master_service_id);
    if (sameMaster) return sameMaster;
  }
  return catalog.find(
    (c) =>
      normalized(c.service_category) === normalized(line.service_category) &&
      normalized(c.description) === normalized(line.description),
  );
}

export function servicesFromPreviousJob(
  lines: readonly TRequestService[],
  catalog: readonly TCatalogService[],
  mode: WizardMode,
): PreviousJobSelection {
  let services: SelectedService[] = [];
  const skipped: string[] = [];
  for (const line of [...lines].sort((a, b) => a.position - b.position)) {
    const name = line.custom_description || line.description;
    const match = findCatalogMatch(line, catalog);
    if (!match || (match.is_custom && mode === 'dealer')) {
      skipped.push(name);
      continue;
    }
    const added = addService(services, match);
    if (!added.ok) {
      skipped.push(name);
      continue;
    }
    services = added.services;
    if (match.is_custom) {
      const saved = saveCustomDetails(services[services.length - 1] as SelectedService, {
        description: name,
        cost: line.service_amount,
        durationDays: line.service_duration,
      });
      if (saved.ok) services = [...services.slice(0, -1), saved.service];
      else {
        services = services.slice(0, -1);
        skipped.push(name);
      }
    }
  }
  return { services, skipped };
}
