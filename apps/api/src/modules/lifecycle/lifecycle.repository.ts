import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { anyRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays, requestSchedules } from '../../db/schema/calendar';
import { customers } from '../../db/schema/customers';
import { dealers, installerLocations, installers } from '../../db/schema/identity';
import {
  requestNotes,
  requestOffers,
  requestServices,
  requestStateHistory,
  serviceRequests,
} from '../../db/schema/service-requests';
import { vehicles } from '../../db/schema/vehicles';
import { upsertRequestSchedule } from '../scheduling/scheduling.repository';

export type RequestRow = typeof serviceRequests.$inferSelect;
export type RequestPatch = Partial<Omit<typeof serviceRequests.$inferInsert, 'id' | 'version'>>;
export type OfferRow = { installerId: number; currentStatus: string; startDate: Date | null };
export type ServiceRow = { id: number; position: number; durationTenths: number; serviceState: string };
export type DealerInfo = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  customerContract: string;
};
export type CustomerInfo = { id: number; name: string; email: string | null; phone: string | null };
export type InstallerInfo = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  capacity: number;
  isTrial: boolean;
  onboardingComplete: boolean;
  installerGroupId: number | null;
  calendarAuthenticated: boolean;
  calendarId: string | null;
};
/** A transfer of a request's work from one installer to another (the offer and the calendar days move). */
export type Transfer = { requestId: number; fromInstallerId: number; toInstallerId: number; now: Date };
export type CalendarDayInsert = typeof calendarDays.$inferInsert;
export type HistoryInsert = typeof requestStateHistory.$inferInsert;
export type CalendarEvent = { installerId: number; eventId: string };
type JsonOffer = { installerId: number; currentStatus: string; startDate: string | null };
export type RequestContextRow = {
  row: RequestRow;
  dealer: DealerInfo | null;
  customer: CustomerInfo | null;
  offers: OfferRow[];
  services: ServiceRow[];
  isContractSigned: boolean;
  hasFinalInvoice: boolean;
  hasDepositInvoice: boolean;
  referral: { id: number; requestedService: string | null } | null;
  callerInstaller: InstallerInfo | null;
  /** The caller's first location (its capacity overrides the installer's). */
  callerLocation: { id: number; capacity: number | null } | null;
  groupInstallers: { id: number; name: string }[];
};

/**
 * Every read and write of the job lifecycle. Each method takes the caller's transaction (or the database for
 * the outbox handlers and read-only calls) as its first argument; the service owns the transaction and the
 * order of writes. One repository, built by the module and injected, serves every transaction.
 */
/** Which of a request's calendar days: all, one installer's, or all but one installer's. */
type DayFilter = { installerId?: number; exceptInstallerId?: number };

function daysOf(requestId: number, filter: DayFilter) {
  return and(
    eq(calendarDays.requestId, requestId),
    filter.installerId !== undefined ? eq(calendarDays.installerId, filter.installerId) : undefined,
    filter.exceptInstallerId !== undefined
      ? ne(calendarDays.installerId, filter.exceptInstallerId)
      : undefined,
  );
}

