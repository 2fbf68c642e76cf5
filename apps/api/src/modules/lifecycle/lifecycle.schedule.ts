/** The performer's schedule: PUT|POST /schedule/, and a startDate change in the generic update. */

import { AppError } from '@app/contracts/errors.contract';
import type { TScheduleReply } from '@app/contracts/scheduling.contract';
import { resolveCapacity } from '@app/domain/scheduling/availability';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { computeBookingDates } from '@app/domain/scheduling/job-dates';
import { checkStartDate, computeStartDateBounds } from '@app/domain/scheduling/start-date-picker';
import { listPlannedWorkDates } from '@app/domain/scheduling/work-days';
import { decideTransition, findPerformerId } from '@app/domain/service-requests/request-status';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { assertDaysOpen } from '../blocked-days/blocked-days.guard';
import type { LifecycleContext } from './lifecycle.context';
import { enqueueAppointmentAdd, enqueueAppointmentRemovals } from './lifecycle.notifications';
import { planJobDays, toCalendarRows, toWorkInstant } from './lifecycle.plan';
import type { RequestPatch } from './lifecycle.repository';

export type ScheduleInput = {
  requestId: number;
  installerId: number;
  startDate: IsoDate;
  installerCapacity?: number | null;
};

export type Schedule = ReturnType<typeof createSchedule>;

export function createSchedule({ db, repository, loadContext }: LifecycleContext) {
  async function setScheduleInTx(
    tx: Db | Tx,
    auth: AuthContext,
    input: ScheduleInput,
  ): Promise<TScheduleReply> {
    const onlyPerformer = () =>
      new AppError('FORBIDDEN', 'Only the installer doing the work sets its schedule');
    if (auth.userType !== 'installer') throw onlyPerformer();
    const loaded = await loadContext(tx, auth, input.requestId, true);
    if (input.installerId !== auth.companyId) throw onlyPerformer();
    const { row, request, now } = loaded;
    const edit = decideTransition('editJob', { actor: loaded.actor, request });
    if (!edit.ok) throw new AppError(edit.reason, edit.message);
    const performer = findPerformerId(request);
    if (performer !== auth.companyId) {
      throw new AppError('FORBIDDEN', `Installer ${auth.companyId} is not doing the work of this request`);
    }
    if (!['new', 'scheduled', 'received'].includes(row.currentState)) {
      throw new AppError(
        'INVALID_TRANSITION',
        `Cannot set the schedule of a request in state ${row.currentState}`,
      );
    }
    const bounds = computeStartDateBounds({
      requestType: request.requestType,
      today: loaded.today,
      dueDate: request.dueDate ?? null,
      durationDays: request.durationDays ?? null,
    });
    const check = checkStartDate(input.startDate, bounds);
    if (!check.ok) throw new AppError('VALIDATION_FAILED', check.message);
    const dates = computeBookingDates({
      requestType: request.requestType,
      startDate: input.startDate,
      durationDays: request.durationDays ?? null,
      dueDate: request.dueDate ?? null,
    });
    // The job's work days may not include a day the installer closed (row 66).
    const planned = planJobDays(loaded.services, row.durationTenths, dates.startDate);
    await assertDaysOpen(tx, auth.companyId, listPlannedWorkDates(planned));
    const installer = loaded.callerInstaller;
    const location = loaded.callerLocation;
    const capacity = input.installerCapacity ?? resolveCapacity(location?.capacity ?? installer?.capacity);
    const version = row.version + 1;

    await repository.upsertSchedule(tx, {
      requestId: row.id,
      installerId: auth.companyId,
      installerCapacity: capacity,
      startDate: toWorkInstant(dates.startDate),
      endDate: toWorkInstant(dates.endDate),
      now,
    });
    await repository.updateOffers(tx, row.id, auth.companyId, {
      dateUpdated: now,
      startDate: toWorkInstant(dates.startDate),
      endDate: toWorkInstant(dates.endDate),
    });

    // The calendar days move with the schedule and keep their status; a booked job without days gets them.
    const existing = await repository.listCalendarDaysOf(tx, row.id, auth.companyId);
    const status = existing[0]?.workStatus ?? (row.currentState === 'new' ? null : 'booked');
    const oldEvents = existing.flatMap((d) =>
      d.eventId ? [{ installerId: auth.companyId, eventId: d.eventId }] : [],
    );
    if (status) {
      await repository.deleteCalendarDays(tx, row.id, { installerId: auth.companyId });
      await repository.insertCalendarDays(
        tx,
        toCalendarRows(planned, {
          requestId: row.id,
          installerId: auth.companyId,
          locationId: location?.id ?? null,
          workStatus: status,
          now,
        }),
      );
    }
    const patch: RequestPatch = { updatedAt: now };
    if (row.requestType === 'installer' && row.currentState !== 'new' && dates.dueDate) {
      patch.dueDate = toWorkInstant(dates.dueDate);
    }
    await repository.updateRequest(tx, row.id, patch, version);

    await enqueueAppointmentRemovals(tx, repository, row.id, oldEvents, `v${version}`);
    if (
      (status === 'booked' || status === 'started') &&
      installer?.calendarAuthenticated &&
      installer.calendarId
    ) {
      await enqueueAppointmentAdd(tx, {
        request: row,
        installerId: auth.companyId,
        calendarId: installer.calendarId,
        startDate: dates.startDate,
        durationDays: listPlannedWorkDates(planned).length,
        version,
      });
    }
    return {
      success: true,
      requestId: row.id,
      installerId: auth.companyId,
      installerCapacity: capacity,
      startDate: dates.startDate,
      endDate: dates.endDate,
      dueDate: patch.dueDate ? toIsoDate(patch.dueDate) : (request.dueDate ?? null),
      calendarDays: status ? listPlannedWorkDates(planned).length : 0,
      version,
    };
  }

  /** PUT|POST /schedule/. */
  function setSchedule(auth: AuthContext, input: ScheduleInput) {
    return db.transaction((tx) => setScheduleInTx(tx, auth, input));
  }

  return { setSchedule, setScheduleInTx };
}
