import { financialsMessages } from '@app/contracts/financials.contract';
import { addDays, compareDates, type IsoDate, isIsoDate, toEpochDay } from '@app/domain/scheduling/dates';

/**
 * The period the Financials screen shows (002 §2.6, rules 90–92 and 95): Day, Week or Month around an anchor
 * day, stepped with Previous / Today / Next, or a Custom From–To range. Days are plain 'YYYY-MM-DD' in the
 * viewer's calendar; the server reads them as whole days (from 00:00 of `from` to the end of `to`).
 */
export type RangeMode = 'day' | 'week' | 'month' | 'custom';
export type StepMode = Exclude<RangeMode, 'custom'>;
export type DateRange = { from: IsoDate; to: IsoDate };

export const rangeModes: readonly { value: RangeMode; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'custom', label: 'Custom' },
];

/** M166–M168, from the contract. */
export const rangeMessages = {
  bothDates: financialsMessages.bothDates,
  endBeforeStart: financialsMessages.endBeforeStart,
  largeRange: financialsMessages.largeRange,
} as const;

function splitDate(date: IsoDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function joinDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function countMonthDays(year: number, month: number): number {
  const first = joinDate(year, month, 1);
  const next = month === 12 ? joinDate(year + 1, 1, 1) : joinDate(year, month + 1, 1);
  return toEpochDay(next) - toEpochDay(first);
}

/** `date` moved by whole months, the day kept or clamped to the month's last (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = splitDate(date);
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = index - nextYear * 12 + 1;
  return joinDate(nextYear, nextMonth, Math.min(day, countMonthDays(nextYear, nextMonth)));
}

/** 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday). */
function weekdayOf(date: IsoDate): number {
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

/** The Day, Week (Sunday to Saturday, as US calendars print it) or Month that holds `anchor`. */
export function computeRange(mode: StepMode, anchor: IsoDate): DateRange {
  if (mode === 'day') return { from: anchor, to: anchor };
  if (mode === 'week') {
    const from = addDays(anchor, -weekdayOf(anchor));
    return { from, to: addDays(from, 6) };
  }
  const [year, month] = splitDate(anchor);
  return { from: joinDate(year, month, 1), to: joinDate(year, month, countMonthDays(year, month)) };
}

/** Previous (-1) or Next (+1): the anchor one day, week or month away. */
export function stepAnchor(mode: StepMode, anchor: IsoDate, step: -1 | 1): IsoDate {
  if (mode === 'day') return addDays(anchor, step);
  if (mode === 'week') return addDays(anchor, 7 * step);
  return addMonths(anchor, step);
}

export type CustomRangeCheck =
  | { ok: true; range: DateRange; isLarge: boolean }
  | { ok: false; message: (typeof rangeMessages)[keyof Omit<typeof rangeMessages, 'largeRange'>] };

/**
 * Rules 90–92: both dates, the end not before the start (one day, from = to, is a range), and a range longer
 * than two years is marked large so the screen asks for confirmation (M168) before loading it.
 */
export function checkCustomRange(from: IsoDate | null, to: IsoDate | null): CustomRangeCheck {
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to))
    return { ok: false, message: rangeMessages.bothDates };
  if (compareDates(to, from) < 0) return { ok: false, message: rangeMessages.endBeforeStart };
  return { ok: true, range: { from, to }, isLarge: compareDates(to, addMonths(from, 24)) > 0 };
}

/** Rule 95: Previous / Today / Next step Day, Week and Month only, and not while a search or name filter rules. */
export function canStepRange(mode: RangeMode, isSearching: boolean): boolean {
  return mode !== 'custom' && !isSearching;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Nov 5, 2026' (a short day, US order). */
export function formatShortDay(date: IsoDate): string {
  const [year, month, day] = splitDate(date);
  return `${monthNames[month - 1]?.slice(0, 3)} ${day}, ${year}`;
}

/**
 * The label of a period: 'November 2026' for a month, 'Wed, Nov 25, 2026' for a day, 'Nov 22 – Nov 28, 2026'
 * for a week in one year, and both full days otherwise.
 */
export function describeRange(mode: RangeMode, range: DateRange): string {
  const [fromYear, fromMonth] = splitDate(range.from);
  const [toYear] = splitDate(range.to);
  if (mode === 'month') return `${monthNames[fromMonth - 1]} ${fromYear}`;
  if (range.from === range.to) {
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][weekdayOf(range.from)];
    return `${weekday}, ${formatShortDay(range.from)}`;
  }
  if (fromYear === toYear) return `${formatShortDay(range.from).slice(0, -6)} – ${formatShortDay(range.to)}`;
  return `${formatShortDay(range.from)} – ${formatShortDay(range.to)}`;
}

/** '2026-11' (a month), '2026-11-25' (a day), '2026-11-22_to_2026-11-28': the range part of a file name. */
export function describeRangeForFileName(mode: RangeMode, range: DateRange): string {
  if (mode === 'month') return range.from.slice(0, 7);
  return range.from === range.to ? range.from : `${range.from}_to_${range.to}`;
}
