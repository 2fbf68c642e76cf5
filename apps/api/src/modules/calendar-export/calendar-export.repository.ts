import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays } from '../../db/schema/calendar';
import { customers } from '../../db/schema/customers';
import { dealers, installers } from '../../db/schema/identity';
import { requestServices, serviceRequests } from '../../db/schema/service-requests';

/** One calendar row of the week: a service line's (or a job without lines') work on one day. */
export type WeekCalendarRow = {
  requestId: number;
  workDate: string;
  workStatus: string;
  requestType: string;
  customerName: string | null;
  dealerName: string | null;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleTrim: string | null;
  dueDate: Date | null;
  serviceRequested: string;
  serviceCategory: string | null;
  serviceDescription: string | null;
};

/** The week's reads: one indexed range of calendar_days (installer_id, work_date) with its jobs. */
export function createCalendarExportRepository(db: Db) {
  return {
    async findInstallerName(installerId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: installers.name })
        .from(installers)
        .where(eq(installers.id, installerId));
      return row?.name ?? null;
    },

    /** The installer's calendar rows from `from` to `to`, by day, job and line order. */
    listWeekRows(installerId: number, from: string, to: string): Promise<WeekCalendarRow[]> {
      return db
        .select({
          ...pickColumns(calendarDays, 'requestId', 'workDate', 'workStatus'),
          requestType: serviceRequests.requestType,
          customerName: customers.name,
          dealerName: dealers.name,
          ...pickColumns(
            serviceRequests,
            'vehicleYear',
            'vehicleMake',
            'vehicleModel',
            'vehicleTrim',
            'dueDate',
            'serviceRequested',
          ),
          serviceCategory: requestServices.serviceCategory,
          serviceDescription: sql<
            string | null
          >`coalesce(nullif(${requestServices.customDescription}, ''), ${requestServices.description})`,
        })
        .from(calendarDays)
        .innerJoin(serviceRequests, eq(serviceRequests.id, calendarDays.requestId))
        .leftJoin(requestServices, eq(requestServices.id, calendarDays.requestServiceId))
        .leftJoin(customers, eq(customers.id, serviceRequests.customerId))
        .leftJoin(
          dealers,
          eq(dealers.id, sql`coalesce(${serviceRequests.requestorDealerId}, ${serviceRequests.dealerId})`),
        )
        .where(
          and(
            eq(calendarDays.installerId, installerId),
            between(calendarDays.workDate, from, to),
            isNull(serviceRequests.deletedAt),
          ),
        )
        .orderBy(
          asc(calendarDays.workDate),
          asc(calendarDays.requestId),
          asc(requestServices.position),
          asc(requestServices.id),
        );
    },
  };
}
export type CalendarExportRepository = ReturnType<typeof createCalendarExportRepository>;
