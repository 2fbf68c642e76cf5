/**
 * Installer capacity and availability (decision 28; 000 §3, §9; 001 §3, §9; 002 §9; K20, K62–K64).
 *
 * Model: a location can work `capacity` job-days per calendar day (default 8). A job occupies one
 * unit on each day of its duration (whole days, rounded up, at least 1) from its work date. Calendar
 * days with work status pending, booked or started block capacity; draft ones do not, but overlapping
 * drafts are reported as `draftConflicts` (they may be rescheduled).
 *
 * Entries are counted once per request and day: several rows of one request (one per service line or
 * per work day) that overlap occupy a single unit.
 *
 * Closed days (the installer's blocked days: holiday, training; row 66) have no capacity at all: no job
 * fits over them, nextStart skips them and they offer no free slots.
 *
 * Cost: O(entries + days) (plus sorting the few requests that have several rows). Entries are clipped to
 * the window, turned into intervals and added to a difference array once; no loop runs over
 * entries × days.
 */

import { isBlockingWorkStatus, type WorkStatus } from '../service-requests/calendar-status';
import { fromEpochDay, type IsoDate, toEpochDay } from './dates';
import { countWholeDays } from './job-dates';

export const defaultCapacity = 8;
export const defaultHorizonDays = 60;
export const overCapacityWarning = 'May need to work over normal capacity';

export type CalendarEntry = {
  requestId: number;
  /** 'YYYY-MM-DD', the first day of this entry's work. */
  workDate: IsoDate;
  durationDays: number;
  workStatus: WorkStatus;
};

type Interval = { requestId: number; start: number; end: number };

/** Missing, zero, negative or non-numeric capacity falls back to 8 per day (K63). */
export function resolveCapacity(capacity: number | null | undefined): number {
  return typeof capacity === 'number' && Number.isFinite(capacity) && capacity > 0
    ? capacity
    : defaultCapacity;
}

function resolveHorizon(horizonDays: number | null | undefined): number {
  return typeof horizonDays === 'number' && Number.isInteger(horizonDays) && horizonDays > 0
    ? horizonDays
    : defaultHorizonDays;
}

/** Entries of the chosen statuses that touch [windowStart, windowEnd], clipped to it. */
function collectIntervals(
  entries: readonly CalendarEntry[],
  isIncluded: (status: WorkStatus) => boolean,
  windowStart: number,
  windowEnd: number,
  excludeRequestId?: number | null,
): Interval[] {
  const intervals: Interval[] = [];
  for (const entry of entries) {
    if (!isIncluded(entry.workStatus)) continue;
    if (excludeRequestId != null && entry.requestId === excludeRequestId) continue;
    const start = toEpochDay(entry.workDate);
    const end = start + countWholeDays(entry.durationDays) - 1;
    if (end < windowStart || start > windowEnd) continue;
    intervals.push({
      requestId: entry.requestId,
      start: Math.max(start, windowStart),
      end: Math.min(end, windowEnd),
    });
  }
  return intervals;
}

/** Units in use per day of the window (index 0 = windowStart), one per request and day. */
function buildDailyLoad(windowStart: number, length: number, intervals: Interval[]): Int32Array {
  const diff = new Int32Array(length + 1);
  const add = (start: number, end: number) => {
    diff[start - windowStart]! += 1;
    diff[end - windowStart + 1]! -= 1;
  };
  // Group by request; only requests with several rows need sorting and merging so that a request
  // counts once per day.
  const byRequest = new Map<number, Interval[]>();
  for (const interval of intervals) {
    const group = byRequest.get(interval.requestId);
    if (group) group.push(interval);
    else byRequest.set(interval.requestId, [interval]);
  }
  for (const group of byRequest.values()) {
    if (group.length > 1) group.sort((a, b) => a.start - b.start);
    let start = group[0]!.start;
    let end = group[0]!.end;
    for (let k = 1; k < group.length; k++) {
      const next = group[k]!;
      if (next.start <= end + 1) {
        end = Math.max(end, next.end);
      } else {
        add(start, end);
        start = next.start;
        end = next.end;
      }
    }
    add(start, end);
  }
  const load = new Int32Array(length);
  let running = 0;
  for (let i = 0; i < length; i++) {
    running += diff[i]!;
    load[i] = running;
  }
  return load;
}

