import { AppError } from '@app/contracts/errors.contract';
import type {
  TAvailabilityReply,
  TAvailabilitySummaryQuery,
  TAvailabilitySummaryReply,
  TInstallerCalendarDays,
  TInstallerGroupReply,
  TScheduleBody,
} from '@app/contracts/scheduling.contract';
import {
  type CalendarEntry,
  calendarHorizonDays,
  computeAvailability,
  computeAvailabilitySummary,
  defaultHorizonDays,
  listCalendarDays,
} from '@app/domain/scheduling/availability';
import { addDays, type IsoDate, pickLaterDate, toIsoDate } from '@app/domain/scheduling/dates';
import { countWholeDays } from '@app/domain/scheduling/job-dates';
import { isWorkStatus } from '@app/domain/service-requests/calendar-status';
import { isLiveOfferStatus, isOfferStatus } from '@app/domain/service-requests/offer-status';
import type { AuthContext } from '../../platform/security/auth-context';
import type { LifecycleService } from '../lifecycle/lifecycle.service';
import type { CalendarSpanRow, SchedulingRepository } from './scheduling.repository';

/**
 * Availability (both shapes, decision 5), the schedule (decision 6) and transfer candidates. The capacity
 * maths is the domain's (packages/domain/src/scheduling/availability.ts); this service only fetches the
 * installer's calendar days of the horizon in one indexed query. Each calendar row is one work day.
 */
