/**
 * The installer's external calendar (000 §7 Calendar: addAppt / delAppt; 002 calendar link). The lifecycle
 * queues appointment changes in the outbox (channel 'calendar'); the outbox handler calls this port and
 * keeps the returned event id on the job's calendar days (calendar_days.event_id: present = synced).
 *
 * Implementations must be idempotent per `idempotencyKey` (an outbox item may run twice after a crash):
 * adding with the same key returns the same event, removing an event that is gone succeeds.
 */
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
};

export type CalendarPort = {
  readonly kind: 'local' | 'google';
  addAppointment(appointment: CalendarAppointment): Promise<{ eventId: string }>;
  removeAppointment(input: { calendarId: string | null; eventId: string }): Promise<void>;
};
