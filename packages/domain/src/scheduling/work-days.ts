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
