/**
 * The installer wizard's drop-off date (001 §5, §9): earliest tomorrow, at most 60 days ahead (the calendar
 * horizon), and never a day whose booked capacity reaches twice the specialist's capacity (the domain rule
 * `isDayBlocked`, also the `blocked` flag of GET /installerCalendars/{installerId}).
 */
import type { TInstallerCalendarDay } from '@app/contracts/scheduling.contract';
import { calendarHorizonDays, isDayBlocked } from '@app/domain/scheduling/availability';
import { addDays, type IsoDate, toLocalIsoDate } from '@app/domain/scheduling/dates';
import { DISPLAY_DATE_FORMAT } from '../service-requests/request-format';

export type DropOffWindow = { earliest: IsoDate; latest: IsoDate };

/** A drop-off day as the picker and the summary show it, like every other screen: 'Thu, Nov 26th 2026'. */
export const DROP_OFF_FORMAT = DISPLAY_DATE_FORMAT;

export function dropOffWindow(now = new Date()): DropOffWindow {
  const today = toLocalIsoDate(now);
  return { earliest: addDays(today, 1), latest: addDays(today, calendarHorizonDays) };
}

/** The days of the installer's calendar that cannot be picked. */
export function blockedDropOffDays(days: readonly TInstallerCalendarDay[]): Set<string> {
  return new Set(
    days.filter((d) => d.blocked || isDayBlocked(d.capacity, d.installerCapacity)).map((d) => d.workDate),
  );
}

/** True when the day may not be chosen as drop-off date. */
export function isDropOffExcluded(day: string, window: DropOffWindow, blocked: ReadonlySet<string>): boolean {
  return day < window.earliest || day > window.latest || blocked.has(day);
}

/** The first day from `from` (or the earliest) that may be picked; null when the whole window is blocked. */
export function firstFreeDropOff(
  window: DropOffWindow,
  blocked: ReadonlySet<string>,
  from: string = window.earliest,
): IsoDate | null {
  let day = (from < window.earliest ? window.earliest : from) as IsoDate;
  while (day <= window.latest) {
    if (!blocked.has(day)) return day;
    day = addDays(day, 1);
  }
  return null;
}
