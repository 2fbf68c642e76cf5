import { calculateReferralBonusCents } from '@app/domain/referrals/referral-bonus';
/**
 * Small pure helpers of the lifecycle service: how a booked job is laid out on calendar days, the instants
 * stored for work days, the key that deduplicates history records, and the referral bonus.
 */
import type { IsoDate } from '@app/domain/scheduling/dates';
import { type PlannedCalendarDay, planCalendarDays } from '@app/domain/scheduling/work-days';

/** Work days are stored as instants at 08:00 UTC (the seed's convention), so every US zone shows the same day. */
export const WORK_START_HOUR_UTC = 8;

export function toWorkInstant(day: IsoDate): Date {
  return new Date(`${day}T${String(WORK_START_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
}

export type PlannedDay = PlannedCalendarDay;

/**
 * A booked job's calendar rows (decision 022, the one calendar model): one per service line and day it
 * touches, the lines following each other in their order; a job without lines gets one row per day.
 * `durationTenths` is only used when there are no lines.
 */
export function planJobDays(
  lines: readonly { id: number; durationTenths: number; position?: number }[],
  durationTenths: number,
  startDate: IsoDate,
): PlannedDay[] {
  return planCalendarDays(lines, durationTenths, startDate);
}

/** Who and what a job's calendar rows are for: the request, the working installer and location, the status. */
export type CalendarRowOwner = {
  requestId: number;
  installerId: number;
  locationId: number | null;
  workStatus: string;
  now?: Date;
};

/** The calendar rows to insert for a plan (decision 022), all with the owner's request, installer and status. */
export function toCalendarRows(planned: readonly PlannedDay[], owner: CalendarRowOwner) {
  const { now, ...fixed } = owner;
  return planned.map((day) => ({
    ...fixed,
    workDate: day.workDate,
    requestServiceId: day.requestServiceId,
    dailyWorkTenths: day.dailyWorkTenths,
    ...(now ? { createdAt: now, updatedAt: now } : {}),
  }));
}

/**
 * Deduplication key of a client's history record: (status, stateDate to the second, service). With the
 * unique index (request_id, client_key), a retried POST /requestState cannot write the record twice.
 */
export function historyKey(requestStatus: string, stateDate: Date, serviceId: number | null): string {
  return `${requestStatus}|${Math.floor(stateDate.getTime() / 1000)}|${serviceId ?? ''}`;
}

/**
 * Key of a record the server writes for a transition: unique per request version, so two transitions in
 * the same second (book, reschedule, book) each keep their record.
 */
export function serverHistoryKey(version: number, requestStatus: string, serviceId: number | null): string {
  return `v${version}|${requestStatus}|${serviceId ?? ''}`;
}

/** Referral bonus in cents (K46); the rule lives in the domain package. */
export const referralBonusCents = calculateReferralBonusCents;
