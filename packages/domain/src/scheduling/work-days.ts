/**
 * How an installer-created job's service lines are laid out on calendar days (001 §3 calendar rows):
 * the lines follow each other in their order, each continuing where the previous one stopped; a day
 * holds 10 tenths of work. One row per line and day it touches, carrying the tenths done that day, so
 * the rows of a day never add up to more than 10 and all rows add up to the job's duration. A line
 * without duration (0) still takes one tenth.
 */
import { addDays, type IsoDate } from './dates';

export const tenthsPerWorkDay = 10;

export type PlannedLineDay = { requestServiceId: number; workDate: IsoDate; dailyWorkTenths: number };

export function planLineWorkDays(
  lines: readonly { id: number; durationTenths: number }[],
  startDay: IsoDate,
): PlannedLineDay[] {
  const days: PlannedLineDay[] = [];
  let cursor = 0;
  for (const line of lines) {
    let remaining = Math.max(line.durationTenths, 1);
    while (remaining > 0) {
      const portion = Math.min(remaining, tenthsPerWorkDay - (cursor % tenthsPerWorkDay));
      days.push({
        requestServiceId: line.id,
        workDate: addDays(startDay, Math.floor(cursor / tenthsPerWorkDay)),
        dailyWorkTenths: portion,
      });
      cursor += portion;
      remaining -= portion;
    }
  }
  return days;
}

/** A calendar row of the one calendar model (decision 022): a service line's work on one day. */
export type PlannedCalendarDay = {
  requestServiceId: number | null;
  workDate: IsoDate;
  dailyWorkTenths: number;
};

/**
 * The one layout of a job on the calendar (decision 022), used by every writer (creation, BOOK JOB, claim,
 * assign, schedule, edit): one row per service line and day it touches (`planLineWorkDays`), the lines in
 * their order (position, then id). A job without lines gets one row per day of its duration (at least one),
 * without a service, so it still occupies the installer's calendar.
 */
export function planCalendarDays(
  lines: readonly { id: number; durationTenths: number; position?: number }[],
  durationTenths: number,
  startDay: IsoDate,
): PlannedCalendarDay[] {
  if (lines.length > 0) {
    const ordered = [...lines].sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
    return planLineWorkDays(ordered, startDay);
  }
  const total = Math.max(durationTenths, 1);
  const days: PlannedCalendarDay[] = [];
  for (let cursor = 0; cursor < total; cursor += tenthsPerWorkDay) {
    days.push({
      requestServiceId: null,
      workDate: addDays(startDay, cursor / tenthsPerWorkDay),
      dailyWorkTenths: Math.min(tenthsPerWorkDay, total - cursor),
    });
  }
  return days;
}

/** The distinct work days of a plan, in order: the job's length in days on the calendar. */
export function listPlannedWorkDates(planned: readonly { workDate: IsoDate }[]): IsoDate[] {
  return [...new Set(planned.map((p) => p.workDate))].sort();
}
