/**
 * Calendar dates as 'YYYY-MM-DD' strings (decision 2: checkDate and work dates are plain days).
 *
 * Everything here is integer arithmetic on "epoch days" (days since 1970-01-01), so no result
 * depends on the process time zone: no `new Date(y, m, d)`, no local getters, no DST surprises.
 * The one exception is `toLocalIsoDate`, the browser's "today", the only reader of the local zone.
 * This is the product's one date module: web and API take `addDays`, `toIsoDate` and the rest from here.
 * A malformed or impossible date ('2025-02-30') is a programming error and throws a RangeError;
 * use `isIsoDate` to check untrusted input first.
 */

export type IsoDate = string;

function readDigits(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const code = value.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    n = n * 10 + code;
  }
  return n;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function countDaysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** [year, month, day] of a valid 'YYYY-MM-DD' (hand-parsed: availability parses thousands per call). */
function parseParts(value: string): [number, number, number] | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const year = readDigits(value, 0, 4);
  const month = readDigits(value, 5, 7);
  const day = readDigits(value, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > countDaysInMonth(year, month)) return null;
  return [year, month, day];
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && parseParts(value) !== null;
}

/** Days since 1970-01-01 (proleptic Gregorian; H. Hinnant's days_from_civil). */
export function toEpochDay(date: IsoDate): number {
  const parts = parseParts(date);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const [year, month, day] = parts;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Inverse of `toEpochDay` (civil_from_days). */
export function fromEpochDay(epochDay: number): IsoDate {
  if (!Number.isInteger(epochDay)) throw new RangeError(`Not a whole epoch day: ${epochDay}`);
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) throw new RangeError(`Date out of range: epoch day ${epochDay}`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `date` moved by a whole number of days (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return fromEpochDay(toEpochDay(date) + days);
}

/** Days from `from` to `to`: positive when `to` is later ('2025-01-01' → '2025-01-03' is 2). */
export function diffDays(from: IsoDate, to: IsoDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** -1, 0 or 1, for sorting; both dates are validated. */
export function compareDates(a: IsoDate, b: IsoDate): -1 | 0 | 1 {
  const d = toEpochDay(a) - toEpochDay(b);
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

export function pickEarlierDate(a: IsoDate, b: IsoDate): IsoDate {
  return compareDates(a, b) <= 0 ? a : b;
}

export function pickLaterDate(a: IsoDate, b: IsoDate): IsoDate {
  return compareDates(a, b) >= 0 ? a : b;
}

/** Every day from `from` to `to`, both included; empty when `to` is before `from`. */
export function listDays(from: IsoDate, to: IsoDate): IsoDate[] {
  const start = toEpochDay(from);
  const end = toEpochDay(to);
  const days: IsoDate[] = [];
  for (let d = start; d <= end; d++) days.push(fromEpochDay(d));
  return days;
}

/** The UTC calendar day of an instant (the server's "today"; decision 2 stores UTC). */
export function toIsoDate(instant: Date): IsoDate {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid Date');
  return fromEpochDay(Math.floor(ms / 86_400_000));
}

/**
 * The calendar day of an instant in the zone the code runs in: the browser's "today", where a person picks
 * days in their own zone (the wizards' first available and drop-off days). The server's today is `toIsoDate`.
 */
export function toLocalIsoDate(instant: Date): IsoDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid Date');
  const year = instant.getFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`Date out of range: ${instant.toISOString()}`);
  const month = String(instant.getMonth() + 1).padStart(2, '0');
  const day = String(instant.getDate()).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}
