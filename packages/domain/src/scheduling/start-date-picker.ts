/**
 * Start-date picker and schedule notes (000 §5, §9; catalogue 4.6, 4.9; K28, K61).
 *
 * - Earliest start is today (lifecycle pickers) or tomorrow (installer wizard drop-off, K61).
 * - Dealer-type requests: latest start = due date − (duration − 1) days, so the job still ends on the
 *   due date; a chosen date after it is clamped to it.
 * - Installer-type jobs: latest start = due date + 30 days.
 * - When the due date has already passed so that the latest start would fall before the earliest,
 *   the earliest wins (the window is that single day) and `isDueDateMissed` tells the UI; the schedule
 *   note then warns that the job finishes after its due date.
 */
import { addDays, compareDates, diffDays, type IsoDate, isIsoDate, pickLaterDate } from './dates';
import { computeEndDate, countWholeDays } from './job-dates';

/** How far past the due date an installer-type job may be picked (000 §9). */
export const installerPastDueDays = 30;

/** A start this many days or more after the availability date shows 'Rescheduled' (K28). */
export const rescheduledThresholdDays = 2;

export type StartDateBounds = {
  earliest: IsoDate;
  /** null = no upper bound (no due date known). */
  latest: IsoDate | null;
  /** The due date no longer leaves room for the job; `latest` was raised to `earliest`. */
  isDueDateMissed: boolean;
};

export type StartDatePickerInput = {
  requestType: 'dealer' | 'installer';
  today: IsoDate;
  dueDate?: IsoDate | null;
  durationDays?: number | null;
};

/** Bounds of the lifecycle start-date picker (accept, claim, BOOK JOB, reschedule). */
export function computeStartDateBounds(input: StartDatePickerInput): StartDateBounds {
  return boundsFrom(input.today, input);
}

/** Bounds of the installer wizard's drop-off picker: not before tomorrow (K61), same upper rules. */
export function computeDropOffBounds(input: StartDatePickerInput): StartDateBounds {
  return boundsFrom(addDays(input.today, 1), input);
}

function boundsFrom(earliest: IsoDate, input: StartDatePickerInput): StartDateBounds {
  const { dueDate } = input;
  if (!dueDate) return { earliest, latest: null, isDueDateMissed: false };
  const latest =
    input.requestType === 'dealer'
      ? addDays(dueDate, -(countWholeDays(input.durationDays) - 1))
      : addDays(dueDate, installerPastDueDays);
  if (compareDates(latest, earliest) < 0) return { earliest, latest: earliest, isDueDateMissed: true };
  return { earliest, latest, isDueDateMissed: false };
}

/** The chosen date moved inside the bounds (what the picker shows after a pick). */
export function clampStartDate(date: IsoDate, bounds: StartDateBounds): IsoDate {
  if (bounds.latest !== null && compareDates(date, bounds.latest) > 0) return bounds.latest;
  return pickLaterDate(date, bounds.earliest);
}

export type StartDateCheck = { ok: true } | { ok: false; reason: 'VALIDATION_FAILED'; message: string };

/** Server-side check of a submitted start date: refused rather than clamped. */
export function checkStartDate(date: unknown, bounds: StartDateBounds): StartDateCheck {
  if (!isIsoDate(date)) {
    return { ok: false, reason: 'VALIDATION_FAILED', message: `Start date must be YYYY-MM-DD` };
  }
  if (compareDates(date, bounds.earliest) < 0) {
    return {
      ok: false,
      reason: 'VALIDATION_FAILED',
      message: `Start date ${date} is before the earliest allowed date ${bounds.earliest}`,
    };
  }
  if (bounds.latest !== null && compareDates(date, bounds.latest) > 0) {
    return {
      ok: false,
      reason: 'VALIDATION_FAILED',
      message: `Start date ${date} is after the latest allowed date ${bounds.latest}`,
    };
  }
  return { ok: true };
}

export type ScheduleNote =
  | { kind: 'finishesAfterDue'; level: 'warning'; text: string }
  | { kind: 'rescheduled'; level: 'info'; text: 'Rescheduled' };

/**
 * Notes shown with a schedule (000 §5; catalogue 4.6 item 30, M21). The after-due warning text is
 * not given by the spec; ours names both dates, written by `formatDay` (the screen's own date format).
 */
export function computeScheduleNotes(
  input: {
    startDate: IsoDate;
    durationDays?: number | null;
    dueDate?: IsoDate | null;
    availableDate?: IsoDate | null;
  },
  formatDay: (day: IsoDate) => string = (day) => day,
): ScheduleNote[] {
  const notes: ScheduleNote[] = [];
  const endDate = computeEndDate(input.startDate, input.durationDays);
  if (input.dueDate && compareDates(endDate, input.dueDate) > 0) {
    notes.push({
      kind: 'finishesAfterDue',
      level: 'warning',
      text: `Finishes ${formatDay(endDate)}, after the due date ${formatDay(input.dueDate)}`,
    });
  }
  if (input.availableDate && diffDays(input.availableDate, input.startDate) >= rescheduledThresholdDays) {
    notes.push({ kind: 'rescheduled', level: 'info', text: 'Rescheduled' });
  }
  return notes;
}
