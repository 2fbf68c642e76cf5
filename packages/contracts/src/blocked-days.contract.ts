import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZDayInput } from './wire-dates.contract';

/**
 * Blocked days (catalogue row 66; issue 12; docs/decisions/022, 024): days an installer location closes
 * (holiday, training). Availability, the wizards' drop-off picker (row 64), the creation wizards' bookings,
 * BOOK JOB, /schedule/ and claims refuse them. Days are 'YYYY-MM-DD' (UTC calendar days, convention 2).
 *
 * Access is the calendar's: the installer itself, another location of its installer group, or a company
 * granted to the user; anyone else gets 404. ASSIST may read but not block or unblock (convention 22).
 */
export const blockedDaysPaths = {
  /** Row 66 (GET) and ours (POST: block a day). */
  blockedDays: '/installerBlockedCalendars/:id',
  /** Ours: unblock a day. */
  blockedDay: '/installerBlockedCalendars/:id/:workDate',
} as const;

/** The longest reason kept (the table's check). */
export const BLOCKED_REASON_MAX = 120;
/** The longest period one read may ask for (two years, as financials' large range). */
export const BLOCKED_RANGE_MAX_DAYS = 731;

export const blockedDaysMessages = {
  pastDay: (day: string) => `Cannot block ${day}: the day is in the past.`,
  /** The day has committed work (pending, booked or started jobs): 409 naming them (decision 024). */
  dayHasWork: (day: string, requestIds: readonly number[]) =>
    `Cannot block ${day}: ${requestIds.length === 1 ? 'job' : 'jobs'} ${requestIds.map((id) => `#${id}`).join(', ')} ${requestIds.length === 1 ? 'is' : 'are'} scheduled that day. Reschedule ${requestIds.length === 1 ? 'it' : 'them'} first.`,
  /** A booking, schedule or claim whose work days include a blocked day. */
  bookingOnBlockedDay: (day: string, reason: string) =>
    `The specialist is closed on ${day}${reason ? ` (${reason})` : ''}. Choose another start date.`,
  /** The installer wizard's drop-off date is a blocked day. */
  dropOffOnBlockedDay: (day: string, reason: string) =>
    `Drop-off date ${day} is a closed day${reason ? ` (${reason})` : ''}`,
  rangeTooLong: `The period may span at most ${BLOCKED_RANGE_MAX_DAYS} days`,
  toBeforeFrom: 'to must not be before from',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
const ZIsoDay = z.string().describe('YYYY-MM-DD');

export const ZBlockedDaysParams = z.object({ id: ZDbId.describe("The installer (location)'s id") });
export const ZBlockedDayParams = ZBlockedDaysParams.extend({ workDate: ZDayInput });

export const ZBlockedDaysQuery = z.object({
  /** First day listed; omitted = today (UTC). */
  from: ZDayInput.optional(),
  /** Last day listed; omitted = every blocked day from `from` on. */
  to: ZDayInput.optional(),
});
export type TBlockedDaysQuery = z.infer<typeof ZBlockedDaysQuery>;

/** A blocked day (row 66). `work_date` repeats `workDate` under the table's name (row 57's habit). */
export const ZBlockedDay = z.object({
  installerId: z.number().int(),
  workDate: ZIsoDay,
  work_date: ZIsoDay,
  /** Why the day is closed ('' when not given). */
  reason: z.string(),
  /** When it was blocked (ISO 8601). */
  createdAt: z.string(),
});
export type TBlockedDay = z.infer<typeof ZBlockedDay>;
export const ZBlockedDays = z.array(ZBlockedDay);

export const ZBlockDayBody = z.strictObject({
  workDate: ZDayInput,
  reason: z.string().trim().max(BLOCKED_REASON_MAX).default(''),
});
export type TBlockDayBody = z.input<typeof ZBlockDayBody>;

export const ZUnblockDayReply = z.object({
  success: z.literal(true),
  workDate: ZIsoDay,
  /** False when the day was not blocked (unblocking is idempotent). */
  removed: z.boolean(),
});

const tags = ['calendar'] as const;

export const blockedDaysCalls = {
  list: defineCall({
    operationId: 'listInstallerBlockedDays',
    method: 'GET',
    path: blockedDaysPaths.blockedDays,
    params: ZBlockedDaysParams,
    query: ZBlockedDaysQuery,
    reply: ZBlockedDays,
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'The installer’s blocked (closed) days, from today or in ?from&to (row 66)',
    description:
      'In date order. Without from, from today (UTC); without to, every later blocked day. A period longer than 731 days answers 400. For the installer itself, another location of its group or a granted company; 404 otherwise.',
    tags,
  }),
  block: defineCall({
    operationId: 'blockInstallerDay',
    method: 'POST',
    path: blockedDaysPaths.blockedDays,
    params: ZBlockedDaysParams,
    body: ZBlockDayBody,
    reply: ZBlockedDay,
    status: 201,
    otherStatuses: [200],
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Block a day (holiday, training): no work can be booked on it',
    description:
      '201 when blocked now; 200 when the day was already blocked (the reason is replaced). A day before yesterday (UTC; yesterday is today west of UTC) answers 400. A day with pending, booked or started work answers 409 naming the jobs (reschedule them first); draft estimates do not stop it.',
    tags,
  }),
  unblock: defineCall({
    operationId: 'unblockInstallerDay',
    method: 'DELETE',
    path: blockedDaysPaths.blockedDay,
    params: ZBlockedDayParams,
    reply: ZUnblockDayReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Unblock a day (idempotent: removed is false when it was not blocked)',
    tags,
  }),
};
