/**
 * The installer's external calendar (000 §7 Calendar: addAppt / delAppt / readAppt; 002 calendar link;
 * docs/decisions/026-calendar-link.md). Connecting is OAuth-shaped for both adapters: an authorisation URL,
 * then a code exchanged for a refresh token (kept encrypted by the calendar-link module), then the account's
 * calendars to pick one from. The lifecycle queues appointment changes in the outbox (channel 'calendar');
 * the outbox handler calls this port with the installer's credentials and keeps the returned event id on the
 * job's calendar days (calendar_days.event_id: present = synced).
 *
 * Implementations must be idempotent per `idempotencyKey` (an outbox item may run twice after a crash):
 * adding with the same key returns the same event, removing an event that is gone succeeds.
 *
 * Failures: `CalendarAuthError` (the grant is revoked or expired: reconnecting is the only cure),
 * `CalendarUnavailableError` (the service is down or slow: retry later), `CalendarRequestError` (refused).
 */
export type CalendarCredentials = { refreshToken: string };

/** One calendar of the account (002 §3 external calendar item). */
export type ExternalCalendar = { id: string; name: string; primary: boolean };

export type CalendarAppointment = {
  /** The installer's calendar (installers.calendar_id). */
  calendarId: string;
  requestId: number;
  installerId: number;
  summary: string;
  description: string;
  /** First work day, 'YYYY-MM-DD'. */
  startDate: string;
  /** Whole days (an all-day appointment over the job's days). */
  durationDays: number;
  idempotencyKey: string;
  /** The account's grant; null for a link made without one (the local adapter needs none). */
  credentials?: CalendarCredentials | null;
  /** Google's event colour ('6' in bulk sync, 002 §9). */
  colorId?: string;
};

/** An appointment as the external calendar holds it (GET /readAppt). */
export type StoredAppointment = {
  id: string;
  summary: string;
  description: string;
  /** First day, 'YYYY-MM-DD'. */
  startDate: string;
  /** Day after the last day (exclusive, as all-day events are written), 'YYYY-MM-DD'. */
  endDate: string;
  status: string;
  colorId: string | null;
  htmlLink: string | null;
};

export type CalendarPort = {
  readonly kind: 'local' | 'google';
  /** Where the user grants access; `state` comes back unchanged to `redirectUri`. */
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  /** The code of the return from authorisation → the long-lived grant. */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<CalendarCredentials>;
  listCalendars(credentials: CalendarCredentials | null): Promise<ExternalCalendar[]>;
  addAppointment(appointment: CalendarAppointment): Promise<{ eventId: string }>;
  getAppointment(input: {
    calendarId: string;
    eventId: string;
    credentials?: CalendarCredentials | null;
  }): Promise<StoredAppointment | null>;
  removeAppointment(input: {
    calendarId: string | null;
    eventId: string;
    credentials?: CalendarCredentials | null;
  }): Promise<void>;
  /** Revokes the grant (disconnect). A grant already gone is not an error. */
  revoke(credentials: CalendarCredentials): Promise<void>;
};

/** The grant is revoked or expired (a 401, or `invalid_grant` from the token endpoint): reconnect. */
export class CalendarAuthError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CalendarAuthError';
  }
}

/** The calendar service is down, slow or throttling: the same call may work later. */
export class CalendarUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CalendarUnavailableError';
  }
}

/** The calendar service refused the call (not found, bad input): retrying will not help. */
export class CalendarRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CalendarRequestError';
  }
}
