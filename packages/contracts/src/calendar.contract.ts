import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZDay } from './financials.contract';
import { schedulingPaths } from './scheduling.contract';

/**
 * The installer's calendar screen (R14, P21; catalogue rows 61–65, §3.4, §5.16; 002 §2.5, §3, §9; conventions
 * 20 and 28; docs/decisions/022-calendar-model.md, its section "The calendar screen's read").
 *
 * GET /dealerCalendars/{installerId}?from&to (row 65) is the screen's one read: the period's calendar entries
 * (one per service line and work day, decision 022) with every field of row 64's calendar entry and what the
 * screen shows, the capacity rows, the blocked days, the overview figures and the calendar link state. Days
 * are 'YYYY-MM-DD' (UTC calendar days, convention 2), both ends included. Money in dollars (2 decimals) and
 * exactly in cents.
 *
 * Rows 61–63 are server-derived (decision 022 item 5): they bring the caller's calendar rows of a request in
 * line with the request's own state and schedule, idempotently; nothing a client sends moves a job.
 */
export const calendarPaths = {
  /** Row 65 (the `{id}` spelling is the same template). */
  period: '/dealerCalendars/:installerId',
  /** Row 61: used when the job's calendar status is booked. */
  progress: '/installerCalendarProgress/:requestId',
  /**
   * Rows 62 (PUT) and 63 (DELETE). The template is GET /installerCalendars/{installerId}'s (row 64), so the
   * parameter keeps that name (OpenAPI); on PUT and DELETE its value is a request id.
   */
  requestDays: schedulingPaths.installerCalendars,
} as const;