/** closed[i] = 1 when window day i (index 0 = windowStart) is one of `closedDays`. */
function markClosedDays(
  windowStart: number,
  length: number,
  closedDays: readonly IsoDate[] | undefined,
): Uint8Array {
  const closed = new Uint8Array(length);
  for (const day of closedDays ?? []) {
    const index = toEpochDay(day) - windowStart;
    if (index >= 0 && index < length) closed[index] = 1;
  }
  return closed;
}

/**
 * fitsAt(i): a job of `durationDays` starting at window index i stays within capacity every day and
 * touches no closed day.
 */
function buildFitCheck(
  load: Int32Array,
  capacity: number,
  durationDays: number,
  closed?: Uint8Array,
): (index: number) => boolean {
  const fullDays = new Int32Array(load.length + 1);
  for (let i = 0; i < load.length; i++) {
    const full = load[i]! + 1 > capacity || closed?.[i] === 1;
    fullDays[i + 1] = fullDays[i]! + (full ? 1 : 0);
  }
  return (index) =>
    index >= 0 && index + durationDays <= load.length && fullDays[index + durationDays]! === fullDays[index]!;
}

function findFirstFit(fitsAt: (index: number) => boolean, from: number, to: number): number | null {
  for (let i = from; i <= to; i++) if (fitsAt(i)) return i;
  return null;
}

export type AvailabilityQuery = {
  /** The date asked about ('YYYY-MM-DD'); a date before today is read as today. */
  checkDate: IsoDate;
  today: IsoDate;
  durationDays: number;
  dueDate?: IsoDate | null;
  capacity?: number | null;
  entries: readonly CalendarEntry[];
  horizonDays?: number;
  /** The request being scheduled: its own calendar days do not count against it. */
  excludeRequestId?: number | null;
  /** The installer's closed days ('YYYY-MM-DD'; row 66): no capacity at all. */
  closedDays?: readonly IsoDate[];
};

/**
 * Reply of GET /availability/{installerId}/{requestId}?checkDate (000 §3, row 48).
 * - nextStart: first day from checkDate (within the horizon) where the whole job fits, or null.
 * - canFit: the job fits starting on checkDate.
 * - totalJobDays: job-days already booked on the days the job would occupy from checkDate.
 * - availableSlots: free units (capacity − load, not below 0; none on a closed day) on those days.
 * - existingJobs: number of other requests booked on those days.
 */
export type AvailabilityReply = {
  nextStart: IsoDate | null;
  canFit: boolean;
  totalJobDays: number;
  availableSlots: number;
  existingJobs: number;
};

export function computeAvailability(query: AvailabilityQuery): AvailabilityReply {
  const capacity = resolveCapacity(query.capacity);
  const horizon = resolveHorizon(query.horizonDays);
  const duration = countWholeDays(query.durationDays);
  const start = Math.max(toEpochDay(query.checkDate), toEpochDay(query.today));
  const length = horizon + duration - 1;
  const intervals = collectIntervals(
    query.entries,
    isBlockingWorkStatus,
    start,
    start + length - 1,
    query.excludeRequestId,
  );
  const load = buildDailyLoad(start, length, intervals);
  const closed = markClosedDays(start, length, query.closedDays);
  const fitsAt = buildFitCheck(load, capacity, duration, closed);
  const next = findFirstFit(fitsAt, 0, horizon - 1);

  let totalJobDays = 0;
  let availableSlots = 0;
  for (let i = 0; i < duration; i++) {
    totalJobDays += load[i]!;
    if (closed[i] !== 1) availableSlots += Math.max(0, capacity - load[i]!);
  }
  const jobEnd = start + duration - 1;
  const existing = new Set<number>();
  for (const interval of intervals) if (interval.start <= jobEnd) existing.add(interval.requestId);

  return {
    nextStart: next === null ? null : fromEpochDay(start + next),
    canFit: fitsAt(0),
    totalJobDays,
    availableSlots,
    existingJobs: existing.size,
  };
}

