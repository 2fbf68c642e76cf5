import { z } from 'zod';
import type { CalendarPort } from '../../adapters/calendar/calendar-port';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import type { Db } from '../../db/client';
import type { CalendarLinks } from '../calendar-link/calendar-link.links';
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
 * Calendar appointments of the lifecycle, delivered by the outbox (channel 'calendar'), on the calendar the
 * installer is connected to when the item is delivered (its grant included):
 * - add-appointment: adds the job to the installer's calendar and keeps the event id on the job's booked or
 *   started calendar days (skipped when the job was rescheduled or deleted before delivery, or when the
 *   calendar is no longer linked: the days then keep no event id and the job still needs sync);
 * - remove-appointments: removes the events and clears their ids from the days that are left.
 * Both are idempotent: the port derives the event from the outbox item id, and the id writes are conditional.
 * Failures (`links.deliveryFailure`): an expired grant unlinks the calendar and the item stops at once; an
 * unavailable service is retried with backoff.
 */
export function registerCalendarOutboxHandlers(
  registerHandler: RegisterOutboxHandler,
  {
    db,
    repository,
    calendar,
    links,
  }: {
    db: Db;
    repository: Pick<
      LifecycleRepository,
      'hasAppointableDays' | 'setCalendarEventId' | 'clearCalendarEventIds'
    >;
    calendar: CalendarPort;
    links: Pick<CalendarLinks, 'resolve' | 'deliveryFailure' | 'eventOf'>;
  },
): void {
  registerHandler('calendar', 'add-appointment', async (item) => {
    const payload = parse(ZAddAppointment, item);
    if (!(await repository.hasAppointableDays(db, payload.requestId, payload.installerId))) return;
    if (await links.eventOf(payload.requestId, payload.installerId)) return;
    const link = await links.resolve(payload.installerId);
    if (!link) return;
    let eventId: string;
    try {
      ({ eventId } = await calendar.addAppointment({
        ...payload,
        calendarId: link.calendarId,
        credentials: link.credentials,
        idempotencyKey: `outbox-${item.id}`,
      }));
    } catch (error) {
      throw await links.deliveryFailure(payload.installerId, error);
    }
    await repository.setCalendarEventId(db, payload.requestId, payload.installerId, eventId);
  });

  registerHandler('calendar', 'remove-appointments', async (item) => {
    const payload = parse(ZRemoveAppointments, item);
    const link = await links.resolve(payload.installerId);
    // Not linked any more: nothing can be removed there; the ids are forgotten with the days.
    if (link) {
      for (const eventId of payload.eventIds) {
        try {
          await calendar.removeAppointment({
            calendarId: payload.calendarId ?? link.calendarId,
            eventId,
            credentials: link.credentials,
          });
        } catch (error) {
          throw await links.deliveryFailure(payload.installerId, error);
        }
      }
    }
    await repository.clearCalendarEventIds(db, payload.requestId, payload.eventIds);
  });
}
