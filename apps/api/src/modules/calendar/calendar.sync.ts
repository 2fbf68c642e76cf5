/**
 * Rows 61–63, server-derived (decision 022 item 5): PUT /installerCalendarProgress/{requestId}, PUT and DELETE
 * /installerCalendars/{requestId}. The legacy client wrote calendar rows itself; here a call only brings the
 * caller's rows of a request in line with the request's own state and schedule, so nothing a client sends
 * can put a job on days the lifecycle did not plan. Idempotent: a second call finds nothing to change.
 * When the rows move to other days, or leave the calendar, the job's appointment on the installer's
 * connected calendar follows through the outbox, as the lifecycle's own writers do: the old event is
 * removed and, for booked or started work on a linked calendar, the new days are added.
 */
import { calendarMessages, type TCalendarSyncReply } from '@app/contracts/calendar.contract';
import { AppError } from '@app/contracts/errors.contract';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { listPlannedWorkDates, planCalendarDays } from '@app/domain/scheduling/work-days';
import type { WorkStatus } from '@app/domain/service-requests/calendar-status';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays, requestSchedules } from '../../db/schema/calendar';
import { installerLocations, installers } from '../../db/schema/identity';
import { requestOffers, requestServices, serviceRequests } from '../../db/schema/service-requests';
import type { AuthContext } from '../../platform/security/auth-context';
import type { VehicleLike } from '../lifecycle/lifecycle.messages';
import { enqueueAppointmentAdd, enqueueAppointmentRemovals } from '../lifecycle/lifecycle.notifications';
import { createLifecycleRepository } from '../lifecycle/lifecycle.repository';

/** What the request says about the caller's calendar, read under the request's row lock. */
type SyncFacts = {
  /** What the appointment's text names (lifecycle.messages' appointmentText). */
  request: VehicleLike & { id: number; serviceRequested: string };
  /** The caller's linked calendar, or null when none is linked. */
  linkedCalendarId: string | null;
  currentState: string;
  deleted: boolean;
  assignedInstallerId: number | null;
  requestorInstallerId: number | null;
  durationTenths: number;
  offerStatus: string | null;
  offerStart: Date | null;
  scheduleStart: Date | null;
  existing: {
    workDate: string;
    requestServiceId: number | null;
    dailyWorkTenths: number;
    workStatus: string;
    eventId: string | null;
    locationId: number | null;
  }[];
};

/**
 * The work status the caller's rows should have (convention 20, catalogue §3.4), or null when the lifecycle
 * removed the job from the caller's calendar (deleted, the caller's offer rejected or withdrawn, the work
 * assigned to another installer) or never put it there (an estimate without days).
 */
export function deriveWorkStatus(facts: SyncFacts, installerId: number): WorkStatus | null {
  if (facts.deleted || facts.currentState === 'deleted') return null;
  if (facts.offerStatus === 'rejected' || facts.offerStatus === 'deleted') return null;
  const performer = facts.assignedInstallerId ?? facts.requestorInstallerId;
  if (facts.assignedInstallerId !== null && facts.assignedInstallerId !== installerId) return null;
  switch (facts.currentState) {
    case 'started':
      return 'started';
    case 'finished':
    case 'collected':
    case 'reviewed':
      return 'finished';
    case 'scheduled':
    case 'received':
      return performer === installerId ? 'booked' : null;
    case 'answered':
      return facts.offerStatus === 'accepted' ? 'pending' : null;
    default: {
      // new: a draft (an estimate, or a job sent back by RESCHEDULE) or a pending offer keeps its days.
      const kept = facts.existing[0]?.workStatus;
      return kept === 'draft' || kept === 'pending' ? kept : null;
    }
  }
}

