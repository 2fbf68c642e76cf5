/** What the lifecycle queues for delivery after commit: booking e-mails and calendar appointments. */
import type { IsoDate } from '@app/domain/scheduling/dates';
import type { Db, Tx } from '../../db/client';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { Loaded } from './lifecycle.context';
import { appointmentText, bookingEmail, describeVehicle, type VehicleLike } from './lifecycle.messages';
import type { CalendarEvent, LifecycleRepository, RequestRow } from './lifecycle.repository';

export function isDealerWork(row: RequestRow): boolean {
  return row.requestType === 'dealer' || row.dealerId !== null;
}

/** The booking e-mail to the dealership (dealer work) or the customer; keyed by the request version. */
export async function enqueueBookingEmail(
  tx: Db | Tx,
  loaded: Loaded,
  input: { installerName: string; schedule: { startDate: IsoDate; endDate: IsoDate }; version: number },
): Promise<boolean> {
  const { row } = loaded;
  const recipient = isDealerWork(row) ? loaded.dealer : loaded.customer;
  if (!recipient?.email) return false;
  await enqueueOutbox(tx, {
    channel: 'email',
    kind: 'booking-confirmation',
    payload: {
      to: recipient.email,
      ...bookingEmail({
        requestId: row.id,
        installerName: input.installerName,
        vehicle: describeVehicle(row),
        startDate: input.schedule.startDate,
        endDate: input.schedule.endDate,
        recipientName: recipient.name,
      }),
    },
    requestId: row.id,
    dedupeKey: `booking-email:${row.id}:v${input.version}`,
  });
  return true;
}

export async function enqueueAppointmentRemovals(
  tx: Db | Tx,
  repo: LifecycleRepository,
  requestId: number,
  events: CalendarEvent[],
  /** Tells this change's removal from another's: `v<request version>` for the lifecycle's writers. */
  dedupeTag: string,
): Promise<void> {
  const byInstaller = new Map<number, Set<string>>();
  for (const { installerId, eventId } of events) {
    const set = byInstaller.get(installerId) ?? new Set<string>();
    set.add(eventId);
    byInstaller.set(installerId, set);
  }
  for (const [installerId, eventIds] of byInstaller) {
    const installer = await repo.findInstaller(tx, installerId);
    await enqueueOutbox(tx, {
      channel: 'calendar',
      kind: 'remove-appointments',
      payload: {
        requestId,
        installerId,
        calendarId: installer?.calendarId ?? null,
        eventIds: [...eventIds],
      },
      requestId,
      dedupeKey: `calendar-remove:${requestId}:${dedupeTag}:${installerId}`,
    });
  }
}

/**
 * Queues the job's appointment on the installer's connected calendar (delivered by
 * lifecycle.calendar-handlers.ts, which skips it if the job no longer has booked or started days).
 */
export async function enqueueAppointmentAdd(
  tx: Db | Tx,
  input: {
    request: VehicleLike & { id: number; serviceRequested: string };
    installerId: number;
    calendarId: string;
    startDate: string;
    durationDays: number;
    /**
     * The request's version after the lifecycle change that queues the add: one add per change
     * (`calendar-add:<request>:v<version>`). None for a change that is not versioned (the calendar sync).
     */
    version?: number;
  },
): Promise<void> {
  const { request } = input;
  await enqueueOutbox(tx, {
    channel: 'calendar',
    kind: 'add-appointment',
    payload: {
      requestId: request.id,
      installerId: input.installerId,
      calendarId: input.calendarId,
      startDate: input.startDate,
      durationDays: input.durationDays,
      ...appointmentText({
        requestId: request.id,
        vehicle: describeVehicle(request),
        serviceRequested: request.serviceRequested,
      }),
    },
    requestId: request.id,
    ...(input.version === undefined ? {} : { dedupeKey: `calendar-add:${request.id}:v${input.version}` }),
  });
}
