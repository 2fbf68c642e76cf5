/** What the lifecycle queues for delivery after commit: booking e-mails and calendar appointment removals. */
import type { IsoDate } from '@app/domain/scheduling/dates';
import type { Db, Tx } from '../../db/client';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { Loaded } from './lifecycle.context';
import { bookingEmail, describeVehicle } from './lifecycle.messages';
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
  version: number,
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
      dedupeKey: `calendar-remove:${requestId}:v${version}:${installerId}`,
    });
  }
}
