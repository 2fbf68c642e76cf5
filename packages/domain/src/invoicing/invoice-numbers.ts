/**
 * Invoice numbers (issue 17 defect 6; 000 §2 shows the customer-facing number; decision 009).
 *
 * Each installer company numbers its own invoices in one series, `<PREFIX>-<n>`: the prefix is derived once
 * from the company's name and stored (unique across installers), `n` counts up by one per invoice with no
 * gap. `number` and the customer-facing number are the same string. The database allocates `n`; these are
 * the pure parts: the prefix candidates and the format.
 */

/** The last number of a new series: its first invoice is PREFIX-1001. */
export const INVOICE_SERIES_START = 1000;

/** Numbers of the old scheme (INV-100012, INV-1040) stay on their rows; no series may take this prefix. */
export const LEGACY_INVOICE_PREFIX = 'INV';

const MAX_PREFIX_LENGTH = 5;

/**
 * The prefix a company name suggests: the initials of its words ('Elite Auto Film' → 'EAF'), or the first
 * three letters of a one-word name ('Clearview' → 'CLE'); letters and digits only, upper case, at most 5.
 * A name with no Latin letter or digit gives 'S' (specialist); the candidates make it unique.
 */
export function deriveInvoicePrefix(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return 'S';
  const initials = words.map((word) => word[0]).join('');
  const prefix = words.length === 1 ? (words[0] ?? '').slice(0, 3) : initials;
  return prefix.slice(0, MAX_PREFIX_LENGTH);
}

/**
 * Prefixes to try, in order, for a company that has none yet: the derived one, then it with 2, 3, … 9, then
 * with the company's id (unique by itself). The legacy 'INV' is never offered.
 */
export function invoicePrefixCandidates(name: string, installerId: number): string[] {
  const base = deriveInvoicePrefix(name);
  const candidates = [base];
  for (let suffix = 2; suffix <= 9; suffix += 1) candidates.push(`${base}${suffix}`);
  candidates.push(`${base}${installerId}`);
  return candidates.filter((prefix) => prefix !== LEGACY_INVOICE_PREFIX);
}

/** 'EAF', 1041 → 'EAF-1041'. */
export function formatInvoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}-${sequence}`;
}
