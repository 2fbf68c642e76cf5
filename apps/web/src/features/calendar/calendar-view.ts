import type { TCalendarEntry, TCalendarPeriodReply } from '@app/contracts/calendar.contract';
import { diffDays, type IsoDate, isIsoDate, listDays } from '@app/domain/scheduling/dates';
import {
  computeRange,
  type DateRange,
  describeRange,
  formatShortDay,
  type StepMode,
  stepAnchor,
} from '../financials/financial-range';
import { formatVehicle } from '../service-requests/request-format';

/**
 * What the calendar screen shows (002 §2.5, §9; decision 022, the screen's read): Day, Week or Month around an
 * anchor day (weeks Sunday to Saturday, as Financials and US calendars print them), stepped with Previous /
 * Today / Next. Phones always show the week, as day cards. Pure, so the view rules are unit-tested.
 */
export type CalendarMode = StepMode;
export type CalendarView = { mode: CalendarMode; anchor: IsoDate };

export const calendarModes: readonly { value: CalendarMode; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const revenueLabels: Record<CalendarMode, string> = {
  day: 'Day Revenue',
  week: 'Week Revenue',
  month: 'Month Revenue',
};

/** The overview card's title for the period's revenue (desktop only). */
export function describeRevenueLabel(mode: CalendarMode): string {
  return revenueLabels[mode];
}

/** The view in the address (`?view=week&date=2026-03-08`); the current week when absent (002 §9). */
export function readCalendarView(params: URLSearchParams, today: IsoDate, isPhone: boolean): CalendarView {
  const mode = params.get('view');
  const date = params.get('date');
  return {
    mode: isPhone ? 'week' : mode === 'day' || mode === 'month' ? mode : 'week',
    anchor: date && isIsoDate(date) ? date : today,
  };
}

/** The address's parameters for a view, keeping the others (the calendar link's return is read elsewhere). */
export function writeCalendarView(
  params: URLSearchParams,
  view: CalendarView,
  today: IsoDate,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view.mode === 'week') next.delete('view');
  else next.set('view', view.mode);
  if (view.anchor === today) next.delete('date');
  else next.set('date', view.anchor);
  return next;
}

export function rangeOfView(view: CalendarView): DateRange {
  return computeRange(view.mode, view.anchor);
}

export function stepView(view: CalendarView, step: -1 | 1): CalendarView {
  return { ...view, anchor: stepAnchor(view.mode, view.anchor, step) };
}

/** 'Mar 1 – Mar 7, 2026', 'March 2026', 'Sun, Mar 8, 2026'. */
export function describeCalendarRange(view: CalendarView): string {
  return describeRange(view.mode, rangeOfView(view));
}

/** Entries whose job already has its external appointment are synced (002 §3: eventId present). */
export function isSynced(entry: Pick<TCalendarEntry, 'eventId'>): boolean {
  return entry.eventId !== null && entry.eventId !== '';
}

/** Booked or started work gets an external appointment; pending and draft days do not (yet). */
function canSync(entry: TCalendarEntry): boolean {
  return entry.workStatus === 'booked' || entry.workStatus === 'started';
}

/**
 * The services Sync All sends (002 §9: from today onward, without an eventId): booked or started work of the
 * period on or after today, one per service line and job (a line over several days is one service).
 */
export function listUnsynced(entries: readonly TCalendarEntry[], today: IsoDate) {
  const seen = new Set<string>();
  const unsynced: { requestId: number; serviceId: number | null }[] = [];
  for (const entry of entries) {
    if (isSynced(entry) || !canSync(entry) || entry.workDate < today) continue;
    const key = `${entry.requestId}|${entry.serviceId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unsynced.push({ requestId: entry.requestId, serviceId: entry.serviceId });
  }
  return unsynced;
}

/** 'Day 2 of 3' for a job over several days, else null (the multi-day marker). */
export function describeMultiDay(entry: TCalendarEntry): string | null {
  if (!entry.multiDay) return null;
  const day = Math.min(Math.max(diffDays(entry.jobFirstDay, entry.workDate) + 1, 1), entry.jobDays);
  return `Day ${day} of ${entry.jobDays}`;
}

/** 'Service 1 of 2' (the service number within the job). */
export function describeServiceNumber(entry: TCalendarEntry): string {
  return `Service ${entry.serviceNumber} of ${entry.serviceCount}`;
}

/** '2024 Tesla Model 3 Long Range' (the vehicle line of a job). */
export function describeVehicle(entry: Pick<TCalendarEntry, 'year' | 'make' | 'model' | 'trim'>): string {
  return formatVehicle(
    { vehicleYear: entry.year, vehicleMake: entry.make, vehicleModel: entry.model, vehicleTrim: entry.trim },
    { withTrim: true },
  );
}

/** Who the job is for: the customer, else the dealership. */
export function describeCustomer(entry: Pick<TCalendarEntry, 'customerName' | 'dealerName'>): string {
  return entry.customerName ?? entry.dealerName ?? 'No customer';
}

/** A job on one day: its services that day, in their order. */
export type DayJob = { requestId: number; entries: TCalendarEntry[] };

export type DayGroup = {
  date: IsoDate;
  isToday: boolean;
  /** The reason a closed day was blocked ('' when none was given); null on an open day. */
  blockedReason: string | null;
  jobs: DayJob[];
  /** Services booked that day (every entry whose status is not draft). */
  bookedCount: number;
  /** Services that day whose job has no external appointment yet (booked or started work). */
  needsSyncCount: number;
};

/**
 * The period's day cards (002 §2.5): every day of a day or week view; in a month view only the days with work,
 * a closed day or today, so a month stays short. Entries keep the server's order (day, job, service number).
 */
export function groupByDay(
  period: Pick<TCalendarPeriodReply, 'from' | 'to' | 'entries' | 'blockedDays'>,
  mode: CalendarMode,
  today: IsoDate,
): DayGroup[] {
  const blocked = new Map(period.blockedDays.map((day) => [day.workDate, day.reason]));
  const byDay = new Map<IsoDate, TCalendarEntry[]>();
  for (const entry of period.entries) {
    const list = byDay.get(entry.workDate) ?? [];
    list.push(entry);
    byDay.set(entry.workDate, list);
  }
  const days = listDays(period.from, period.to).filter(
    (date) => mode !== 'month' || byDay.has(date) || blocked.has(date) || date === today,
  );
  return days.map((date) => {
    const entries = byDay.get(date) ?? [];
    const jobs: DayJob[] = [];
    for (const entry of entries) {
      const last = jobs.at(-1);
      if (last?.requestId === entry.requestId) last.entries.push(entry);
      else jobs.push({ requestId: entry.requestId, entries: [entry] });
    }
    return {
      date,
      isToday: date === today,
      blockedReason: blocked.get(date) ?? null,
      jobs,
      bookedCount: entries.filter((e) => e.workStatus !== 'draft').length,
      needsSyncCount: entries.filter((e) => canSync(e) && !isSynced(e)).length,
    };
  });
}

const dayTitleFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** 'Sunday, March 8' (a day card's title; the day is read at noon UTC, so no zone moves it). */
export function describeDayTitle(date: IsoDate): string {
  return dayTitleFormat.format(new Date(`${date}T12:00:00Z`));
}

/** 'Mar 8' from '2026-03-08' (a due date on a job line). */
export function describeShortDay(date: IsoDate): string {
  return formatShortDay(date).replace(/, \d{4}$/, '');
}

/** The first day of the week that holds `date` (the Export Week button's week). */
export function weekStartOf(date: IsoDate): IsoDate {
  return computeRange('week', date).from;
}
