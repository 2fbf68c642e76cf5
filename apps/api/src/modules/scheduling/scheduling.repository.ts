import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { anyRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays, requestSchedules } from '../../db/schema/calendar';
import { installerLocations, installers, userCompanyAccess } from '../../db/schema/identity';
import { requestOffers, serviceRequests } from '../../db/schema/service-requests';
import { listClosedDays } from '../blocked-days/blocked-days.guard';

/**
 * A job's calendar days of one status, as one row: its first day and number of days when they are
 * consecutive (the lifecycle writes one row per work day), else the list of its days.
 */
export type CalendarSpanRow = {
  requestId: number;
  workStatus: string;
  firstDay: string;
  days: number;
  /** 'YYYY-MM-DD,YYYY-MM-DD,…' when the days are not consecutive; null otherwise. */
  dayList: string | null;
};

/** Reads behind availability and transfer candidates. */
/** The booked schedule of a request (one row per request: its working installer and dates). */
export type RequestScheduleValues = {
  requestId: number;
  installerId: number;
  installerCapacity: number;
  startDate: Date;
  endDate: Date;
  now: Date;
};

/**
 * Writes a request's schedule, replacing the one it had: the one writer of `request_schedules` (BOOK JOB,
 * claim, assign and the creation wizards' bookings), in the caller's transaction.
 */
export async function upsertRequestSchedule(tx: Db | Tx, values: RequestScheduleValues): Promise<void> {
  const { now, ...row } = values;
  await tx
    .insert(requestSchedules)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: requestSchedules.requestId,
      set: {
        installerId: row.installerId,
        installerCapacity: row.installerCapacity,
        startDate: row.startDate,
        endDate: row.endDate,
        updatedAt: now,
      },
    });
}

export function createSchedulingRepository(db: Db) {
  /**
   * Calendar rows grouped into spans by the database: distinct (job, status, day) first, then per job and
   * status its first day and span; the day list only when the days are not consecutive. Two hash
   * aggregates over the installer's rows (sort-based DISTINCT aggregates cost twice as much).
   */
  async function selectSpans(where: SQL): Promise<CalendarSpanRow[]> {
    const result = await db.execute(sql`
      select request_id, work_status, min(work_date)::text as first_day,
        (max(work_date) - min(work_date) + 1)::int as days,
        case when count(*) <> max(work_date) - min(work_date) + 1
          then string_agg(work_date::text, ',') end as day_list
      from (
        select request_id, work_status, work_date from ${calendarDays}
        where ${where}
        group by request_id, work_status, work_date
      ) d
      group by request_id, work_status`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return rows.map((r) => ({
      requestId: Number(r.request_id),
      workStatus: String(r.work_status),
      firstDay: String(r.first_day),
      days: Number(r.days),
      dayList: r.day_list == null ? null : String(r.day_list),
    }));
  }

  return {
    /**
     * The installer's calendar days from `from` to `to` (YYYY-MM-DD, both included), grouped by job and
     * status in the database: one range scan of calendar_days_installer_date_idx (installer_id, work_date),
     * a few hundred rows instead of thousands. Finished days never block and are skipped.
     */
    listCalendarSpans(installerId: number, from: string, to: string): Promise<CalendarSpanRow[]> {
      return selectSpans(
        sql`installer_id = ${installerId} and work_date between ${from} and ${to} and work_status <> 'finished'`,
      );
    },

    /** The installer's blocked days in [from, to] (row 66): closed, no capacity. */
    listClosedDays(installerId: number, from: string, to: string) {
      return listClosedDays(db, installerId, from, to);
    },

    /** The whole draft spans of these jobs (draft conflicts are reported with their whole span). */
    async listDraftSpans(installerId: number, requestIds: number[]): Promise<CalendarSpanRow[]> {
      if (requestIds.length === 0) return [];
      return selectSpans(
        sql`installer_id = ${installerId} and work_status = 'draft' and request_id in ${requestIds}`,
      );
    },

    /** Capacity per day: the first location's when set, else the installer's (null = no such installer). */
    async findCapacity(installerId: number): Promise<{ capacity: number | null } | null> {
      const [row] = await db
        .select({
          installerCapacity: installers.capacity,
          locationCapacity: sql<number | null>`(select l.capacity from ${installerLocations} l
            where l.installer_id = ${installerId} order by l.id limit 1)`,
        })
        .from(installers)
        .where(eq(installers.id, installerId));
      if (!row) return null;
      return { capacity: row.locationCapacity ?? row.installerCapacity };
    },

    /** The request and the installer's offer status on it, in one query. */
    async findRequest(requestId: number, installerId: number) {
      const [row] = await db
        .select({
          ...pickColumns(
            serviceRequests,
            'id',
            'requestorDealerId',
            'requestorInstallerId',
            'assignedInstallerId',
            'durationTenths',
            'dueDate',
          ),
          offerStatus: sql<string | null>`(select o.current_status from ${requestOffers} o
            where o.request_id = ${requestId} and o.installer_id = ${installerId})`,
        })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId));
      return row ?? null;
    },

    /**
     * The installer (location) `installerId` is the caller's company, another location of its installer
     * group, or a company the user was granted (002 §2.11 Company Access). One indexed query.
     */
    async canReadInstaller(
      caller: { userId: number; companyId: number },
      installerId: number,
    ): Promise<boolean> {
      if (caller.companyId === installerId) return true;
      return anyRow(
        db,
        installers,
        and(
          eq(installers.id, installerId),
          sql`(${installers.installerGroupId} = (select g.installer_group_id from ${installers} g
                where g.id = ${caller.companyId})
            or exists (select 1 from ${userCompanyAccess} a
                where a.user_id = ${caller.userId} and a.installer_id = ${installerId}))`,
        ),
      );
    },

    /** The other installers (locations) of the installer's group; [] without a group. */
    async listGroupCandidates(installerId: number): Promise<{ id: number; name: string }[]> {
      const rows = await db
        .select({ id: installers.id, name: installers.name })
        .from(installers)
        .where(
          and(
            ne(installers.id, installerId),
            sql`${installers.installerGroupId} = (select g.installer_group_id from ${installers} g where g.id = ${installerId})`,
          ),
        );
      return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    },
  };
}
export type SchedulingRepository = ReturnType<typeof createSchedulingRepository>;
