import type { TTransaction } from '@app/contracts/financials.contract';
import { type Cents, formatMoney } from '@app/domain/shared/money';

/** Cents as '$1,234.50' (the domain's one money format). */
export function formatCents(cents: Cents): string {
  return formatMoney(cents);
}

/** A row date ('YYYY/MM/DD HH:mm:ss' UTC) as 'Nov 5, 2026' in UTC, the day the server filters on; '—' if none. */
export function formatWireDay(value: string | null): string {
  const match = value ? /^(\d{4})[/-](\d{2})[/-](\d{2})/.exec(value) : null;
  if (!match) return '—';
  const [, year, month, day] = match;
  const name = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    Number(month) - 1
  ];
  return `${name} ${Number(day)}, ${year}`;
}

/** '2024 Tesla Model 3', or the VIN, or '—'. */
export function formatRowVehicle(row: Pick<TTransaction, 'Year' | 'Make' | 'Model' | 'VIN'>): string {
  const name = [row.Year, row.Make, row.Model].filter((part) => part !== null && part !== '').join(' ');
  return name || row.VIN || '—';
}

/** Retail work (requests of type installer) shows blue; dealer work white (R15). */
export function isRetailRow(row: Pick<TTransaction, 'Request_type'>): boolean {
  return row.Request_type === 'installer';
}

/** The check number of a paid row: payout ids starting po_ are provider payouts, never check numbers (row 106). */
export function findCheckNumber(row: Pick<TTransaction, 'check_number' | 'payout_id'>): string | null {
  if (row.check_number) return row.check_number;
  return row.payout_id && !row.payout_id.startsWith('po_') ? row.payout_id : null;
}