export function createLifecycleRepository() {
  return {
    /**
     * The request and everything the transition table needs about it, in one query: offers, services,
     * the dealership and customer, contract and invoice flags, the referral, and the caller's installer with
     * its group. With `lock`, the request row is locked (FOR UPDATE OF service_requests) until the
     * transaction ends: what makes claims safe across API processes.
     */
    async loadRequestContext(
      tx: Db | Tx,
      requestId: number,
      options: { lock: boolean; callerInstallerId: number | null },
    ): Promise<RequestContextRow | null> {
      const callerId = options.callerInstallerId ?? 0;
      const query = tx
        .select({
          row: serviceRequests,
          dealer: pickColumns(dealers, 'id', 'name', 'email', 'phone', 'customerContract'),
          customer: pickColumns(customers, 'id', 'name', 'email', 'phone'),
          offers: sql<JsonOffer[] | null>`(select json_agg(json_build_object('installerId', o.installer_id,
            'currentStatus', o.current_status, 'startDate', o.start_date) order by o.id)
            from request_offers o where o.request_id = ${requestId})`,
          services: sql<
            ServiceRow[] | null
          >`(select json_agg(json_build_object('id', s.id, 'position', s.position,
            'durationTenths', s.duration_tenths, 'serviceState', s.service_state) order by s.position, s.id)
            from request_services s where s.request_id = ${requestId})`,
          isContractSigned: sql<boolean>`exists (select 1 from contracts c
            where c.request_id = ${requestId} and c.signed_at is not null)`,
          hasFinalInvoice: sql<boolean>`exists (select 1 from invoices i
            where i.request_id = ${requestId} and i.invoice_type = 'final' and i.status <> 'void')`,
          hasDepositInvoice: sql<boolean>`exists (select 1 from invoices i
            where i.request_id = ${requestId} and i.invoice_type = 'deposit' and i.status <> 'void')`,
          referral: sql<{
            id: number;
            requestedService: string | null;
          } | null>`(select json_build_object('id', r.id,
            'requestedService', r.requested_service) from referrals r where r.request_id = ${requestId}
            order by r.id limit 1)`,
          callerInstaller: sql<InstallerInfo | null>`(select json_build_object('id', i.id, 'name', i.name,
            'email', i.email, 'phone', i.phone, 'capacity', i.capacity, 'isTrial', i.is_trial,
            'onboardingComplete', i.onboarding_complete, 'installerGroupId', i.installer_group_id,
            'calendarAuthenticated', i.calendar_authenticated, 'calendarId', i.calendar_id)
            from installers i where i.id = ${callerId})`,
          callerLocation: sql<{ id: number; capacity: number | null } | null>`(select
            json_build_object('id', l.id, 'capacity', l.capacity) from installer_locations l
            where l.installer_id = ${callerId} order by l.id limit 1)`,
          groupInstallers: sql<
            { id: number; name: string }[] | null
          >`(select json_agg(json_build_object('id', g.id,
            'name', g.name) order by g.name, g.id) from installers g
            where g.id <> ${callerId} and g.installer_group_id =
              (select x.installer_group_id from installers x where x.id = ${callerId}))`,
        })
        .from(serviceRequests)
        .leftJoin(
          dealers,
          eq(dealers.id, sql`coalesce(${serviceRequests.dealerId}, ${serviceRequests.requestorDealerId})`),
        )
        .leftJoin(customers, eq(customers.id, serviceRequests.customerId))
        .where(eq(serviceRequests.id, requestId));
      const [found] = options.lock ? await query.for('update', { of: serviceRequests }) : await query;
      if (!found) return null;
      return {
        row: found.row,
        dealer: found.dealer,
        customer: found.customer,
        offers: (found.offers ?? []).map((o) => ({
          installerId: o.installerId,
          currentStatus: o.currentStatus,
          startDate: o.startDate ? new Date(o.startDate) : null,
        })),
        services: found.services ?? [],
        isContractSigned: found.isContractSigned,
        hasFinalInvoice: found.hasFinalInvoice,
        hasDepositInvoice: found.hasDepositInvoice,
        referral: found.referral,
        callerInstaller: found.callerInstaller,
        callerLocation: found.callerLocation,
        groupInstallers: found.groupInstallers ?? [],
      };
    },

    async findInstaller(tx: Db | Tx, installerId: number): Promise<InstallerInfo | null> {
      const [row] = await tx
        .select(
          pickColumns(
            installers,
            'id',
            'name',
            'email',
            'phone',
            'capacity',
            'isTrial',
            'onboardingComplete',
            'installerGroupId',
            'calendarAuthenticated',
            'calendarId',
          ),
        )
        .from(installers)
        .where(eq(installers.id, installerId));
      return row ?? null;
    },

    /** The installer's first location, whose capacity (when set) overrides the installer's. */
    async findFirstLocation(
      tx: Db | Tx,
      installerId: number,
    ): Promise<{ id: number; capacity: number | null } | null> {
      const [row] = await tx
        .select({ id: installerLocations.id, capacity: installerLocations.capacity })
        .from(installerLocations)
        .where(eq(installerLocations.installerId, installerId))
        .orderBy(asc(installerLocations.id))
        .limit(1);
      return row ?? null;
    },

    async findLatestNote(tx: Db | Tx, requestId: number): Promise<string | null> {
      const [row] = await tx
        .select({ noteText: requestNotes.noteText })
        .from(requestNotes)
        .where(eq(requestNotes.requestId, requestId))
        .orderBy(desc(requestNotes.noteDate), desc(requestNotes.id))
        .limit(1);
      return row?.noteText ?? null;
    },

    async findSchedule(
      tx: Db | Tx,
      requestId: number,
    ): Promise<{ installerId: number; startDate: Date } | null> {
      const [row] = await tx
        .select({ installerId: requestSchedules.installerId, startDate: requestSchedules.startDate })
        .from(requestSchedules)
        .where(eq(requestSchedules.requestId, requestId));
      return row ?? null;
    },

    // -------------------------------------------------------------------------------------------------
    // Writes

    /** Applies the patch and sets the version the service computed under the row lock. */
    async updateRequest(tx: Db | Tx, requestId: number, patch: RequestPatch, version: number): Promise<void> {
      await tx
        .update(serviceRequests)
        .set({ ...patch, version })
        .where(eq(serviceRequests.id, requestId));
    },

    /** Changes the offer of one installer (or every offer); returns how many rows changed. */
    async updateOffers(
      tx: Db | Tx,
      requestId: number,
      installerId: number | 'all',
      values: { currentStatus?: string; dateUpdated: Date; startDate?: Date; endDate?: Date },
    ): Promise<number> {
      const rows = await tx
        .update(requestOffers)
        .set(values)
        .where(
          installerId === 'all'
            ? eq(requestOffers.requestId, requestId)
            : and(eq(requestOffers.requestId, requestId), eq(requestOffers.installerId, installerId)),
        )
        .returning({ id: requestOffers.id });
      return rows.length;
    },

    async insertOffer(tx: Db | Tx, values: typeof requestOffers.$inferInsert): Promise<void> {
      await tx.insert(requestOffers).values(values);
    },

    /** Transfer: the caller's offer becomes the target's (the target's own offer, if any, is replaced). */
    async moveOffer(tx: Db | Tx, { requestId, fromInstallerId, toInstallerId, now }: Transfer) {
      await tx
        .delete(requestOffers)
        .where(and(eq(requestOffers.requestId, requestId), eq(requestOffers.installerId, toInstallerId)));
      const moved = await tx
        .update(requestOffers)
        .set({ installerId: toInstallerId, dateUpdated: now })
        .where(and(eq(requestOffers.requestId, requestId), eq(requestOffers.installerId, fromInstallerId)))
        .returning({ id: requestOffers.id });
      if (moved.length === 0) {
        await tx
          .insert(requestOffers)
          .values({ requestId, installerId: toInstallerId, currentStatus: 'offered', dateUpdated: now });
      }
    },

    async updateServices(
      tx: Db | Tx,
      requestId: number,
      scope: { serviceId: number } | 'allUnfinished',
      values: {
        serviceState: string;
        updatedAt: Date;
        serviceDate?: Date;
        materials?: string | null;
        template?: string | null;
      },
    ): Promise<number[]> {
      const rows = await tx
        .update(requestServices)
        .set(values)
        .where(
          scope === 'allUnfinished'
            ? and(eq(requestServices.requestId, requestId), ne(requestServices.serviceState, 'finished'))
            : and(eq(requestServices.requestId, requestId), eq(requestServices.id, scope.serviceId)),
        )
        .returning({ id: requestServices.id });
      return rows.map((r) => r.id);
    },

    /** Event ids of the request's calendar days (optionally of one installer, or of all but one). */
    async listCalendarEvents(
      tx: Db | Tx,
      requestId: number,
      filter: DayFilter = {},
    ): Promise<CalendarEvent[]> {
      const rows = await tx
        .selectDistinct({ installerId: calendarDays.installerId, eventId: calendarDays.eventId })
        .from(calendarDays)
        .where(and(daysOf(requestId, filter), isNotNull(calendarDays.eventId)));
      return rows.flatMap((r) => (r.eventId ? [{ installerId: r.installerId, eventId: r.eventId }] : []));
    },

    /** Deletes the request's calendar days (optionally of one installer, or of all but one); returns the
     * appointments (event ids) they carried. */
    async deleteCalendarDays(
      tx: Db | Tx,
      requestId: number,
      filter: DayFilter = {},
    ): Promise<CalendarEvent[]> {
      const rows = await tx
        .delete(calendarDays)
        .where(daysOf(requestId, filter))
        .returning({ installerId: calendarDays.installerId, eventId: calendarDays.eventId });
      const events = new Map<string, CalendarEvent>();
      for (const r of rows)
        if (r.eventId) events.set(r.eventId, { installerId: r.installerId, eventId: r.eventId });
      return [...events.values()];
    },

    async insertCalendarDays(tx: Db | Tx, rows: CalendarDayInsert[]): Promise<void> {
      if (rows.length > 0) await tx.insert(calendarDays).values(rows);
    },

    /** The work status of one installer's days of the request; returns how many changed. */
    async updateCalendarStatus(
      tx: Db | Tx,
      requestId: number,
      installerId: number,
      values: { workStatus: string; updatedAt: Date; clearEventIds?: boolean },
    ): Promise<number> {
      const rows = await tx
        .update(calendarDays)
        .set({
          workStatus: values.workStatus,
          updatedAt: values.updatedAt,
          ...(values.clearEventIds ? { eventId: null } : {}),
        })
        .where(and(eq(calendarDays.requestId, requestId), eq(calendarDays.installerId, installerId)))
        .returning({ id: calendarDays.id });
      return rows.length;
    },

    async listCalendarDaysOf(
      tx: Db | Tx,
      requestId: number,
      installerId: number,
    ): Promise<{ workStatus: string; eventId: string | null }[]> {
      return tx
        .select({ workStatus: calendarDays.workStatus, eventId: calendarDays.eventId })
        .from(calendarDays)
        .where(and(eq(calendarDays.requestId, requestId), eq(calendarDays.installerId, installerId)))
        .orderBy(asc(calendarDays.workDate), asc(calendarDays.id));
    },

    /** Transfer: the caller's days become the target's (location cleared: it was the caller's). */
    async moveCalendarDays(tx: Db | Tx, { requestId, fromInstallerId, toInstallerId, now }: Transfer) {
      await tx
        .update(calendarDays)
        .set({ installerId: toInstallerId, locationId: null, updatedAt: now })
        .where(and(eq(calendarDays.requestId, requestId), eq(calendarDays.installerId, fromInstallerId)));
    },

    upsertSchedule: upsertRequestSchedule,

    async moveSchedule(tx: Db | Tx, requestId: number, toInstallerId: number, now: Date): Promise<void> {
      await tx
        .update(requestSchedules)
        .set({ installerId: toInstallerId, updatedAt: now })
        .where(eq(requestSchedules.requestId, requestId));
    },

    /** Inserts history records; one already written with the same key is left alone. Returns new ids. */
    async insertHistory(tx: Db | Tx, rows: HistoryInsert[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const inserted = await tx
        .insert(requestStateHistory)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: requestStateHistory.id });
      return inserted.map((r) => r.id);
    },

    async findHistoryByKey(tx: Db | Tx, requestId: number, clientKey: string): Promise<number | null> {
      const [row] = await tx
        .select({ id: requestStateHistory.id })
        .from(requestStateHistory)
        .where(
          and(eq(requestStateHistory.requestId, requestId), eq(requestStateHistory.clientKey, clientKey)),
        );
      return row?.id ?? null;
    },

    /** A record of this status (and service) written between `from` and `to`, if any. */
    async findHistoryNear(
      tx: Db | Tx,
      requestId: number,
      requestStatus: string,
      serviceId: number | null,
      from: Date,
      to: Date,
    ): Promise<number | null> {
      const [row] = await tx
        .select({ id: requestStateHistory.id })
        .from(requestStateHistory)
        .where(
          and(
            eq(requestStateHistory.requestId, requestId),
            eq(requestStateHistory.requestStatus, requestStatus),
            serviceId === null
              ? isNull(requestStateHistory.requestServiceId)
              : eq(requestStateHistory.requestServiceId, serviceId),
            gte(requestStateHistory.stateDate, from),
            lte(requestStateHistory.stateDate, to),
          ),
        )
        .orderBy(asc(requestStateHistory.id))
        .limit(1);
      return row?.id ?? null;
    },

    async serviceBelongsTo(tx: Db | Tx, requestId: number, serviceId: number): Promise<boolean> {
      return anyRow(
        tx,
        requestServices,
        and(eq(requestServices.requestId, requestId), eq(requestServices.id, serviceId)),
      );
    },

    /** CHECK IN: the vehicle's placeholder VIN ('NV…' / 'OT…') becomes the entered one. */
    async replacePlaceholderVehicleVin(
      tx: Db | Tx,
      vehicleId: number,
      vin: string,
      now: Date,
    ): Promise<void> {
      await tx
        .update(vehicles)
        .set({ vin, updatedAt: now })
        .where(
          and(
            eq(vehicles.id, vehicleId),
            sql`(upper(${vehicles.vin}) like 'NV%' or upper(${vehicles.vin}) like 'OT%')`,
          ),
        );
    },

    async insertNote(tx: Db | Tx, values: typeof requestNotes.$inferInsert): Promise<void> {
      await tx.insert(requestNotes).values(values);
    },

    // -------------------------------------------------------------------------------------------------
    // Calendar appointments (outbox handlers)

    /** Whether the installer still has booked or started days of the request (worth an appointment). */
    async hasAppointableDays(tx: Db | Tx, requestId: number, installerId: number): Promise<boolean> {
      return anyRow(
        tx,
        calendarDays,
        and(
          eq(calendarDays.requestId, requestId),
          eq(calendarDays.installerId, installerId),
          inArray(calendarDays.workStatus, ['booked', 'started']),
        ),
      );
    },

    async setCalendarEventId(
      tx: Db | Tx,
      requestId: number,
      installerId: number,
      eventId: string,
    ): Promise<number> {
      const rows = await tx
        .update(calendarDays)
        .set({ eventId })
        .where(
          and(
            eq(calendarDays.requestId, requestId),
            eq(calendarDays.installerId, installerId),
            isNull(calendarDays.eventId),
            inArray(calendarDays.workStatus, ['booked', 'started']),
          ),
        )
        .returning({ id: calendarDays.id });
      return rows.length;
    },

    async clearCalendarEventIds(tx: Db | Tx, requestId: number, eventIds: string[]): Promise<void> {
      if (eventIds.length === 0) return;
      await tx
        .update(calendarDays)
        .set({ eventId: null })
        .where(and(eq(calendarDays.requestId, requestId), inArray(calendarDays.eventId, eventIds)));
    },
  };
}
export type LifecycleRepository = ReturnType<typeof createLifecycleRepository>;
