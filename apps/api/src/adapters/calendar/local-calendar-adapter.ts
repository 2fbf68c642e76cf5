import { randomBytes } from 'node:crypto';
import { addDays } from '@app/domain/scheduling/dates';
import type { CalendarPort, ExternalCalendar, StoredAppointment } from './calendar-port';

/** The calendars the offline account offers to pick from (002 §2.5 'Select Your Business Calendar'). */
export const LOCAL_CALENDARS: readonly ExternalCalendar[] = [
  { id: 'shop@calendar.local', name: 'Shop Calendar', primary: true },
  { id: 'installs@calendar.local', name: 'Installs & Deliveries', primary: false },
];

/**
 * Offline calendar: no external service, so the screen's flows work on the embedded default (issue 12).
 * Connecting "authorises" at once: the authorisation URL is the return path itself with a one-off code,
 * and the account offers LOCAL_CALENDARS. An appointment's id is derived from its idempotency key, so a
 * retried add returns the same id; appointments are kept in memory (readAppt shows them until a restart).
 * `calls` keeps the last 200 requests, for tests and debugging.
 */
export function createLocalCalendarAdapter(): CalendarPort & {
  calls: { op: 'add' | 'remove'; eventId: string }[];
} {
  const calls: { op: 'add' | 'remove'; eventId: string }[] = [];
  const held = new Map<string, StoredAppointment>();
  const record = (op: 'add' | 'remove', eventId: string) => {
    calls.push({ op, eventId });
    if (calls.length > 200) calls.shift();
  };
  return {
    kind: 'local',
    calls,
    authorizationUrl({ state, redirectUri }) {
      const url = new URL(redirectUri);
      url.searchParams.set('code', `local-${randomBytes(12).toString('base64url')}`);
      url.searchParams.set('state', state);
      // Relative: the browser stays on the origin it is signed in on, whatever PUBLIC_URL says.
      return `${url.pathname}${url.search}`;
    },
    async exchangeCode({ code }) {
      return { refreshToken: `local-grant-${code}` };
    },
    async listCalendars() {
      return LOCAL_CALENDARS.map((c) => ({ ...c }));
    },
    async addAppointment(appointment) {
      const eventId = `local-${appointment.idempotencyKey}`;
      record('add', eventId);
      held.set(`${appointment.calendarId}\u0000${eventId}`, {
        id: eventId,
        summary: appointment.summary,
        description: appointment.description,
        startDate: appointment.startDate,
        endDate: addDays(appointment.startDate, appointment.durationDays),
        status: 'confirmed',
        colorId: appointment.colorId ?? null,
        htmlLink: null,
      });
      if (held.size > 5_000) held.delete(held.keys().next().value as string);
      return { eventId };
    },
    async getAppointment({ calendarId, eventId }) {
      return held.get(`${calendarId}\u0000${eventId}`) ?? null;
    },
    async removeAppointment({ calendarId, eventId }) {
      record('remove', eventId);
      held.delete(`${calendarId ?? ''}\u0000${eventId}`);
    },
    async revoke() {},
  };
}
