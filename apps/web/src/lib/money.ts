import { type Cents, dollarsToCents, formatMoney } from '@app/domain/shared/money';

/**
 * Money in the web is the domain's integer cents, shown by the domain's one `formatMoney`. Dollars from
 * the wire (JSON numbers) and from dollar inputs become cents here, through the domain's exact
 * `dollarsToCents` (the number's decimal text, rounded half away from zero), never a float `* 100`:
 * 0.1 + 0.2 is 30 cents and 1.005 is 101, where `Math.round(1.005 * 100)` is 100.
 */
export function wireDollarsToCents(dollars: number | null | undefined): Cents {
  if (dollars === null || dollars === undefined) return 0;
  const cents = dollarsToCents(dollars);
  return cents.ok ? cents.cents : 0;
}

/** Wire dollars as '$1,234.50' (000 §9: 2 decimals and a $ sign); '—' when missing or unreadable. */
export function formatDollars(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined) return '—';
  const cents = dollarsToCents(dollars);
  return cents.ok ? formatMoney(cents.cents) : '—';
}
