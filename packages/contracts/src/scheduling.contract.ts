import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZDayInput } from './wire-dates.contract';

/**
 * Availability, schedule and transfer candidates (catalogue rows 48–52; decisions 5, 6, 28).
 *
 * Capacity model (decision 28): a location works `capacity` job-days per calendar day (the installer's first
 * location's capacity when set, else the installer's, default 8); a job occupies one unit on each day of its
 * duration. Calendar days booked, pending or started block capacity; draft ones do not but are reported as
 * conflicts by the 001 call. Look-ups cover 60 days from the date asked (never before today, UTC).
 */
export const schedulingPaths = {
  /** Row 48 (000 shape). */
  availability: '/availability/:installerId/:requestId',
  /** Row 49 (001 shape). */
  availabilitySummary: '/availability/:installerId',
  /** Rows 50 and 51 (decision 6: both set the schedule). */
  schedule: '/schedule/',
  /** Row 52. */
  installerGroup: '/installerGroup/:installerId',
  /** Row 64 (001 shape): the booked days and blocked days of the installer wizard's drop-off picker. */
  installerCalendars: '/installerCalendars/:installerId',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
const ZIsoDay = z.string().describe('YYYY-MM-DD');

export const ZAvailabilityParams = z.object({ installerId: ZDbId, requestId: ZDbId });
export const ZAvailabilityQuery = z.object({
  /** The start day asked about; omitted = today. A day before today is read as today. */
  checkDate: ZDayInput.optional(),
});
export type TAvailabilityQuery = z.infer<typeof ZAvailabilityQuery>;

/** GET /availability/{installerId}/{requestId}?checkDate (000 §3). */
export const ZAvailabilityReply = z.object({
  /** First day from checkDate (within 60 days) on which the whole job fits, or null. */
  nextStart: ZIsoDay.nullable(),
  /** The job fits when started on checkDate. */
  canFit: z.boolean(),
  /** Job-days already booked on the days the job would occupy from checkDate. */
  totalJobDays: z.number().int(),
  /** Free units on those days (capacity − load, never below 0, summed). */
  availableSlots: z.number().int(),
  /** Other requests booked on those days. */
  existingJobs: z.number().int(),
});
export type TAvailabilityReply = z.infer<typeof ZAvailabilityReply>;

export const ZAvailabilitySummaryParams = z.object({ installerId: ZDbId });
export const ZAvailabilitySummaryQuery = z.object({
  /** Days of the job: the sum of the service durations (default 1 each). */
  duration: z.coerce.number().positive().max(365).default(1),
  checkDate: ZDayInput.optional(),
  /** The job's due date, for meetsDeadline and the capacity warning (ours; omitted = no deadline). */
  dueDate: ZDayInput.optional(),
});
export type TAvailabilitySummaryQuery = z.infer<typeof ZAvailabilitySummaryQuery>;

/** GET /availability/{installerId}?duration[&checkDate] (001 §3, §9). */
export const ZAvailabilitySummaryReply = z.object({
  nextStart: ZIsoDay.nullable(),
  requestedDate: ZIsoDay,
  meetsDeadline: z.boolean(),
  /** 'May need to work over normal capacity', or null. */
  warning: z.string().nullable(),
  draftConflicts: z.array(z.object({ requestId: z.number().int(), workDate: ZIsoDay, endDate: ZIsoDay })),
});
export type TAvailabilitySummaryReply = z.infer<typeof ZAvailabilitySummaryReply>;

/** PUT|POST /schedule/ (installerId, requestId, installerCapacity, startDate). */
export const ZScheduleBody = z.strictObject({
  installerId: ZDbId,
  requestId: ZDbId,
  /** Job-days per day; omitted = the location's (or installer's) capacity. */
  installerCapacity: z.coerce.number().int().positive().max(1000).nullable().optional(),
  startDate: ZDayInput,
});
export type TScheduleBody = z.infer<typeof ZScheduleBody>;

export const ZScheduleReply = z.object({
  success: z.literal(true),
  requestId: z.number().int(),
  installerId: z.number().int(),
  installerCapacity: z.number().int(),
  startDate: ZIsoDay,
  endDate: ZIsoDay,
  dueDate: ZIsoDay.nullable(),
  /** Calendar days of the job now (moved, or created for a booked job that had none). */
  calendarDays: z.number().int(),
  version: z.number().int(),
});
export type TScheduleReply = z.infer<typeof ZScheduleReply>;

export const ZInstallerGroupParams = z.object({ installerId: ZDbId });

/** Transfer candidates: the other locations of the caller's installer group ([] without a group). */
export const ZInstallerGroupReply = z.array(
  z.object({ Installer_id: z.number().int(), Installer_Name: z.string() }),
);
export type TInstallerGroupReply = z.infer<typeof ZInstallerGroupReply>;

export const ZInstallerCalendarParams = z.object({ installerId: ZDbId });

/**
 * GET /installerCalendars/{installerId} (row 64, 001 §3, §9; K62): one row per day that has any booking,
 * from today (UTC) through today + 60 days, sorted by workDate. Days without bookings are not listed (free).
 * The wizard disables a blocked day; its earliest drop-off date is tomorrow (K61) regardless of this list.
 */
export const ZInstallerCalendarDay = z.object({
  workDate: ZIsoDay,
  /** Capacity units booked that day: jobs booked, pending or started covering that day (one per job and day). */
  capacity: z.number().int(),
  /** The location's capacity per day (job-days per day), default 8. */
  installerCapacity: z.number().int(),
  /** capacity >= 2 × installerCapacity, or a day the installer closed: it cannot be picked as drop-off date. */
  blocked: z.boolean(),
  /** Present (true) only on a day the installer closed (row 66, GET /installerBlockedCalendars/{id}). */
  closed: z.literal(true).optional(),
});
export type TInstallerCalendarDay = z.infer<typeof ZInstallerCalendarDay>;

export const ZInstallerCalendarDays = z.array(ZInstallerCalendarDay);
export type TInstallerCalendarDays = z.infer<typeof ZInstallerCalendarDays>;

const tags = ['scheduling'] as const;

/** PUT and POST /schedule/ (decision 6: both set the schedule); one descriptor per method. */
function scheduleCall<const M extends 'PUT' | 'POST'>(method: M, operationId: string) {
  return defineCall({
    operationId,
    method,
    path: schedulingPaths.schedule,
    body: ZScheduleBody,
    reply: ZScheduleReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
    access: { effect: 'write', roles: ['installer'] },
    summary: `Set the schedule of a job (${method}; decision 6: PUT and POST do the same)`,
    description:
      'installerId is the caller, doing the work. The start date follows the start-date picker (earliest today; dealer work ends by its due date; installer work up to 30 days past due). The job’s calendar days move with it (keeping their status); a booked job without days gets them; installer-type due date = end date. Allowed while new, scheduled or received.',
    tags,
  });
}

/** Availability, schedule and installer calendars (catalogue rows 48–52, 64); decision 008. */
export const schedulingCalls = {
  availability: defineCall({
    operationId: 'getInstallerAvailability',
    method: 'GET',
    path: schedulingPaths.availability,
    params: ZAvailabilityParams,
    query: ZAvailabilityQuery,
    reply: ZAvailabilityReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Can the installer fit this job from checkDate (000 shape)?',
    description:
      'For the installer itself (its offers, estimates and jobs) or the requesting dealer (an installer that answered its request). The request’s own calendar days do not count against it.',
    tags,
  }),
  availabilitySummary: defineCall({
    operationId: 'getAvailabilitySummary',
    method: 'GET',
    path: schedulingPaths.availabilitySummary,
    params: ZAvailabilitySummaryParams,
    query: ZAvailabilitySummaryQuery,
    reply: ZAvailabilitySummaryReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Availability banner of the installer wizard (001 shape)',
    description:
      'duration = the sum of the service durations in days (default 1). Without checkDate the requested date is the first day the job fits. warning is "May need to work over normal capacity" when no start up to the due date fits; draftConflicts lists draft jobs on the requested days.',
    tags,
  }),
  setSchedule: scheduleCall('PUT', 'setSchedule'),
  setSchedulePost: scheduleCall('POST', 'setSchedulePost'),
  installerGroup: defineCall({
    operationId: 'listInstallerGroup',
    method: 'GET',
    path: schedulingPaths.installerGroup,
    params: ZInstallerGroupParams,
    reply: ZInstallerGroupReply,
    errors: [],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Transfer candidates: the other locations of the caller’s installer group',
    description: 'An empty list gives the client’s "No specialists available for transfer."',
    tags,
  }),
  installerCalendars: defineCall({
    operationId: 'listInstallerCalendarDays',
    method: 'GET',
    path: schedulingPaths.installerCalendars,
    params: ZInstallerCalendarParams,
    reply: ZInstallerCalendarDays,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Booked and blocked days of the installer wizard’s drop-off picker (row 64, 001 shape)',
    description:
      'One row per day with any booking or closed by the installer (row 66), from today (UTC) through today + 60 days, in date order: capacity = units booked (jobs booked, pending or started covering the day, one per job), installerCapacity = the location’s capacity per day (default 8), blocked = capacity ≥ 2 × installerCapacity or closed (closed: true; such a drop-off date is refused with 409 at creation). For the installer itself, another location of its installer group or a company granted to the user (ASSIST may read); 404 otherwise.',
    tags,
  }),
};
