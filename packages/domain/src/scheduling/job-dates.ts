/**
 * Dates of a job (decision 8, K29). Two different quantities, both as documented:
 * - the END date of a booked job = start + duration − 1 day (a one-day job ends the day it starts),
 *   with the duration counted in whole days, rounded UP, at least 1;
 * - the DUE date a creation wizard proposes = available date + max(1, round(duration)) days.
 */
import { addDays, type IsoDate } from './dates';

/** Default job duration (000 §9). */
export const defaultJobDurationDays = 1;

/** Whole days a job occupies: fractions round up, anything below 1 (or not a number) is 1 day. */
export function countWholeDays(durationDays: number | null | undefined): number {
  if (typeof durationDays !== 'number' || !Number.isFinite(durationDays)) return defaultJobDurationDays;
  return Math.max(1, Math.ceil(durationDays));
}

/** Last day of work: start + whole days − 1 (BOOK JOB, claim, accept). */
export function computeEndDate(startDate: IsoDate, durationDays: number | null | undefined): IsoDate {
  return addDays(startDate, countWholeDays(durationDays) - 1);
}

/** Due date the wizards propose: available date + max(1, round(duration)) days (001 §5, 002 §9). */
export function computeProposedDueDate(
  availableDate: IsoDate,
  durationDays: number | null | undefined,
): IsoDate {
  const days =
    typeof durationDays === 'number' && Number.isFinite(durationDays) ? Math.round(durationDays) : 1;
  return addDays(availableDate, Math.max(1, days));
}

export type JobDates = { startDate: IsoDate; endDate: IsoDate; dueDate: IsoDate | null };

/**
 * Dates stored when a job is booked. For installer-type jobs the due date becomes the end date;
 * dealer-type jobs keep the dealer's due date (000 §4 BOOK JOB).
 */
export function computeBookingDates(input: {
  requestType: 'dealer' | 'installer';
  startDate: IsoDate;
  durationDays: number | null | undefined;
  dueDate?: IsoDate | null;
}): JobDates {
  const endDate = computeEndDate(input.startDate, input.durationDays);
  return {
    startDate: input.startDate,
    endDate,
    dueDate: input.requestType === 'installer' ? endDate : (input.dueDate ?? null),
  };
}