export function createSchedulingService({
  repository,
  lifecycle,
  clock = () => new Date(),
}: {
  repository: SchedulingRepository;
  lifecycle: LifecycleService;
  clock?: () => Date;
}) {
  /** Calendar spans as the domain's entries (a non-consecutive job becomes one entry per day). */
  function toEntries(rows: CalendarSpanRow[]): CalendarEntry[] {
    const entries: CalendarEntry[] = [];
    for (const row of rows) {
      if (!isWorkStatus(row.workStatus)) continue;
      const workStatus = row.workStatus;
      if (row.dayList === null) {
        entries.push({
          requestId: row.requestId,
          workDate: row.firstDay,
          durationDays: row.days,
          workStatus,
        });
      } else {
        for (const workDate of row.dayList.split(',')) {
          entries.push({ requestId: row.requestId, workDate, durationDays: 1, workStatus });
        }
      }
    }
    return entries;
  }

  /**
   * The installer's calendar over the horizon and the job's length, in one indexed query. With
   * `wholeDraftSpans`, draft jobs seen in the window get their days outside it too (one more query, only
   * when there are drafts), because draft conflicts are reported with their whole span.
   */
  async function loadEntries(
    installerId: number,
    from: IsoDate,
    durationDays: number,
    wholeDraftSpans = false,
  ): Promise<CalendarEntry[]> {
    const to = addDays(from, defaultHorizonDays + countWholeDays(durationDays) - 1);
    const entries = toEntries(await repository.listCalendarSpans(installerId, from, to));
    if (!wholeDraftSpans) return entries;
    const draftIds = [...new Set(entries.filter((e) => e.workStatus === 'draft').map((e) => e.requestId))];
    if (draftIds.length === 0) return entries;
    const drafts = toEntries(await repository.listDraftSpans(installerId, draftIds));
    return [...entries.filter((e) => e.workStatus !== 'draft'), ...drafts];
  }

  /** The blocked days of the window `loadEntries` reads (closed: no capacity, row 66). */
  function loadClosedDays(installerId: number, from: IsoDate, durationDays: number) {
    const to = addDays(from, defaultHorizonDays + countWholeDays(durationDays) - 1);
    return repository.listClosedDays(installerId, from, to);
  }

  async function requireCapacity(installerId: number): Promise<number | null> {
    const found = await repository.findCapacity(installerId);
    if (!found) throw new AppError('NOT_FOUND', `Installer ${installerId} does not exist`);
    return found.capacity;
  }

  function requireSelf(auth: AuthContext, installerId: number, what: string): void {
    if (auth.userType !== 'installer' || auth.companyId !== installerId) {
      throw new AppError('FORBIDDEN', `Only installer ${installerId} may read its ${what}`);
    }
  }

  return {
    /** GET /availability/{installerId}/{requestId}?checkDate (000 shape). */
    async getAvailability(
      auth: AuthContext,
      installerId: number,
      requestId: number,
      checkDate: IsoDate | undefined,
    ): Promise<TAvailabilityReply> {
      const today = toIsoDate(clock());
      const from = pickLaterDate(checkDate ?? today, today);
      const [request, capacity] = await Promise.all([
        repository.findRequest(requestId, installerId),
        repository.findCapacity(installerId),
      ]);
      if (!request) throw new AppError('NOT_FOUND', `Request ${requestId} does not exist`);
      const offer = request.offerStatus;
      const hasLiveOffer = offer !== null && isOfferStatus(offer) && isLiveOfferStatus(offer);
      const isInstallersWork =
        hasLiveOffer ||
        request.assignedInstallerId === installerId ||
        request.requestorInstallerId === installerId;
      // The installer itself, or the requesting dealer looking at an installer that answered its request.
      const mayRead =
        auth.userType === 'installer'
          ? auth.companyId === installerId && isInstallersWork
          : request.requestorDealerId === auth.companyId && isInstallersWork;
      if (!mayRead) {
        throw new AppError(
          'FORBIDDEN',
          `No access to the availability of installer ${installerId} for request ${requestId}`,
        );
      }
      if (!capacity) throw new AppError('NOT_FOUND', `Installer ${installerId} does not exist`);
      const durationDays = request.durationTenths / 10;
      const [entries, closedDays] = await Promise.all([
        loadEntries(installerId, from, durationDays),
        loadClosedDays(installerId, from, durationDays),
      ]);
      return computeAvailability({
        checkDate: from,
        today,
        durationDays,
        dueDate: request.dueDate ? toIsoDate(request.dueDate) : null,
        capacity: capacity.capacity,
        entries,
        excludeRequestId: requestId,
        closedDays,
      });
    },

    /** GET /availability/{installerId}?duration[&checkDate][&dueDate] (001 shape). */
    async getAvailabilitySummary(
      auth: AuthContext,
      installerId: number,
      query: TAvailabilitySummaryQuery,
    ): Promise<TAvailabilitySummaryReply> {
      requireSelf(auth, installerId, 'availability');
      const today = toIsoDate(clock());
      const from = pickLaterDate(query.checkDate ?? today, today);
      const [capacity, entries, closedDays] = await Promise.all([
        requireCapacity(installerId),
        loadEntries(installerId, from, query.duration, true),
        loadClosedDays(installerId, from, query.duration),
      ]);
      return computeAvailabilitySummary({
        checkDate: query.checkDate ?? null,
        today,
        durationDays: query.duration,
        dueDate: query.dueDate ?? null,
        capacity,
        entries,
        closedDays,
      });
    },

    /** PUT|POST /schedule/: the lifecycle moves the schedule and the calendar days under the row lock. */
    setSchedule(auth: AuthContext, body: TScheduleBody) {
      return lifecycle.setSchedule(auth, body);
    },

    /**
     * GET /installerCalendars/{installerId} (row 64): the booked days of the drop-off picker, today through
     * today + 60, with the blocking rule of the domain (the one request creation applies), and the days the
     * installer closed (blocked, `closed: true`; row 66). For the installer
     * itself, another location of its installer group or a company granted to the user (any access level,
     * ASSIST included); anyone else gets 404, as for an installer that does not exist.
     */
    async listInstallerCalendar(auth: AuthContext, installerId: number): Promise<TInstallerCalendarDays> {
      const mayRead = auth.userType === 'installer' && (await repository.canReadInstaller(auth, installerId));
      const found = mayRead ? await repository.findCapacity(installerId) : null;
      if (!found) throw new AppError('NOT_FOUND', `Installer ${installerId} does not exist`);
      const today = toIsoDate(clock());
      const last = addDays(today, calendarHorizonDays);
      const [rows, closedDays] = await Promise.all([
        repository.listCalendarSpans(installerId, today, last),
        repository.listClosedDays(installerId, today, last),
      ]);
      return listCalendarDays({ today, capacity: found.capacity, entries: toEntries(rows), closedDays });
    },

    /** GET /installerGroup/{installerId}: transfer candidates. */
    async listGroupCandidates(auth: AuthContext, installerId: number): Promise<TInstallerGroupReply> {
      requireSelf(auth, installerId, 'installer group');
      const rows = await repository.listGroupCandidates(installerId);
      return rows.map((row) => ({ Installer_id: row.id, Installer_Name: row.name }));
    },
  };
}
export type SchedulingService = ReturnType<typeof createSchedulingService>;