export type DraftConflict = { requestId: number; workDate: IsoDate; endDate: IsoDate };

export type AvailabilitySummaryQuery = Omit<AvailabilityQuery, 'checkDate'> & {
  /** Optional: without it the requested date is the first day the job fits. */
  checkDate?: IsoDate | null;
};

/** Reply of GET /availability/{installerId}?duration[&checkDate] (001 §3, §9, row 49). */
export type AvailabilitySummary = {
  nextStart: IsoDate | null;
  requestedDate: IsoDate;
  /** The job started on requestedDate ends on or before the due date (true without a due date). */
  meetsDeadline: boolean;
  /** 'May need to work over normal capacity' when no start from requestedDate up to the deadline fits. */
  warning: string | null;
  draftConflicts: DraftConflict[];
};

/** Draft requests whose days overlap [from, to], each once with its whole span, in calendar order. */
function listDraftConflicts(
  entries: readonly CalendarEntry[],
  from: number,
  to: number,
  excludeRequestId?: number | null,
): DraftConflict[] {
  const isDraft = (status: WorkStatus) => status === 'draft';
  const conflicting = new Set(
    collectIntervals(entries, isDraft, from, to, excludeRequestId).map((d) => d.requestId),
  );
  const spans = new Map<number, { start: number; end: number }>();
  for (const entry of entries) {
    if (!isDraft(entry.workStatus) || !conflicting.has(entry.requestId)) continue;
    const start = toEpochDay(entry.workDate);
    const end = start + countWholeDays(entry.durationDays) - 1;
    const span = spans.get(entry.requestId);
    spans.set(
      entry.requestId,
      span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end },
    );
  }
  return [...spans]
    .sort(([idA, a], [idB, b]) => a.start - b.start || idA - idB)
    .map(([requestId, span]) => ({
      requestId,
      workDate: fromEpochDay(span.start),
      endDate: fromEpochDay(span.end),
    }));
}

export function computeAvailabilitySummary(query: AvailabilitySummaryQuery): AvailabilitySummary {
  const capacity = resolveCapacity(query.capacity);
  const horizon = resolveHorizon(query.horizonDays);
  const duration = countWholeDays(query.durationDays);
  const today = toEpochDay(query.today);
  const start = query.checkDate ? Math.max(toEpochDay(query.checkDate), today) : today;
  const length = horizon + duration - 1;
  const intervals = collectIntervals(
    query.entries,
    isBlockingWorkStatus,
    start,
    start + length - 1,
    query.excludeRequestId,
  );
  const load = buildDailyLoad(start, length, intervals);
  const fitsAt = buildFitCheck(load, capacity, duration, markClosedDays(start, length, query.closedDays));
  const next = findFirstFit(fitsAt, 0, horizon - 1);

  const requestedIndex = query.checkDate ? 0 : (next ?? 0);
  const requested = start + requestedIndex;
  const requestedEnd = requested + duration - 1;
  const due = query.dueDate ? toEpochDay(query.dueDate) : null;
  const meetsDeadline = due === null || requestedEnd <= due;

  // The latest start that still meets the deadline (the requested end when there is no due date),
  // searched no further than the horizon.
  const deadline = due ?? requestedEnd;
  const latestIndex = Math.min(Math.max(requestedIndex, deadline - (duration - 1) - start), horizon - 1);
  const canMeetWithinCapacity = findFirstFit(fitsAt, requestedIndex, latestIndex) !== null;

  const draftConflicts = listDraftConflicts(query.entries, requested, requestedEnd, query.excludeRequestId);

  return {
    nextStart: next === null ? null : fromEpochDay(start + next),
    requestedDate: fromEpochDay(requested),
    meetsDeadline,
    warning: canMeetWithinCapacity ? null : overCapacityWarning,
    draftConflicts,
  };
}

