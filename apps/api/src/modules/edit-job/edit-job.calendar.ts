import { AppError } from '@app/contracts/errors.contract';
import { listBlockedDays } from '@app/domain/scheduling/availability';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { listPlannedWorkDates } from '@app/domain/scheduling/work-days';
import type { Tx } from '../../db/client';
import { assertDaysOpen } from '../blocked-days/blocked-days.guard';
import { enqueueAppointmentAdd, enqueueAppointmentRemovals } from '../lifecycle/lifecycle.notifications';
import { planJobDays, toCalendarRows, toWorkInstant } from '../lifecycle/lifecycle.plan';
import type { LifecycleRepository } from '../lifecycle/lifecycle.repository';
import type {
  LineRow,
  RequestCreationRepository,
  RequestRow,
} from '../request-creation/request-creation.repository';
import { upsertRequestSchedule } from '../scheduling/scheduling.repository';
import type { EditJobRepository } from './edit-job.repository';

/** Statuses that occupy capacity (the capacity check of a longer job). */
const blockingStatuses = new Set(['pending', 'booked', 'started']);
const appointableStatuses = new Set(['booked', 'started']);

export type CalendarOutcome = {
  calendarDays: number;
  endDateBefore: IsoDate | null;
  endDateAfter: IsoDate | null;
};

/**
 * The job's calendar days follow its lines: the performer's days are laid out again from the same first
 * day (status kept, one day per whole day of the new duration, each carrying the line worked that day).
 * New days of a booked job must not be fully booked by other work (decision 28: twice the capacity).
 * The schedule, the offer's end date and (booked retail work) the due date follow the end date, and the
 * external calendar event is replaced through the outbox, all in the caller's transaction. Nothing is done
 * when the plan is the same.
 */
export async function replanCalendar(
  tx: Tx,
  deps: {
    lifecycle: LifecycleRepository;
    creation: RequestCreationRepository;
    editJob: EditJobRepository;
    capacityOf: (tx: Tx, installerId: number) => Promise<{ capacity: number; locationId: number | null }>;
  },
  input: {
    request: RequestRow;
    lines: readonly LineRow[];
    performerId: number | null;
    version: number;
    now: Date;
  },
): Promise<CalendarOutcome> {
  const { request, performerId, version, now } = input;
  const all = await deps.editJob.listDays(tx, request.id);
  const days = all.filter((d) => d.installerId === performerId);
  const first = days[0];
  if (performerId === null || !first) {
    return { calendarDays: 0, endDateBefore: null, endDateAfter: null };
  }
  const status = first.workStatus;
  const ordered = [...input.lines].sort((a, b) => a.position - b.position || a.id - b.id);
  const planned = planJobDays(
    ordered.map((l) => ({ id: l.id, durationTenths: l.durationTenths })),
    request.durationTenths,
    first.workDate,
  );
  const endDateBefore = days.at(-1)?.workDate ?? null;
  const endDateAfter = planned.at(-1)?.workDate ?? null;
  const same =
    planned.length === days.length &&
    planned.every(
      (p, i) =>
        p.workDate === days[i]?.workDate &&
        p.requestServiceId === days[i]?.requestServiceId &&
        p.dailyWorkTenths === days[i]?.dailyWorkTenths,
    );
  if (same) return { calendarDays: listPlannedWorkDates(planned).length, endDateBefore, endDateAfter };

  const { capacity, locationId } = await deps.capacityOf(tx, performerId);
  if (blockingStatuses.has(status)) {
    const taken = new Set(days.map((d) => d.workDate));
    const added = planned.map((p) => p.workDate).filter((d) => !taken.has(d));
    if (added.length > 0) {
      // Not onto a day the installer closed (row 66, decision 024).
      await assertDaysOpen(tx, performerId, added);
      const others = (await deps.creation.listCalendarEntries(tx, performerId, added[0] as IsoDate)).filter(
        (e) => e.requestId !== request.id,
      );
      const blocked = new Set(
        listBlockedDays({
          today: added[0] as IsoDate,
          capacity,
          entries: others,
          horizonDays: added.length + 1,
        }),
      );
      const full = added.find((d) => blocked.has(d));
      if (full) {
        throw new AppError(
          'CONFLICT',
          `The longer job would need ${full}, which is fully booked (twice the daily capacity). Remove time or move the job first.`,
        );
      }
    }
  }

  const removedEvents = await deps.lifecycle.deleteCalendarDays(tx, request.id, { installerId: performerId });
  await deps.lifecycle.insertCalendarDays(
    tx,
    toCalendarRows(planned, {
      requestId: request.id,
      installerId: performerId,
      locationId: first.locationId ?? locationId,
      workStatus: status,
      now,
    }),
  );
  const start = toWorkInstant(first.workDate);
  const end = toWorkInstant(endDateAfter ?? first.workDate);
  const schedule = await deps.lifecycle.findSchedule(tx, request.id);
  if (schedule && schedule.installerId === performerId) {
    await upsertRequestSchedule(tx, {
      requestId: request.id,
      installerId: performerId,
      installerCapacity: capacity,
      startDate: start,
      endDate: end,
      now,
    });
  }
  if (status !== 'draft') {
    await deps.lifecycle.updateOffers(tx, request.id, performerId, { dateUpdated: now, endDate: end });
  }
  if (request.requestType === 'installer' && request.currentState !== 'new') {
    await deps.lifecycle.updateRequest(tx, request.id, { dueDate: end }, version);
    request.dueDate = end;
  }

  // The external calendar event: the old appointment goes, the new one (booked or started work) comes.
  await enqueueAppointmentRemovals(tx, deps.lifecycle, request.id, removedEvents, `v${version}`);
  const installer = await deps.lifecycle.findInstaller(tx, performerId);
  if (appointableStatuses.has(status) && installer?.calendarAuthenticated && installer.calendarId) {
    await enqueueAppointmentAdd(tx, {
      request,
      installerId: performerId,
      calendarId: installer.calendarId,
      startDate: first.workDate,
      durationDays: listPlannedWorkDates(planned).length,
      version,
    });
  }
  return { calendarDays: listPlannedWorkDates(planned).length, endDateBefore, endDateAfter };
}
