import type { Db, Tx } from '../client';

/** Factories accept the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** The single row an INSERT … RETURNING gave back. */
export function firstRow<T>(rows: T[], what: string): T {
  const row = rows[0];
  if (!row) throw new Error(`Insert of ${what} returned no row`);
  return row;
}

let sequence = 0;
/** A number unique within the process, for default names and e-mails of test rows. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of the day of `date`. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * `days` days after the instant `date` (negative for before), at the same time of day. (The domain's
 * `addDays` in scheduling/dates.ts moves a YYYY-MM-DD date; its `toIsoDate` gives an instant's UTC day.)
 */
export function addDaysToInstant(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The UTC instant at midnight of a YYYY-MM-DD date. */
export function fromIsoDate(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}