/** Days after today that the installer wizard's calendar covers (K62): today through today + 60. */
export const calendarHorizonDays = 60;

/**
 * The blocking rule of the installer wizard (K62, decision 28): a day is blocked when the capacity units
 * booked on it (pending, booked or started jobs, one per job and day) reach twice the location's
 * capacity per day (missing capacity = 8).
 */
export function isDayBlocked(bookedUnits: number, capacity?: number | null): boolean {
  return bookedUnits >= 2 * resolveCapacity(capacity);
}

/** One booked day of the installer's calendar (GET /installerCalendars/{installerId}, row 64). */
export type CalendarDayLoad = {
  workDate: IsoDate;
  /** Capacity units booked that day (pending, booked or started jobs covering it, one per job). */
  capacity: number;
  /** The location's capacity per day (resolved: missing = 8). */
  installerCapacity: number;
  /** Fully booked (twice the capacity) or closed by the installer. */
  blocked: boolean;
  /** Present (true) only on a day the installer closed (row 66). */
  closed?: true;
};

/**
 * The installer's booked days from today through today + `horizonDays` (default 60), in date order:
 * only days with at least one booked unit, and the closed days (blocked, `closed: true`). Drafts and
 * finished work do not count (the same load as availability).
 */
export function listCalendarDays(query: {
  today: IsoDate;
  capacity?: number | null;
  entries: readonly CalendarEntry[];
  horizonDays?: number;
  closedDays?: readonly IsoDate[];
}): CalendarDayLoad[] {
  const installerCapacity = resolveCapacity(query.capacity);
  const length =
    (typeof query.horizonDays === 'number' && Number.isInteger(query.horizonDays) && query.horizonDays >= 0
      ? query.horizonDays
      : calendarHorizonDays) + 1;
  const start = toEpochDay(query.today);
  const intervals = collectIntervals(query.entries, isBlockingWorkStatus, start, start + length - 1);
  const load = buildDailyLoad(start, length, intervals);
  const closed = markClosedDays(start, length, query.closedDays);
  const days: CalendarDayLoad[] = [];
  for (let i = 0; i < length; i++) {
    const booked = load[i]!;
    if (closed[i] === 1) {
      days.push({
        workDate: fromEpochDay(start + i),
        capacity: booked,
        installerCapacity,
        blocked: true,
        closed: true,
      });
      continue;
    }
    if (booked === 0) continue;
    days.push({
      workDate: fromEpochDay(start + i),
      capacity: booked,
      installerCapacity,
      blocked: isDayBlocked(booked, installerCapacity),
    });
  }
  return days;
}

/** The blocked days of `listCalendarDays` (the drop-off dates the wizard and the server refuse). */
export function listBlockedDays(query: Parameters<typeof listCalendarDays>[0]): IsoDate[] {
  return listCalendarDays(query)
    .filter((day) => day.blocked)
    .map((day) => day.workDate);
}

/** Statuses counted as used capacity: committed or done work; drafts are not (K64). */
export const capacityUsedWorkStatuses = [
  'pending',
  'booked',
  'started',
  'finished',
] as const satisfies readonly WorkStatus[];

/**
 * Capacity Used % (K64, decision 28) = job-days in the range ÷ (capacity × days in the range) × 100.
 * Not rounded and not capped (over 100 means work over normal capacity). An empty range gives 0.
 */
export function computeCapacityUsedPercent(
  range: { from: IsoDate; to: IsoDate },
  entries: readonly CalendarEntry[],
  capacity?: number | null,
  statuses: readonly WorkStatus[] = capacityUsedWorkStatuses,
): number {
  const start = toEpochDay(range.from);
  const days = toEpochDay(range.to) - start + 1;
  if (days <= 0) return 0;
  const intervals = collectIntervals(entries, (s) => statuses.includes(s), start, start + days - 1);
  const load = buildDailyLoad(start, days, intervals);
  let jobDays = 0;
  for (let i = 0; i < days; i++) jobDays += load[i]!;
  return (jobDays / (resolveCapacity(capacity) * days)) * 100;
}
