import { calculateReferralBonusCents } from '@app/domain/referrals/referral-bonus';
/**
 * Small pure helpers of the lifecycle service: how a booked job is laid out on calendar days, the instants
 * stored for work days, the key that deduplicates history records, and the referral bonus.
 */
import { addDays, type IsoDate } from '@app/domain/scheduling/dates';
import { countWholeDays } from '@app/domain/scheduling/job-dates';

/** Work days are stored as instants at 08:00 UTC (the seed's convention), so every US zone shows the same day. */
export const WORK_START_HOUR_UTC = 8;

export function toWorkInstant(day: IsoDate): Date {
  return new Date(`${day}T${String(WORK_START_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
}

export type PlannedDay = { workDate: IsoDate; requestServiceId: number | null; dailyWorkTenths: number };

/**
 * One calendar day per day of the job (whole days, rounded up, at least 1) from the start date. Each day
 * carries the work done that day in tenths (10 = a full day; the last day may be partial) and the service
 * line being worked when the day starts (lines follow each other in their order).
 */
export function planJobDays(
  lines: readonly { id: number; durationTenths: number }[],
  durationTenths: number,
  startDate: IsoDate,
): PlannedDay[] {
  const days = countWholeDays(durationTenths / 10);
  const total = Math.max(durationTenths, 1);
  const planned: PlannedDay[] = [];
  for (let i = 0; i < days; i++) {
    const cursor = i * 10;
    let covered = 0;
    let lineId: number | null = lines.at(-1)?.id ?? null;
    for (const line of lines) {
      covered += Math.max(line.durationTenths, 0);
      if (covered > cursor) {
        lineId = line.id;
        break;
      }
    }
    planned.push({
      workDate: addDays(startDate, i),
      requestServiceId: lineId,
      dailyWorkTenths: Math.max(1, Math.min(10, total - cursor)),
    });
  }
  return planned;
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
