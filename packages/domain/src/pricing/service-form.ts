/**
 * The service form of the service catalog (002 §3, §5, §9; catalogue rules 107–111, M176–M181): one master
 * service with its retail prices for every size and, optionally, wholesale prices. The same check runs in
 * the Add/Update Service modal and on the server, so both answer with the same messages.
 *
 * - Category required ('Please enter a category'; the placeholder 'Category' is no category).
 * - Description required ('Description is required'; the placeholder 'Service' is no description).
 * - Duration in days greater than 0, in tenths of a day (input minimum 0.1, step 0.1; K72).
 * - A retail price greater than 0 for each size ('Large retail price is required', …).
 * - Wholesale prices optional: the wholesale catalog exists only when at least one is entered (rule 111);
 *   an empty or 0 wholesale price is "not entered" (the size shows Not Available).
 * - Money: dollars with at most 2 decimals, never negative, at most MAX_SERVICE_PRICE_CENTS.
 */
import type { Cents } from '../shared/money';
import { sizeLabel, type VehicleSize } from '../vehicles/vehicle-size';

/** $100,000.00: far above any real service price, low enough to catch a mistyped one. */
export const MAX_SERVICE_PRICE_CENTS: Cents = 10_000_000;
/** A job of a year is already more than any catalog service takes. */
export const MAX_DURATION_DAYS = 365;

export const SERVICE_FORM_MESSAGES = {
  category: 'Please enter a category',
  description: 'Description is required',
  duration: 'Duration must be greater than 0',
  durationStep: 'Duration must be in steps of 0.1 days',
  durationMax: `Duration must be at most ${MAX_DURATION_DAYS} days`,
  noSelectionUpdate: 'No master service selected for update',
  noSelectionDelete: 'No master service selected for deletion',
  selectToDelete: 'Please select a service to delete',
} as const;

/** Sizes in the order the catalog shows them (Large, Medium, Small). */
export const SERVICE_FORM_SIZES: readonly VehicleSize[] = ['L', 'M', 'S'];

export type SizePriceInput = Partial<Record<VehicleSize, number | string | null | undefined>>;

export type ServiceFormInput = {
  category?: string | null;
  description?: string | null;
  durationDays?: number | string | null;
  retailPrices?: SizePriceInput | null;
  wholesalePrices?: SizePriceInput | null;
};

export type ServiceFormValue = {
  category: string;
  description: string;
  durationTenths: number;
  retailCents: Record<VehicleSize, Cents>;
  /** Sizes with a wholesale price; null when none was entered (no wholesale catalog). */
  wholesaleCents: Partial<Record<VehicleSize, Cents>> | null;
};

/** Field names as the wire and the modal name them: category, description, durationDays, retailPrices.L, … */
export type ServiceFormError = { field: string; message: string };

export type ServiceFormResult =
  | { ok: true; value: ServiceFormValue }
  | { ok: false; errors: ServiceFormError[] };

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const PRICE_TEXT = /^\d+(\.\d{1,2})?$/;

/**
 * A price in dollars as typed or sent (number or text) → cents, or the message naming what is wrong with it.
 * `label` is e.g. 'Large retail price'. Blank answers null (the caller decides whether that is allowed).
 */
export function parsePrice(value: unknown, label: string): { cents: Cents | null } | { message: string } {
  if (isBlank(value)) return { cents: null };
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value).trim();
  if (/^-/.test(text) && Number.isFinite(Number(text))) return { message: `${label} must not be negative` };
  if (!PRICE_TEXT.test(text)) {
    return /^\d+\.\d{3,}$/.test(text)
      ? { message: `${label} must have at most 2 decimals` }
      : { message: `${label} must be a number` };
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_SERVICE_PRICE_CENTS) {
    return {
      message: `${label} must be at most $${(MAX_SERVICE_PRICE_CENTS / 100).toLocaleString('en-US')}`,
    };
  }
  return { cents };
}

/** Duration in days (number or text) → tenths of a day, or a message. */
function parseDuration(value: unknown): { tenths: number } | { message: string } {
  if (isBlank(value)) return { message: SERVICE_FORM_MESSAGES.duration };
  const days = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(days) || days <= 0) return { message: SERVICE_FORM_MESSAGES.duration };
  if (days > MAX_DURATION_DAYS) return { message: SERVICE_FORM_MESSAGES.durationMax };
  const tenths = Math.round(days * 10);
  if (Math.abs(tenths - days * 10) > 1e-6 || tenths < 1)
    return { message: SERVICE_FORM_MESSAGES.durationStep };
  return { tenths };
}

export type ServiceDetails = Pick<ServiceFormValue, 'category' | 'description' | 'durationTenths'>;

/** Category, description and duration (rules 107–109): the part of the form every write needs. */
export function validateServiceDetails(
  input: Pick<ServiceFormInput, 'category' | 'description' | 'durationDays'>,
): { ok: true; value: ServiceDetails } | { ok: false; errors: ServiceFormError[] } {
  const errors: ServiceFormError[] = [];
  const category = typeof input.category === 'string' ? input.category.trim() : '';
  if (category === '' || category === 'Category') {
    errors.push({ field: 'category', message: SERVICE_FORM_MESSAGES.category });
  }
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  if (description === '' || description === 'Service') {
    errors.push({ field: 'description', message: SERVICE_FORM_MESSAGES.description });
  }
  const duration = parseDuration(input.durationDays);
  if ('message' in duration) errors.push({ field: 'durationDays', message: duration.message });
  if (errors.length > 0 || 'message' in duration) return { ok: false, errors };
  return { ok: true, value: { category, description, durationTenths: duration.tenths } };
}

/** A required price of one size and catalog (rule 110): cents greater than 0, or the message. */
export function requiredPrice(
  value: unknown,
  size: VehicleSize,
  catalog: 'RETAIL' | 'WHOLE',
): { cents: Cents } | { message: string } {
  const label = `${sizeLabel(size)} ${catalog === 'RETAIL' ? 'retail' : 'wholesale'} price`;
  const parsed = parsePrice(value, label);
  if ('message' in parsed) return parsed;
  return parsed.cents === null || parsed.cents <= 0
    ? { message: `${label} is required` }
    : { cents: parsed.cents };
}

/** Checks a whole service form (rules 107–111); every field's first problem, in form order. */
export function validateServiceForm(input: ServiceFormInput): ServiceFormResult {
  const details = validateServiceDetails(input);
  const errors: ServiceFormError[] = details.ok ? [] : [...details.errors];
  const retailCents: Partial<Record<VehicleSize, Cents>> = {};
  const wholesaleCents: Partial<Record<VehicleSize, Cents>> = {};
  for (const size of SERVICE_FORM_SIZES) {
    const retail = requiredPrice(input.retailPrices?.[size], size, 'RETAIL');
    if ('message' in retail) errors.push({ field: `retailPrices.${size}`, message: retail.message });
    else retailCents[size] = retail.cents;
  }
  for (const size of SERVICE_FORM_SIZES) {
    const wholesale = parsePrice(input.wholesalePrices?.[size], `${sizeLabel(size)} wholesale price`);
    if ('message' in wholesale) errors.push({ field: `wholesalePrices.${size}`, message: wholesale.message });
    else if (wholesale.cents !== null && wholesale.cents > 0) wholesaleCents[size] = wholesale.cents;
  }
  if (errors.length > 0 || !details.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...details.value,
      retailCents: retailCents as Record<VehicleSize, Cents>,
      wholesaleCents: Object.keys(wholesaleCents).length > 0 ? wholesaleCents : null,
    },
  };
}
