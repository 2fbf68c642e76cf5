import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarBlockedDays, calendarDays } from '../../db/schema/calendar';
import { customers } from '../../db/schema/customers';
import { dealers, installerLocations, installers } from '../../db/schema/identity';
import { requestServices, serviceRequests } from '../../db/schema/service-requests';

/** One calendar row of the period with everything the screen shows (decision 022: a line's work on a day). */
export type PeriodEntryRow = {
  requestId: number;
  serviceId: number | null;
  workDate: string;
  workStatus: string;
  dailyWorkTenths: number;
  eventId: string | null;
  requestType: string;
  dueDate: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  requestState: string;
  jobDurationTenths: number;
  serviceRequested: string;
  requestTotalCents: number;
  requestDiscountCents: number;
  category: string | null;
  description: string | null;
  customDescription: string | null;
  amountCents: number | null;
  discountCents: number | null;
  lineDurationTenths: number | null;
  dealerName: string | null;
  customerName: string | null;
  jobFirstDay: string;
  jobLastDay: string;
  jobDays: number;
  lineFirstDay: string;
  serviceNumber: number | null;
  serviceCount: number | null;
};

export type InstallerCalendarRow = {
  capacity: number | null;
  calendarId: string | null;
  calendarAuthenticated: boolean;
};

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const num = (v: unknown) => (v == null ? null : Number(v));
const str = (v: unknown) => (v == null ? null : String(v));

/** The calendar screen's reads: a constant number of queries per period, whatever the number of jobs. */
export function createCalendarRepository(db: Db) {
  return {
    /** The installer's capacity per day (first location's, else the installer's) and its calendar link. */
    async findInstaller(installerId: number): Promise<InstallerCalendarRow | null> {
      const result = await db.execute(sql`
        select coalesce((select l.capacity from ${installerLocations} l
            where l.installer_id = i.id order by l.id limit 1), i.capacity) as capacity,
          i.calendar_id, i.calendar_authenticated
        from ${installers} i where i.id = ${installerId}`);
      const [row] = rowsOf(result);
      if (!row) return null;
      return {
        capacity: num(row.capacity),
        calendarId: str(row.calendar_id),
        calendarAuthenticated: row.calendar_authenticated === true,
      };
    },

    /**
     * The period's calendar rows with their request, line, dealership and customer, and each job's span
     * (first and last day, number of days over all its rows), each line's first work day and number in its
     * job. One statement: a range scan of calendar_days_installer_date_idx for the period, the jobs' other
     * rows through calendar_days_request_idx, and their lines through the request's lines.
     */
    async listPeriodEntries(installerId: number, from: string, to: string): Promise<PeriodEntryRow[]> {
      const inPeriod: SQL = sql`installer_id = ${installerId} and work_date between ${from} and ${to}`;
      const ofJobs: SQL = sql`installer_id = ${installerId}
        and request_id in (select request_id from ids)`;
      const result = await db.execute(sql`
        with ids as (select distinct request_id from ${calendarDays} where ${inPeriod}),
        span as materialized (
          select request_id, min(work_date) as first_day, max(work_date) as last_day,
            count(distinct work_date)::int as days
          from ${calendarDays} where ${ofJobs} group by request_id),
        line_first as materialized (
          select request_id, request_service_id, min(work_date) as first_day
          from ${calendarDays} where ${ofJobs} group by request_id, request_service_id),
        lines as materialized (
          select id, row_number() over (partition by request_id order by position, id)::int as n,
            count(*) over (partition by request_id)::int as total
          from ${requestServices} where request_id in (select request_id from ids))
        select cd.request_id, cd.request_service_id, cd.work_date::text as work_date, cd.work_status,
          cd.daily_work_tenths, cd.event_id,
          r.request_type, to_char(r.due_date at time zone 'UTC', 'YYYY-MM-DD') as due_date,
          r.vehicle_year, r.vehicle_make, r.vehicle_model, r.vehicle_trim, r.current_state,
          r.duration_tenths as job_duration_tenths, r.service_requested,
          r.total_cents as request_total_cents, r.discount_cents as request_discount_cents,
          rs.service_category, rs.description, rs.custom_description, rs.amount_cents,
          rs.discount_cents as line_discount_cents, rs.duration_tenths as line_duration_tenths,
          d.name as dealer_name, c.name as customer_name,
          s.first_day::text as job_first_day, s.last_day::text as job_last_day, s.days as job_days,
          lf.first_day::text as line_first_day, l.n as service_number, l.total as service_count
        from ${calendarDays} cd
        join ${serviceRequests} r on r.id = cd.request_id
        left join ${requestServices} rs on rs.id = cd.request_service_id
        left join ${dealers} d on d.id = coalesce(r.dealer_id, r.requestor_dealer_id)
        left join ${customers} c on c.id = r.customer_id
        join span s on s.request_id = cd.request_id
        join line_first lf on lf.request_id = cd.request_id
          and lf.request_service_id is not distinct from cd.request_service_id
        left join lines l on l.id = cd.request_service_id
        where cd.installer_id = ${installerId} and cd.work_date between ${from} and ${to}
          and r.deleted_at is null
        order by cd.work_date, cd.request_id, coalesce(l.n, 0), cd.id`);
      return rowsOf(result).map((r) => ({
        requestId: Number(r.request_id),
        serviceId: num(r.request_service_id),
        workDate: String(r.work_date),
        workStatus: String(r.work_status),
        dailyWorkTenths: Number(r.daily_work_tenths),
        eventId: str(r.event_id),
        requestType: String(r.request_type),
        dueDate: str(r.due_date),
        year: num(r.vehicle_year),
        make: str(r.vehicle_make),
        model: str(r.vehicle_model),
        trim: str(r.vehicle_trim),
        requestState: String(r.current_state),
        jobDurationTenths: Number(r.job_duration_tenths),
        serviceRequested: String(r.service_requested ?? ''),
        requestTotalCents: Number(r.request_total_cents),
        requestDiscountCents: Number(r.request_discount_cents),
        category: str(r.service_category),
        description: str(r.description),
        customDescription: str(r.custom_description),
        amountCents: num(r.amount_cents),
        discountCents: num(r.line_discount_cents),
        lineDurationTenths: num(r.line_duration_tenths),
        dealerName: str(r.dealer_name),
        customerName: str(r.customer_name),
        jobFirstDay: String(r.job_first_day),
        jobLastDay: String(r.job_last_day),
        jobDays: Number(r.job_days),
        lineFirstDay: String(r.line_first_day),
        serviceNumber: num(r.service_number),
        serviceCount: num(r.service_count),
      }));
    },

    /** The days the installer closed in the period (row 66), in date order. */
    async listBlockedDays(installerId: number, from: string, to: string) {
      const result = await db.execute(sql`
        select work_date::text as work_date, reason from ${calendarBlockedDays}
        where installer_id = ${installerId} and work_date between ${from} and ${to}
        order by work_date`);
      return rowsOf(result).map((r) => ({ workDate: String(r.work_date), reason: String(r.reason ?? '') }));
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
