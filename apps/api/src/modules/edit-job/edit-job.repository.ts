import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays } from '../../db/schema/calendar';
import { requestServices, serviceRequests } from '../../db/schema/service-requests';
import { vehicles } from '../../db/schema/vehicles';

/** What the edit-job service reads and writes beyond the lifecycle's and request creation's repositories. */
export function createEditJobRepository() {
  return {
    /** The trim of the request's vehicle (trim overrides price the lines). */
    async findTrimId(conn: Db | Tx, requestId: number): Promise<number | null> {
      const [row] = await conn
        .select({ trimId: vehicles.trimId })
        .from(serviceRequests)
        .innerJoin(vehicles, eq(vehicles.id, serviceRequests.vehicleId))
        .where(eq(serviceRequests.id, requestId));
      return row?.trimId ?? null;
    },

    /** Every calendar day of the request, in date order, with what the re-planning compares. */
    async listDays(tx: Db | Tx, requestId: number) {
      return tx
        .select(
          pickColumns(
            calendarDays,
            'installerId',
            'locationId',
            'workDate',
            'workStatus',
            'requestServiceId',
            'dailyWorkTenths',
            'eventId',
          ),
        )
        .from(calendarDays)
        .where(eq(calendarDays.requestId, requestId))
        .orderBy(asc(calendarDays.workDate), asc(calendarDays.id));
    },

    /** The editable fields of one kept line. */
    async updateLine(
      tx: Tx,
      lineId: number,
      values: Pick<
        typeof requestServices.$inferInsert,
        | 'amountCents'
        | 'discountCents'
        | 'feeCents'
        | 'retailPriceCents'
        | 'customDescription'
        | 'durationTenths'
        | 'position'
      >,
    ): Promise<void> {
      await tx
        .update(requestServices)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(requestServices.id, lineId));
    },
  };
}

export type EditJobRepository = ReturnType<typeof createEditJobRepository>;
