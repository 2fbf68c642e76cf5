import type { TCalendarEntry, TCalendarPeriodReply } from '@app/contracts/calendar.contract';
import { AppError } from '@app/contracts/errors.contract';
import { resolveCapacity } from '@app/domain/scheduling/availability';
import { checkCalendarPeriod, computeCalendarOverview } from '@app/domain/scheduling/calendar-period';
import { listDays } from '@app/domain/scheduling/dates';
import { centsToDollars } from '@app/domain/shared/money';
import type { AuthContext } from '../../platform/security/auth-context';
import type { SchedulingRepository } from '../scheduling/scheduling.repository';
import type { CalendarRepository, PeriodEntryRow } from './calendar.repository';
import type { CalendarSync } from './calendar.sync';

type WorkStatus = TCalendarEntry['workStatus'];
const tenthsToDays = (tenths: number) => tenths / 10;

/** A period row on the wire: row 64's calendar entry fields, then what the screen shows. */
function toEntry(row: PeriodEntryRow): TCalendarEntry {
  const hasLine = row.serviceId !== null;
  const amountCents = hasLine ? (row.amountCents ?? 0) : row.requestTotalCents;
  const discountCents = hasLine ? (row.discountCents ?? 0) : row.requestDiscountCents;
  const workStatus = row.workStatus as WorkStatus;
  const dailyWork = tenthsToDays(row.dailyWorkTenths);
  return {
    requestId: row.requestId,
    serviceId: row.serviceId,
    requestType: row.requestType === 'dealer' ? 'dealer' : 'installer',
    workDate: row.workDate,
    work_date: row.workDate,
    dueDate: row.dueDate,
    duration: tenthsToDays((hasLine ? row.lineDurationTenths : row.jobDurationTenths) ?? 10) || 1,
    category: row.category ?? '',
    description: (row.customDescription || row.description) ?? row.serviceRequested,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    dealerName: row.dealerName,
    eventId: row.eventId,
    event_id: row.eventId,
    serviceAmount: centsToDollars(amountCents),
    serviceDiscount: centsToDollars(discountCents),
    serviceAmountCents: amountCents,
    serviceDiscountCents: discountCents,
    customerName: row.customerName,
    workStatus,
    work_status: workStatus,
    dailyWork,
    daily_work: dailyWork,
    serviceNumber: row.serviceNumber ?? 1,
    serviceCount: row.serviceCount ?? 1,
    jobFirstDay: row.jobFirstDay,
    jobLastDay: row.jobLastDay,
    jobDays: row.jobDays,
    multiDay: row.jobDays > 1,
    jobDuration: tenthsToDays(row.jobDurationTenths),
    requestState: row.requestState,
    lineFirstDay: row.lineFirstDay === row.workDate,
  };
}

/**
 * The calendar screen (R14): the period read (row 65) and the server-derived calendar writes (rows 61–63,
 * in calendar.sync.ts). Who may read: the installer itself, another location of its installer group or a
 * company granted to the user (scheduling's canReadInstaller; ASSIST may read); anyone else gets 404.
 */
export function createCalendarService({
  repository,
  scheduling,
  sync,
}: {
  repository: CalendarRepository;
  scheduling: Pick<SchedulingRepository, 'canReadInstaller'>;
  sync: CalendarSync;
}) {
  return {
    async getPeriod(
      auth: AuthContext,
      installerId: number,
      period: { from: string; to: string },
    ): Promise<TCalendarPeriodReply> {
      const refused = checkCalendarPeriod(period.from, period.to);
      if (refused) throw new AppError('VALIDATION_FAILED', refused);
      const { from, to } = period;
      const mayRead = auth.userType === 'installer' && (await scheduling.canReadInstaller(auth, installerId));
      const installer = mayRead ? await repository.findInstaller(installerId) : null;
      if (!installer) throw new AppError('NOT_FOUND', `Installer ${installerId} does not exist`);
      const [rows, blockedDays] = await Promise.all([
        repository.listPeriodEntries(installerId, from, to),
        repository.listBlockedDays(installerId, from, to),
      ]);
      const entries = rows.map(toEntry);
      const capacityPerDay = resolveCapacity(installer.capacity);
      const overview = computeCalendarOverview({
        from,
        to,
        capacity: capacityPerDay,
        rows: entries.map((e) => ({
          requestId: e.requestId,
          workDate: e.workDate,
          workStatus: e.workStatus,
          lineFirstDay: e.lineFirstDay,
          amountCents: e.serviceAmountCents,
          discountCents: e.serviceDiscountCents,
        })),
      });
      const bookedByDay = new Map<string, Set<number>>();
      for (const e of entries) {
        if (e.workStatus === 'draft') continue;
        const jobs = bookedByDay.get(e.workDate) ?? new Set<number>();
        jobs.add(e.requestId);
        bookedByDay.set(e.workDate, jobs);
      }
      return {
        installerId,
        from,
        to,
        entries,
        capacity: listDays(from, to).map((workDate) => ({
          workDate,
          capacity: capacityPerDay,
          booked: bookedByDay.get(workDate)?.size ?? 0,
        })),
        blockedDays,
        overview: { ...overview, revenue: centsToDollars(overview.revenueCents) },
        calendar: {
          connected: installer.calendarAuthenticated && installer.calendarId !== null,
          calendarId: installer.calendarId,
        },
      };
    },

    /** PUT /installerCalendarProgress/{requestId} and PUT /installerCalendars/{requestId} (rows 61, 62). */
    syncRequest(auth: AuthContext, requestId: number) {
      return sync.syncRequest(auth, requestId);
    },

    /** DELETE /installerCalendars/{requestId} (row 63). */
    removeRequest(auth: AuthContext, requestId: number) {
      return sync.removeRequest(auth, requestId);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