export const calendarMessages = {
  loadFailed: 'Failed to load calendar data. Please refresh the page.',
  jobDetailsFailed: 'Error loading job details. Please try again.',
  loadFailedTitle: 'Error Loading Calendar',
  refreshPage: 'Refresh Page',
  empty: 'No scheduled services',
  exportWeekOnly: 'Export is only available in Week view. Please switch to Week view first.',
  /** DELETE of a job the lifecycle still keeps on the calendar (decision 022 item 5). */
  stillScheduled: (requestId: number, state: string) =>
    `Request ${requestId} is still on the calendar (state ${state}); its calendar entries are removed when the job is deleted, rejected or unassigned`,
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
const ZIsoDay = z.string().describe('YYYY-MM-DD');
const ZDollars = z.number().describe('dollars, 2 decimals');
const ZCents = z.number().int().describe('cents');
const ZWorkStatus = z.enum(['draft', 'pending', 'booked', 'started', 'finished']);

export const ZCalendarPeriodParams = z.object({
  installerId: ZDbId.describe("The installer (location)'s id"),
});
export const ZCalendarPeriodQuery = z.object({
  /** First day of the period. */
  from: ZDay,
  /** Last day of the period (included); at most 62 days after `from`. */
  to: ZDay,
});
export type TCalendarPeriodQuery = z.infer<typeof ZCalendarPeriodQuery>;

/**
 * One calendar entry: a service line's work on one day (decision 022). The fields of row 64 / 002 §3 first,
 * then what the screen shows.
 */
export const ZCalendarEntry = z.object({
  requestId: z.number().int(),
  /** The service line (null for a job sent without lines). */
  serviceId: z.number().int().nullable(),
  requestType: z.enum(['dealer', 'installer']),
  workDate: ZIsoDay,
  work_date: ZIsoDay,
  /** The request's due date (UTC day), null when it has none. */
  dueDate: ZIsoDay.nullable(),
  /** The line's duration in days (default 1); a job without lines: the job's. */
  duration: z.number(),
  category: z.string(),
  description: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  /** The dealership of a dealer job (or an installer job done for a dealership), else null. */
  dealerName: z.string().nullable(),
  /** The job's external appointment (present = synced; one per job, decision 022). */
  eventId: z.string().nullable(),
  event_id: z.string().nullable(),
  /** The line's price before discount. */
  serviceAmount: ZDollars,
  serviceDiscount: ZDollars,
  serviceAmountCents: ZCents,
  serviceDiscountCents: ZCents,
  /** The retail customer, when the request has one. */
  customerName: z.string().nullable(),
  workStatus: ZWorkStatus,
  work_status: ZWorkStatus,
  /** The line's work on this day, in days (tenths). */
  dailyWork: z.number(),
  daily_work: z.number(),
  /** The line's number within the job (1-based, in the job's order) and the job's number of lines. */
  serviceNumber: z.number().int(),
  serviceCount: z.number().int(),
  /** The job's first and last work day and its number of work days (all its rows, not only the period's). */
  jobFirstDay: ZIsoDay,
  jobLastDay: ZIsoDay,
  jobDays: z.number().int(),
  /** The job spans more than one day. */
  multiDay: z.boolean(),
  /** The job's duration in days (the request's estimate). */
  jobDuration: z.number(),
  /** The request's state (currentState). */
  requestState: z.string(),
  /** True on the line's first work day: the day its revenue counts on (decision 022, the screen’s read). */
  lineFirstDay: z.boolean(),
});
export type TCalendarEntry = z.infer<typeof ZCalendarEntry>;

/** Every day of the period: the location's capacity and the job-days booked on it (one per job and day). */
export const ZCalendarCapacityRow = z.object({
  workDate: ZIsoDay,
  /** Job-days the location can work per day (default 8). */
  capacity: z.number().int(),
  /** Jobs on the day, other than draft (one unit per job however many of its lines touch it). */
  booked: z.number().int(),
});

export const ZCalendarBlockedDay = z.object({ workDate: ZIsoDay, reason: z.string() });

export const ZCalendarOverview = z.object({
  jobs: z.number().int(),
  jobDays: z.number().int(),
  days: z.number().int(),
  capacityPerDay: z.number().int(),
  capacityUsedPercent: z.number(),
  revenue: ZDollars,
  revenueCents: ZCents,
});

export const ZCalendarPeriodReply = z.object({
  installerId: z.number().int(),
  from: ZIsoDay,
  to: ZIsoDay,
  entries: z.array(ZCalendarEntry),
  capacity: z.array(ZCalendarCapacityRow),
  blockedDays: z.array(ZCalendarBlockedDay),
  overview: ZCalendarOverview,
  /** The installer's external calendar link (002 §3 installer auth record). */
  calendar: z.object({ connected: z.boolean(), calendarId: z.string().nullable() }),
});
export type TCalendarPeriodReply = z.infer<typeof ZCalendarPeriodReply>;

export const ZRequestCalendarParams = z.object({ requestId: ZDbId });
/** Rows 62/63 share row 64's template: the parameter is named installerId but holds the request id. */
export const ZRequestDaysParams = z.object({
  installerId: ZDbId.describe('The request id (the template is shared with GET row 64)'),
});

/** What rows 61–63 did: the caller's calendar rows of the request now. */
export const ZCalendarSyncReply = z.object({
  success: z.literal(true),
  requestId: z.number().int(),
  /** The work status the rows now have, or null when the request has none (removed). */
  workStatus: ZWorkStatus.nullable(),
  /** Rows (service line × day) the request now has on the caller's calendar. */
  rows: z.number().int(),
  /** Whether anything had to change (false: they were already in line; calls are idempotent). */
  changed: z.boolean(),
});
export type TCalendarSyncReply = z.infer<typeof ZCalendarSyncReply>;

const tags = ['calendar'] as const;
const syncDescription =
  'Server-derived (decision 022 item 5): the caller’s calendar rows of the request are brought in line with the request’s own state and schedule — the plan of its schedule (one row per service line and work day), its work status by convention 20 (pending while an accepted offer awaits the dealer, booked once scheduled, started from the first started service, finished when the job completes, draft after a reschedule), keeping the job’s event id. A request the lifecycle removed from the caller’s calendar loses its rows. Idempotent. 404 for a request that is not the caller’s.';

export const calendarCalls = {
  period: defineCall({
    operationId: 'getCalendarPeriod',
    method: 'GET',
    path: calendarPaths.period,
    params: ZCalendarPeriodParams,
    query: ZCalendarPeriodQuery,
    reply: ZCalendarPeriodReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'The calendar screen’s period: entries, capacity, blocked days, overview (row 65)',
    description:
      'from and to are YYYY-MM-DD, both included, at most 62 days apart (400 otherwise). Entries: one per service line and work day in the period, ordered by day, job and service number, with row 64’s fields and the job’s span. Overview (decision 022, the screen’s read): jobs in the period; Capacity Used % = job-days (one per job and day, draft excluded) / (capacity × days); revenue = Σ amount − discount of each line on its first work day. For the installer itself, another location of its installer group or a company granted to the user (ASSIST may read); 404 otherwise. A constant number of queries, whatever the number of jobs.',
    tags,
  }),
  progress: defineCall({
    operationId: 'syncCalendarProgress',
    method: 'PUT',
    path: calendarPaths.progress,
    params: ZRequestCalendarParams,
    reply: ZCalendarSyncReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Bring a booked job’s calendar rows in line with its progress (row 61)',
    description: syncDescription,
    tags,
  }),
  syncRequestDays: defineCall({
    operationId: 'syncRequestCalendarDays',
    method: 'PUT',
    path: calendarPaths.requestDays,
    params: ZRequestDaysParams,
    reply: ZCalendarSyncReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Bring a request’s calendar rows in line with its state and schedule (row 62)',
    description: `${syncDescription} The path parameter is the request id.`,
    tags,
  }),
  removeRequestDays: defineCall({
    operationId: 'removeRequestCalendarDays',
    method: 'DELETE',
    path: calendarPaths.requestDays,
    params: ZRequestDaysParams,
    reply: ZCalendarSyncReply,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Remove a removed job’s calendar rows (row 63)',
    description:
      'Only once the lifecycle removed the job from the caller’s calendar (deleted, the caller’s offer rejected, or the work assigned to another installer): its rows go, idempotently. 409 with a message while the job is still the caller’s. The path parameter is the request id; 404 for a request that is not the caller’s.',
    tags,
  }),
};
