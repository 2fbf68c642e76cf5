/**
 * The calendar screen's period figures (002 §2.5, §9; convention 28; decision 022). Pure: the API
 * computes them from the period's rows, the tests check them against hand-computed fixtures. Dates are
 * 'YYYY-MM-DD' strings and all arithmetic is on epoch days, so no figure depends on the process time zone.
 */
import { diffDays, isIsoDate } from './dates';

/** The longest period one read may span: `to` at most 62 days after `from` (two months and a bit). */
export const CALENDAR_PERIOD_MAX_DAYS = 62;

export const calendarPeriodMessages = {
  badDay: (field: 'from' | 'to') => `${field} must be a calendar day written YYYY-MM-DD`,
  toBeforeFrom: 'to must not be before from',
  tooLong: `The period may span at most ${CALENDAR_PERIOD_MAX_DAYS} days between from and to`,
} as const;

/** Why a period is refused (400), or null when it can be read. */
export function checkCalendarPeriod(from: string, to: string): string | null {
  if (!isIsoDate(from)) return calendarPeriodMessages.badDay('from');
  if (!isIsoDate(to)) return calendarPeriodMessages.badDay('to');
  const span = diffDays(from, to);
  if (span < 0) return calendarPeriodMessages.toBeforeFrom;
  if (span > CALENDAR_PERIOD_MAX_DAYS) return calendarPeriodMessages.tooLong;
  return null;
}

/** One calendar row of the period, as far as the overview needs it. */
export type PeriodRow = {
  requestId: number;
  workDate: string;
  workStatus: string;
  /** True on the first work day of the row's service line (or of a job without lines). */
  lineFirstDay: boolean;
  amountCents: number;
  discountCents: number;
};

export type CalendarOverview = {
  /** Distinct jobs with any row in the period. */
  jobs: number;
  /** Distinct (job, day) pairs that occupy capacity (every status but draft). */
  jobDays: number;
  /** Days in the period, both ends included. */
  days: number;
  /** Job-days one day can hold (the location's capacity). */
  capacityPerDay: number;
  /** jobDays / (capacity × days) × 100, one decimal (convention 28). */
  capacityUsedPercent: number;
  /** Σ (service amount − discount) of the lines whose first work day is in the period, in cents. */
  revenueCents: number;
};

/**
 * The overview cards of a period (decision 022, the screen’s read): Jobs This Period counts every job on the calendar in the
 * period; Capacity Used % counts one unit per job and day (however many of its lines touch the day) except
 * draft days, which hold no capacity (a rescheduled job waiting for its new dates), over capacity × days;
 * revenue counts each service line once, on its first work day, so consecutive periods never count a line
 * twice and a line that started before the period is not counted again.
 */
export function computeCalendarOverview(input: {
  from: string;
  to: string;
  capacity: number;
  rows: readonly PeriodRow[];
}): CalendarOverview {
  const days = diffDays(input.from, input.to) + 1;
  const jobs = new Set<number>();
  const jobDays = new Set<string>();
  let revenueCents = 0;
  for (const row of input.rows) {
    if (row.workDate < input.from || row.workDate > input.to) continue;
    jobs.add(row.requestId);
    if (row.workStatus !== 'draft') jobDays.add(`${row.requestId}|${row.workDate}`);
    if (row.lineFirstDay) revenueCents += row.amountCents - row.discountCents;
  }
  const capacityPerDay = Math.max(1, input.capacity);
  const percent = (jobDays.size / (capacityPerDay * days)) * 100;
  return {
    jobs: jobs.size,
    jobDays: jobDays.size,
    days,
    capacityPerDay,
    capacityUsedPercent: Math.round(percent * 10) / 10,
    revenueCents,
  };
}