export function createCalendarSync(db: Db) {
  const lifecycle = createLifecycleRepository();
  async function loadFacts(tx: Tx, requestId: number, installerId: number): Promise<SyncFacts | null> {
    const [request] = await tx
      .select({
        ...pickColumns(
          serviceRequests,
          'currentState',
          'deletedAt',
          'assignedInstallerId',
          'requestorInstallerId',
          'durationTenths',
          'vehicleYear',
          'vehicleMake',
          'vehicleModel',
          'serviceRequested',
        ),
        linkedCalendarId: sql<string | null>`(select i.calendar_id from ${installers} i
          where i.id = ${installerId} and i.calendar_authenticated)`,
        offerStatus: sql<string | null>`(select o.current_status from ${requestOffers} o
          where o.request_id = ${requestId} and o.installer_id = ${installerId})`,
        offerStart: sql<Date | null>`(select o.start_date from ${requestOffers} o
          where o.request_id = ${requestId} and o.installer_id = ${installerId})`,
        scheduleStart: sql<Date | null>`(select s.start_date from ${requestSchedules} s
          where s.request_id = ${requestId} and s.installer_id = ${installerId})`,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, requestId))
      .for('update');
    if (!request) return null;
    const existing = await tx
      .select(
        pickColumns(
          calendarDays,
          'workDate',
          'requestServiceId',
          'dailyWorkTenths',
          'workStatus',
          'eventId',
          'locationId',
        ),
      )
      .from(calendarDays)
      .where(and(eq(calendarDays.requestId, requestId), eq(calendarDays.installerId, installerId)))
      .orderBy(asc(calendarDays.workDate), asc(calendarDays.id));
    const mine =
      request.requestorInstallerId === installerId ||
      request.assignedInstallerId === installerId ||
      request.offerStatus !== null ||
      existing.length > 0;
    if (!mine) return null;
    const toDate = (v: Date | string | null) => (v == null ? null : new Date(v));
    return {
      request: {
        id: requestId,
        vehicleYear: request.vehicleYear,
        vehicleMake: request.vehicleMake,
        vehicleModel: request.vehicleModel,
        serviceRequested: request.serviceRequested,
      },
      linkedCalendarId: request.linkedCalendarId,
      currentState: request.currentState,
      deleted: request.deletedAt !== null,
      assignedInstallerId: request.assignedInstallerId,
      requestorInstallerId: request.requestorInstallerId,
      durationTenths: request.durationTenths,
      offerStatus: request.offerStatus,
      offerStart: toDate(request.offerStart),
      scheduleStart: toDate(request.scheduleStart),
      existing,
    };
  }

  /** The rows the request should have on the caller's calendar (null: leave them, no date to plan from). */
  async function planRows(tx: Tx, requestId: number, facts: SyncFacts, status: WorkStatus) {
    const start = facts.scheduleStart
      ? toIsoDate(facts.scheduleStart)
      : facts.offerStart
        ? toIsoDate(facts.offerStart)
        : (facts.existing[0]?.workDate ?? null);
    if (!start) return null;
    const lines = await tx
      .select(pickColumns(requestServices, 'id', 'durationTenths', 'position'))
      .from(requestServices)
      .where(eq(requestServices.requestId, requestId));
    const eventId = facts.existing.find((d) => d.eventId)?.eventId ?? null;
    return planCalendarDays(lines, facts.durationTenths, start).map((day) => ({
      ...day,
      workStatus: status,
      eventId,
    }));
  }

  const keyOf = (d: {
    workDate: string;
    requestServiceId: number | null;
    dailyWorkTenths: number;
    workStatus: string;
  }) => `${d.workDate}|${d.requestServiceId}|${d.dailyWorkTenths}|${d.workStatus}`;
  const sameRows = (a: readonly Parameters<typeof keyOf>[0][], b: readonly Parameters<typeof keyOf>[0][]) =>
    a.length === b.length && a.map(keyOf).sort().join(',') === b.map(keyOf).sort().join(',');

  async function firstLocationId(tx: Tx, installerId: number): Promise<number | null> {
    const [row] = await tx
      .select({ id: installerLocations.id })
      .from(installerLocations)
      .where(eq(installerLocations.installerId, installerId))
      .orderBy(asc(installerLocations.id))
      .limit(1);
    return row?.id ?? null;
  }

  async function deleteRows(tx: Db | Tx, requestId: number, installerId: number): Promise<number> {
    const gone = await tx
      .delete(calendarDays)
      .where(and(eq(calendarDays.requestId, requestId), eq(calendarDays.installerId, installerId)))
      .returning({ id: calendarDays.id });
    return gone.length;
  }

  /**
   * Queues the removal of the events the caller's rows carried (once per set of events: a repeated
   * call finds the rows gone or their ids cleared, and queues nothing).
   */
  async function removeEvents(tx: Tx, requestId: number, installerId: number, facts: SyncFacts) {
    const eventIds = [...new Set(facts.existing.flatMap((d) => (d.eventId ? [d.eventId] : [])))].sort();
    if (eventIds.length === 0) return;
    await enqueueAppointmentRemovals(
      tx,
      lifecycle,
      requestId,
      eventIds.map((eventId) => ({ installerId, eventId })),
      `sync:${eventIds.join(',')}`,
    );
  }

  /** Removes the caller's rows of the request: the reply of a job no longer on its calendar. */
  async function removeRows(
    tx: Tx,
    requestId: number,
    installerId: number,
    facts: SyncFacts,
  ): Promise<TCalendarSyncReply> {
    const removed = await deleteRows(tx, requestId, installerId);
    await removeEvents(tx, requestId, installerId, facts);
    return { success: true, requestId, workStatus: null, rows: 0, changed: removed > 0 };
  }

  /** Runs `work` on the caller's facts about the request in one transaction (installers only; else 404). */
  function withFacts(
    auth: AuthContext,
    requestId: number,
    work: (tx: Tx, facts: SyncFacts, installerId: number) => Promise<TCalendarSyncReply>,
  ): Promise<TCalendarSyncReply> {
    if (auth.userType !== 'installer') throw new AppError('FORBIDDEN', 'Only installers keep a calendar');
    const installerId = auth.companyId;
    return db.transaction(async (tx) => {
      const facts = await loadFacts(tx, requestId, installerId);
      if (!facts) throw new AppError('NOT_FOUND', `Request ${requestId} not found`);
      return work(tx, facts, installerId);
    });
  }

  return {
    /** Rows 61 and 62: the caller's rows follow the request's state and schedule. */
    syncRequest(auth: AuthContext, requestId: number): Promise<TCalendarSyncReply> {
      return withFacts(auth, requestId, async (tx, facts, installerId) => {
        const status = deriveWorkStatus(facts, installerId);
        if (status === null) return removeRows(tx, requestId, installerId, facts);
        const planned = await planRows(tx, requestId, facts, status);
        if (planned === null || sameRows(planned, facts.existing)) {
          return {
            success: true,
            requestId,
            workStatus: status,
            rows: facts.existing.length,
            changed: false,
          };
        }
        const locationId = facts.existing[0]?.locationId ?? (await firstLocationId(tx, installerId));
        const now = new Date();
        // The appointment stays where the days stay (a status change on the same days keeps it); days that
        // move take it with them: the old event goes and booked or started work gets one on the new days.
        const days = listPlannedWorkDates(planned);
        const moved = days.join() !== [...new Set(facts.existing.map((d) => d.workDate))].join();
        const keepsEvent = !moved && status !== 'draft' && status !== 'pending';
        if (!keepsEvent) {
          await removeEvents(tx, requestId, installerId, facts);
          for (const day of planned) day.eventId = null;
        }
        if (moved && (status === 'booked' || status === 'started') && facts.linkedCalendarId) {
          await enqueueAppointmentAdd(tx, {
            request: facts.request,
            installerId,
            calendarId: facts.linkedCalendarId,
            startDate: days[0]!,
            durationDays: days.length,
          });
        }
        await deleteRows(tx, requestId, installerId);
        await tx.insert(calendarDays).values(
          planned.map((day) => ({
            requestId,
            installerId,
            locationId,
            requestServiceId: day.requestServiceId,
            workDate: day.workDate,
            dailyWorkTenths: day.dailyWorkTenths,
            workStatus: day.workStatus,
            eventId: day.eventId,
            createdAt: now,
            updatedAt: now,
          })),
        );
        return { success: true, requestId, workStatus: status, rows: planned.length, changed: true };
      });
    },

    /** Row 63: only a job the lifecycle removed from the caller's calendar loses its rows; else 409. */
    removeRequest(auth: AuthContext, requestId: number): Promise<TCalendarSyncReply> {
      return withFacts(auth, requestId, async (tx, facts, installerId) => {
        if (deriveWorkStatus(facts, installerId) !== null) {
          throw new AppError('CONFLICT', calendarMessages.stillScheduled(requestId, facts.currentState));
        }
        return removeRows(tx, requestId, installerId, facts);
      });
    },
  };
}
export type CalendarSync = ReturnType<typeof createCalendarSync>;
