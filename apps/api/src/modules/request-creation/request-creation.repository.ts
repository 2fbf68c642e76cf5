import type { CalendarEntry } from '@app/domain/scheduling/availability';
import type { WorkStatus } from '@app/domain/service-requests/calendar-status';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { anyRow, firstRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { insertOnce } from '../../db/insert-once';
import { lockRow } from '../../db/lock-row';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays } from '../../db/schema/calendar';
import { installerLocations, users } from '../../db/schema/identity';
import {
  requestNotes,
  requestOffers,
  requestServices,
  requestStateHistory,
  serviceRequests,
} from '../../db/schema/service-requests';
import { findDealerRow, findInstallerRow } from '../companies/companies.rows';
import { findCustomerRow } from '../customers/customers.rows';
import { applyReferralEvent, lockReferral } from '../referrals/referrals.transitions';
import { upsertRequestSchedule } from '../scheduling/scheduling.repository';

type Conn = Db | Tx;
export type RequestRow = typeof serviceRequests.$inferSelect;
export type LineRow = typeof requestServices.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The tables request creation writes; no rules here. */
export function createRequestCreationRepository(db: Db) {
  return {
    db,

    findInstaller: findInstallerRow,
    findDealer: findDealerRow,
    findCustomer: findCustomerRow,

    /** The referral of this dealership that `id` names, if any (POST /mailchimp/ for a referral). */
    async findDealerReferral(conn: Conn, dealerId: number, id: number) {
      const result = await conn.execute(sql`
        select id, status from referrals where id = ${id}::int and dealer_id = ${dealerId}::int`);
      return (result as unknown as { rows: { id: number; status: string }[] }).rows[0] ?? null;
    },

    async isInstallerDealer(conn: Conn, installerId: number, dealerId: number): Promise<boolean> {
      const result = await conn.execute(sql`
        select 1 from dealers d where d.id = ${dealerId}::int and (d.created_by_installer_id = ${installerId}::int
          or exists (select 1 from installer_dealers l where l.dealer_id = d.id and l.installer_id = ${installerId}::int))`);
      return rowsOf(result).length > 0;
    },

    /** The location capacity when set, else the installer's (decision 28). */
    async findCapacityAndLocation(conn: Conn, installerId: number) {
      const rows = await conn
        .select({ id: installerLocations.id, capacity: installerLocations.capacity })
        .from(installerLocations)
        .where(eq(installerLocations.installerId, installerId))
        .orderBy(asc(installerLocations.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Calendar rows of an installer from a day on (one entry per row: a row is one work day). */
    async listCalendarEntries(conn: Conn, installerId: number, fromDay: string): Promise<CalendarEntry[]> {
      const rows = await conn
        .select(pickColumns(calendarDays, 'requestId', 'workDate', 'workStatus'))
        .from(calendarDays)
        .where(
          and(eq(calendarDays.installerId, installerId), sql`${calendarDays.workDate} >= ${fromDay}::date`),
        );
      return rows.map((r) => ({ ...r, durationDays: 1, workStatus: r.workStatus as WorkStatus }));
    },

    async insertRequest(tx: Tx, values: typeof serviceRequests.$inferInsert): Promise<RequestRow> {
      const rows = await tx.insert(serviceRequests).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('request insert returned no row');
      return row;
    },

    /** The request, locked, with the company of the user who created it and its vehicle's trim. */
    async lockRequest(tx: Tx, requestId: number) {
      const rows = rowsOf<{
        creator_installer_id: number | null;
        creator_dealer_id: number | null;
        trim_id: number | null;
        started: number;
      }>(
        await tx.execute(sql`
          select u.installer_id as creator_installer_id, u.dealer_id as creator_dealer_id, v.trim_id,
            (select count(*)::int from request_services rs where rs.request_id = sr.id and rs.service_state <> 'new') as started
          from service_requests sr
          left join users u on u.id = sr.created_by_user_id
          left join vehicles v on v.id = sr.vehicle_id
          where sr.id = ${requestId}::int`),
      );
      const request = await lockRow(tx, serviceRequests, eq(serviceRequests.id, requestId));
      const extra = rows[0];
      if (!request || !extra) return null;
      return {
        request,
        creatorInstallerId: extra.creator_installer_id,
        creatorDealerId: extra.creator_dealer_id,
        trimId: extra.trim_id,
        hasStartedLines: Number(extra.started) > 0,
      };
    },

    async listLines(conn: Conn, requestId: number): Promise<LineRow[]> {
      return conn
        .select()
        .from(requestServices)
        .where(eq(requestServices.requestId, requestId))
        .orderBy(asc(requestServices.position), asc(requestServices.id));
    },

    async insertLines(tx: Tx, values: (typeof requestServices.$inferInsert)[]): Promise<LineRow[]> {
      if (values.length === 0) return [];
      const rows = await tx.insert(requestServices).values(values).returning();
      return rows.sort((a, b) => a.position - b.position || a.id - b.id);
    },

    async deleteLines(tx: Tx, ids: number[]): Promise<void> {
      if (ids.length > 0) await tx.delete(requestServices).where(inArray(requestServices.id, ids));
    },

    async updateRequest(tx: Tx, requestId: number, values: Partial<typeof serviceRequests.$inferInsert>) {
      await tx
        .update(serviceRequests)
        .set({ ...values, updatedAt: new Date(), version: sql`${serviceRequests.version} + 1` })
        .where(eq(serviceRequests.id, requestId));
    },

    async insertState(
      tx: Tx,
      values: {
        requestId: number;
        requestStatus: string;
        userId: number;
        userType: 'dealer' | 'installer';
        at: Date;
      },
    ) {
      await tx.insert(requestStateHistory).values({
        requestId: values.requestId,
        requestStatus: values.requestStatus,
        stateDate: values.at,
        changedByUserId: values.userId,
        changedByUserType: values.userType,
      });
    },

    async insertNote(
      conn: Conn,
      values: {
        requestId: number;
        noteText: string;
        userId: number;
        userType: 'dealer' | 'installer';
        at: Date;
      },
    ) {
      const rows = await conn
        .insert(requestNotes)
        .values({
          requestId: values.requestId,
          noteText: values.noteText,
          noteDate: values.at,
          userId: values.userId,
          userType: values.userType,
        })
        .returning({ id: requestNotes.id });
      return rows[0]?.id ?? 0;
    },

    /** Inserts the offer, or leaves an existing one as it is; returns the offer and whether it is new. */
    async upsertOffer(
      conn: Conn,
      values: {
        requestId: number;
        installerId: number;
        status: string;
        startDate: Date | null;
        endDate: Date | null;
      },
    ) {
      const inserted = await insertOnce(conn, requestOffers, {
        requestId: values.requestId,
        installerId: values.installerId,
        currentStatus: values.status,
        startDate: values.startDate,
        endDate: values.endDate,
      });
      if (inserted) return { offer: inserted, created: true };
      const existing = await firstRow(
        conn,
        requestOffers,
        and(eq(requestOffers.requestId, values.requestId), eq(requestOffers.installerId, values.installerId)),
      );
      if (!existing) throw new Error('offer vanished');
      return { offer: existing, created: false };
    },

    async updateOfferDates(
      tx: Tx,
      requestId: number,
      installerId: number,
      startDate: Date,
      endDate: Date | null,
    ) {
      await tx
        .update(requestOffers)
        .set({ startDate, endDate, dateUpdated: new Date() })
        .where(and(eq(requestOffers.requestId, requestId), eq(requestOffers.installerId, installerId)));
    },

    /** Replaces the request's calendar days unless work on them has begun. */
    async replaceCalendarDays(
      tx: Tx,
      requestId: number,
      days: (typeof calendarDays.$inferInsert)[],
    ): Promise<boolean> {
      const begun = sql`${calendarDays.workStatus} in ('started','finished')`;
      if (await anyRow(tx, calendarDays, and(eq(calendarDays.requestId, requestId), begun))) return false;
      await tx.delete(calendarDays).where(eq(calendarDays.requestId, requestId));
      if (days.length > 0) await tx.insert(calendarDays).values(days);
      return true;
    },

    upsertSchedule: upsertRequestSchedule,

    /**
     * A referral the installer claimed and has not converted becomes this request's (ESTIMATE_CREATED, or BOOKED
     * when the request is booked), through the referral module's one writer; false when there is none.
     */
    async linkReferral(
      tx: Tx,
      link: {
        referralId: number;
        installerId: number;
        userId: number;
        requestId: number;
        booked: boolean;
        now: Date;
      },
    ): Promise<boolean> {
      const referral = await lockReferral(tx, link.referralId);
      if (!referral || referral.claimedByInstallerId !== link.installerId || referral.requestId !== null) {
        return false;
      }
      const { decision } = await applyReferralEvent(
        tx,
        referral,
        { type: 'converted', booked: link.booked },
        { actor: 'installer', userId: link.userId, now: link.now, set: { requestId: link.requestId } },
      );
      return decision.ok && decision.to !== null;
    },

    async findDealerUser(conn: Conn, dealerId: number, userId: number) {
      const rows = await conn
        .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.dealerId, dealerId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** True when the two companies share a live request (an offer, an assignment or the installer's own job). */
    async sharesRequest(
      conn: Conn,
      dealerId: number,
      installerId: number,
      requestId: number | null,
    ): Promise<boolean> {
      const result = await conn.execute(sql`
        select 1 from service_requests sr
        where sr.deleted_at is null and (sr.requestor_dealer_id = ${dealerId}::int or sr.dealer_id = ${dealerId}::int)
          ${requestId === null ? sql`` : sql`and sr.id = ${requestId}::int`}
          and (sr.assigned_installer_id = ${installerId}::int or sr.requestor_installer_id = ${installerId}::int
            or exists (select 1 from request_offers o where o.request_id = sr.id and o.installer_id = ${installerId}::int
                       and o.current_status not in ('rejected','deleted')))
        limit 1`);
      return rowsOf(result).length > 0;
    },

    async installerServesCustomer(conn: Conn, installerId: number, customerId: number): Promise<boolean> {
      const result = await conn.execute(sql`
        select 1 from customers c where c.id = ${customerId}::int and (c.owning_installer_id = ${installerId}::int
          or exists (select 1 from service_requests sr where sr.customer_id = c.id and sr.deleted_at is null
                     and (sr.assigned_installer_id = ${installerId}::int or sr.requestor_installer_id = ${installerId}::int)))`);
      return rowsOf(result).length > 0;
    },

    /**
     * Existing estimates and jobs (not deleted, reviewed or collected) of a scope for the same VIN, or the same
     * year, make and model, oldest available date first.
     */
    async findDuplicates(
      conn: Conn,
      scope: { dealerId?: number; installerId?: number; customerId?: number; dealerCustomerId?: number },
      vehicle: { vin: string | null; year: number | null; make: string | null; model: string | null },
    ) {
      const byScope = scope.dealerId
        ? sql`sr.requestor_dealer_id = ${scope.dealerId}::int`
        : scope.customerId
          ? sql`sr.customer_id = ${scope.customerId}::int and (sr.assigned_installer_id = ${scope.installerId ?? 0}::int or sr.requestor_installer_id = ${scope.installerId ?? 0}::int)`
          : scope.dealerCustomerId
            ? sql`sr.dealer_id = ${scope.dealerCustomerId}::int and sr.assigned_installer_id = ${scope.installerId ?? 0}::int`
            : sql`(sr.assigned_installer_id = ${scope.installerId ?? 0}::int or sr.requestor_installer_id = ${scope.installerId ?? 0}::int)`;
      const byVin = vehicle.vin ? sql`sr.vin = ${vehicle.vin}` : sql`false`;
      const byVehicle =
        vehicle.year && vehicle.make && vehicle.model
          ? sql`(sr.vehicle_year = ${vehicle.year}::int and lower(sr.vehicle_make) = lower(${vehicle.make})
                 and lower(sr.vehicle_model) = lower(${vehicle.model}))`
          : sql`false`;
      return rowsOf<{
        id: number;
        request_type: 'dealer' | 'installer';
        current_state: string;
        available_date: string;
        service_requested: string;
        vin: string | null;
        vehicle_year: number | null;
        vehicle_make: string | null;
        vehicle_model: string | null;
        vehicle_trim: string | null;
        by_vin: boolean;
      }>(
        await conn.execute(sql`
          select sr.id, sr.request_type, sr.current_state,
            to_char(sr.available_date at time zone 'UTC', 'YYYY/MM/DD HH24:MI:SS') as available_date,
            sr.service_requested, sr.vin, sr.vehicle_year, sr.vehicle_make, sr.vehicle_model, sr.vehicle_trim,
            ${byVin} as by_vin
          from service_requests sr
          where sr.deleted_at is null
            and sr.current_state in ('new','answered','scheduled','received','started','finished')
            and ${byScope} and (${byVin} or ${byVehicle})
          order by sr.available_date, sr.id
          limit 50`),
      );
    },
  };
}
export type RequestCreationRepository = ReturnType<typeof createRequestCreationRepository>;
