import type { TEditJobLine } from '@app/contracts/edit-job.contract';
import { AppError } from '@app/contracts/errors.contract';
import type { UserType } from '@app/domain/identity/access';
import { PLATFORM_FEE_BPS } from '@app/domain/pricing/quote-total';
import {
  completeCustomService,
  discountNotAllowedMessage,
  type ServiceLine,
  setLineRetailPrice,
} from '@app/domain/pricing/service-selection';
import { applyRate, centsToDollars, dollarsToCents, formatMoney } from '@app/domain/shared/money';
import { toServiceLine } from '../request-creation/request-creation.context';
import type { LineRow } from '../request-creation/request-creation.repository';
import { applyLineDiscount } from '../request-creation/request-pricing';

/*
 * The lines an edit keeps: each keeps its stored price (a catalog change since the job was priced does not
 * re-price it); an installer changes its discount and a custom line's details, a dealer its retail price.
 * A line already started or finished cannot change. Every refusal is collected into one
 * 'Pricing validation failed: …' (rule 127, M66).
 */

export type KeptLine = {
  row: LineRow;
  values: {
    amountCents: number;
    discountCents: number;
    feeCents: number;
    retailPriceCents: number | null;
    customDescription: string | null;
    durationTenths: number;
    position: number;
  };
};

function toCents(value: number, errors: string[], name: string): number | null {
  const parsed = dollarsToCents(value);
  if (parsed.ok) return parsed.cents;
  errors.push(`${name}: ${parsed.message}`);
  return null;
}

/** The domain's view of a stored line (a line with a custom description is custom work). */
export function lineOf(row: LineRow): ServiceLine {
  return { ...toServiceLine(row, new Map()), isCustom: row.customDescription !== null };
}

/** The new values of a kept line, or null after recording why not in `errors`. */
export function editKeptLine(
  row: LineRow,
  input: TEditJobLine,
  ctx: { caller: UserType; isDealerWork: boolean; number: number; position: number },
  errors: string[],
): KeptLine | null {
  const name = `Service ${ctx.number}`;
  let line = lineOf(row);
  const discount = input.serviceDiscount ?? 0;
  const percent = input.serviceDiscountPercent ?? 0;
  if (ctx.caller === 'dealer' && (discount !== 0 || percent !== 0) && row.discountCents === 0) {
    throw new AppError('FORBIDDEN', discountNotAllowedMessage);
  }
  if (ctx.caller === 'installer' && line.isCustom) {
    const custom = completeCustomService(
      line,
      {
        description: input.customDescription ?? row.customDescription ?? '',
        costCents:
          input.serviceAmount != null ? (toCents(input.serviceAmount, errors, name) ?? 0) : row.amountCents,
        durationTenths:
          input.serviceDuration != null ? Math.round(input.serviceDuration * 10) : row.durationTenths,
      },
      'installer',
    );
    if (!custom.ok) {
      errors.push(`${name}: ${custom.message}`);
      return null;
    }
    line = custom.line;
  } else if (input.serviceAmount != null) {
    const sent = toCents(input.serviceAmount, errors, name);
    if (sent !== null && Math.abs(sent - row.amountCents) > 1) {
      errors.push(
        `${name}: price ${input.serviceAmount} is not the job's price ${centsToDollars(row.amountCents).toFixed(2)}`,
      );
      return null;
    }
  }
  if (ctx.caller === 'installer') {
    const discounted =
      discount !== 0 || percent !== 0
        ? applyLineDiscount(line, { discount, percent }, 'installer', name, errors)
        : { ...line, discountCents: 0, discountPercentBps: null };
    if (!discounted) return null;
    line = discounted;
  } else if (ctx.isDealerWork && input.retailPrice !== undefined) {
    if (input.retailPrice === null) line = { ...line, retailPriceCents: null };
    else {
      const cents = toCents(input.retailPrice, errors, name);
      if (cents === null) return null;
      const updated = setLineRetailPrice(line, cents, 'dealer');
      if (!updated.ok) {
        errors.push(`${name}: ${updated.message}`);
        return null;
      }
      line = updated.line;
    }
  }
  const discountCents = line.discountCents ?? 0;
  const values = {
    amountCents: line.amountCents,
    discountCents,
    feeCents: applyRate(line.amountCents - discountCents, PLATFORM_FEE_BPS),
    retailPriceCents: line.retailPriceCents ?? null,
    customDescription: line.customDescription ?? null,
    durationTenths: line.durationTenths ?? row.durationTenths,
    position: ctx.position,
  };
  if (row.serviceState !== 'new' && isChanged(row, values)) {
    throw new AppError(
      'INVALID_TRANSITION',
      `${row.customDescription ?? row.description} has ${row.serviceState === 'started' ? 'started' : 'finished'} and cannot be changed`,
    );
  }
  return { row, values };
}

function isChanged(row: LineRow, values: KeptLine['values']): boolean {
  return (
    row.amountCents !== values.amountCents ||
    row.discountCents !== values.discountCents ||
    row.retailPriceCents !== values.retailPriceCents ||
    row.customDescription !== values.customDescription ||
    row.durationTenths !== values.durationTenths
  );
}

const nameOf = (row: { customDescription: string | null; description: string }) =>
  row.customDescription ?? row.description;

/** What an edit changed on a kept line, in words (the history note). */
export function describeKeptChange(kept: KeptLine): string[] {
  const { row, values } = kept;
  const name = nameOf(row);
  const changes: string[] = [];
  if (row.customDescription !== values.customDescription && values.customDescription !== null) {
    changes.push(`${name} renamed ${values.customDescription}`);
  }
  if (row.amountCents !== values.amountCents) {
    changes.push(`${name}: price ${formatMoney(row.amountCents)} → ${formatMoney(values.amountCents)}`);
  }
  if (row.discountCents !== values.discountCents) {
    changes.push(
      `${name}: discount ${formatMoney(row.discountCents)} → ${formatMoney(values.discountCents)}`,
    );
  }
  if (row.retailPriceCents !== values.retailPriceCents) {
    const show = (c: number | null) => (c === null ? 'none' : formatMoney(c));
    changes.push(`${name}: retail price ${show(row.retailPriceCents)} → ${show(values.retailPriceCents)}`);
  }
  if (row.durationTenths !== values.durationTenths) {
    changes.push(`${name}: ${row.durationTenths / 10} → ${values.durationTenths / 10} day(s)`);
  }
  return changes;
}

export function describeLine(row: {
  customDescription: string | null;
  description: string;
  amountCents: number;
}): string {
  return `${nameOf(row)} (${formatMoney(row.amountCents)})`;
}
