import type { CalendarPort } from './calendar-port';

/**
 * Offline calendar: no external service. An appointment's id is derived from its idempotency key, so a
 * retried add returns the same id; the only record kept is the event id on the job's calendar days (the
 * product has no appointments table). `calls` keeps the last 200 requests, for tests and debugging.
 */
export function createLocalCalendarAdapter(): CalendarPort & {
  calls: { op: 'add' | 'remove'; eventId: string }[];
} {
  const calls: { op: 'add' | 'remove'; eventId: string }[] = [];
  const record = (op: 'add' | 'remove', eventId: string) => {
    calls.push({ op, eventId });
    if (calls.length > 200) calls.shift();
  };
  return {
    kind: 'local',
    calls,
    async addAppointment(appointment) {
      const eventId = `local-${appointment.idempotencyKey}`;
      record('add', eventId);
      return { eventId };
    },
    async removeAppointment({ eventId }) {
      record('remove', eventId);
    },
  };
}
