import { z } from 'zod';
import type { CalendarPort } from '../../adapters/calendar/calendar-port';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import type { Db } from '../../db/client';
import type { OutboxDelivery, RegisterOutboxHandler } from '../outbox/outbox-handlers';
import type { LifecycleRepository } from './lifecycle.repository';

const ZAddAppointment = z.object({
  requestId: z.number().int(),
  installerId: z.number().int(),
  calendarId: z.string().min(1),
  startDate: z.string(),
  durationDays: z.number().int().positive(),
  summary: z.string(),
  description: z.string(),
});

const ZRemoveAppointments = z.object({
  requestId: z.number().int(),
  installerId: z.number().int(),
  calendarId: z.string().nullable(),
  eventIds: z.array(z.string()),
});

function parse<T>(schema: z.ZodType<T>, item: OutboxDelivery): T {
  const parsed = schema.safeParse(item.payload);
  if (!parsed.success) {
    throw new PermanentDeliveryError(`Outbox item ${item.id} (calendar/${item.kind}) has an invalid payload`);
  }
  return parsed.data;
}

/**
 * Calendar appointments of the lifecycle, delivered by the outbox (channel 'calendar'):
 * - add-appointment: adds the job to the installer's calendar and keeps the event id on the job's booked or
 *   started calendar days (skipped when the job was rescheduled or deleted before delivery);
 * - remove-appointments: removes the events and clears their ids from the days that are left.
 * Both are idempotent: the port derives the event from the outbox item id, and the id writes are conditional.
 */
export function registerCalendarOutboxHandlers(
  registerHandler: RegisterOutboxHandler,
  {
    db,
    repository,
    calendar,
  }: {
    db: Db;
    repository: Pick<
      LifecycleRepository,
      'hasAppointableDays' | 'setCalendarEventId' | 'clearCalendarEventIds'
    >;
    calendar: CalendarPort;
  },
): void {
  registerHandler('calendar', 'add-appointment', async (item) => {
    const payload = parse(ZAddAppointment, item);
    if (!(await repository.hasAppointableDays(db, payload.requestId, payload.installerId))) return;
    const { eventId } = await calendar.addAppointment({ ...payload, idempotencyKey: `outbox-${item.id}` });
    await repository.setCalendarEventId(db, payload.requestId, payload.installerId, eventId);
  });

  registerHandler('calendar', 'remove-appointments', async (item) => {
    const payload = parse(ZRemoveAppointments, item);
    for (const eventId of payload.eventIds) {
      await calendar.removeAppointment({ calendarId: payload.calendarId, eventId });
    }
    await repository.clearCalendarEventIds(db, payload.requestId, payload.eventIds);
  });
}
