import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZUpdateLocationResponse } from './shell.contract';

/**
 * The installer's external calendar (issue 12; catalogue rows 55, 56, 58–60, 67–70, §5.16; 002 §2.5, §4, §7,
 * §9; convention 16; docs/decisions/026-calendar-link.md). Connecting: GET /request or GET
 * /googlecal/auth/{installerId} give the consent URL, whose signed `state` binds the installer and the user;
 * the return (GET /googlecal/callback) stores the grant encrypted and sends the browser to /calendar with the
 * calendars to pick from; POST /googlecal/select or PUT /updateLocation/{id} picks one. Rows 55 and 56 are
 * described in shell.contract.ts (companyCalls) and served by the calendar-link module.
 */
export const calendarLinkPaths = {
  authRequest: '/request',
  auth: '/googlecal/auth/:installerId',
  callback: '/googlecal/callback',
  select: '/googlecal/select',
  disconnect: '/googlecal/disconnect/:installerId',
  connection: '/googlecal/connection/:installerId',
  addAppt: '/addAppt/',
  delAppt: '/delAppt/',
  readAppt: '/readAppt/:requestId',
} as const;

/** Where the browser lands after authorisation (002 §2.5: calendar_selection, calendars, installer_id). */
export const CALENDAR_RETURN_PATH = '/calendar';

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);

/** Verbatim messages (catalogue §5.16, 002 §4 and §8). */
export const calendarLinkMessages = {
  statusFailed: 'Unable to check calendar status.',
  connectFailed: 'Failed to connect calendar. Please try again.',
  optionsFailed: 'Error loading calendar options. Please try again.',
  selectFailed: 'Failed to save calendar selection. Please try again.',
  disconnectFailed: 'Failed to disconnect calendar. Please try again.',
  googleFailed: 'Error connecting to Google Calendar. Please try again.',
  expired: 'Your Google Calendar connection has expired. Please reconnect your calendar and try again.',
  connected: 'Calendar connected successfully',
  disconnected: 'Calendar disconnected successfully',
  allSynced: 'All services are already synced to calendar.',
  connectionExpired: 'Calendar connection expired',
  selectTitle: 'Select Your Business Calendar',
  lifecycleSelectTitle: "Select the Google Calendar to manage this location's appointments",
} as const;

/** Bulk sync (002 §9 K66): 5 at a time, 200 ms after each success, 1 s between groups, colour 6. */
export const BULK_SYNC = { batchSize: 5, pauseAfterSuccessMs: 200, pauseBetweenGroupsMs: 1000, colorId: '6' };

/** One calendar of the account (002 §3 external calendar item). */
export const ZExternalCalendar = z.object({ id: z.string(), name: z.string(), primary: z.boolean() });
export type TExternalCalendar = z.infer<typeof ZExternalCalendar>;

export const ZInstallerIdParams = z.object({ installerId: ZDbId });
export const ZRequestIdParams = z.object({ requestId: ZDbId });

export const ZAuthUrlReply = z.object({ url: z.string(), provider: z.enum(['google', 'local']) });

export const ZCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2048).optional(),
});
export const ZCallbackReply = z.object({ location: z.string() });

export const ZSelectBody = z.object({
  installerId: ZDbId,
  calendarId: z.string().trim().min(1, 'calendarId is required').max(300),
});

/** Where the installer's link stands (002 §4); the screen shows Connect, the picker, or Disconnect. */
export const ZConnectionStatus = z.enum(['not_connected', 'needs_selection', 'connected', 'expired']);
export type TConnectionStatus = z.infer<typeof ZConnectionStatus>;
export const ZConnectionReply = z.object({
  installer_id: z.number().int(),
  provider: z.enum(['google', 'local']),
  status: ZConnectionStatus,
  calendar_id: z.string().nullable(),
  calendar_name: z.string().nullable(),
  /** The calendars to pick from while the status is needs_selection (else empty). */
  calendars: z.array(ZExternalCalendar),
});
export type TConnectionReply = z.infer<typeof ZConnectionReply>;

export const ZDisconnectReply = z.object({
  success: z.literal(true),
  installer_id: z.number().int(),
  /** Whether the grant was revoked at the provider (false when it was already gone or unreachable). */
  revoked: z.boolean(),
  message: z.string(),
});

/**
 * PUT /addAppt/ (row 59: request, summary, description, calendar, startDate, duration, installerId or token,
 * colorId). The appointment covers the job's own work days (decision 022: one event per job); `startDate`,
 * `duration` and `calendar` are accepted and ignored, the server knows them.
 */
export const ZAddApptBody = z.object({
  request: ZDbId,
  installerId: ZDbId.optional(),
  summary: z.string().trim().max(300).optional(),
  description: z.string().max(4000).optional(),
  colorId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^([1-9]|1[01])$/, 'colorId must be 1 to 11'))
    .optional(),
  calendar: z.string().max(300).optional(),
  startDate: z.string().max(40).optional(),
  duration: z.coerce.number().optional(),
  token: z.string().max(2048).optional(),
});
export const ZAddApptReply = z.object({
  success: z.literal(true),
  requestId: z.number().int(),
  eventId: z.string(),
  /** The job had its appointment already; nothing was added. */
  alreadySynced: z.boolean(),
});

/** PUT /delAppt/ (row 60: eventId or requestId, installerId). */
export const ZDelApptBody = z
  .object({
    eventId: z.string().trim().min(1).max(1024).optional(),
    requestId: ZDbId.optional(),
    installerId: ZDbId.optional(),
  })
  .refine((b) => b.eventId !== undefined || b.requestId !== undefined, {
    message: 'eventId or requestId is required',
  });
export const ZDelApptReply = z.object({
  success: z.literal(true),
  requestId: z.number().int(),
  removed: z.array(z.string()),
});

/** GET /readAppt/{requestId} (row 58; shape designed in decision 026). */
export const ZStoredAppointment = z.object({
  id: z.string(),
  summary: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  colorId: z.string().nullable(),
  htmlLink: z.string().nullable(),
});
export const ZReadApptReply = z.object({
  requestId: z.number().int(),
  installerId: z.number().int(),
  /** The installer's calendar is connected. */
  linked: z.boolean(),
  /** The job has an event id on its calendar days (002 §3: present = synced). */
  synced: z.boolean(),
  eventId: z.string().nullable(),
  /** The appointment as the calendar holds it; null when there is none (or it was deleted there). */
  appointment: ZStoredAppointment.nullable(),
});

const calendarTags = ['calendar'] as const;
const installerWrite = { effect: 'write', roles: ['installer'] } as const;

export const calendarLinkCalls = {
  authRequest: defineCall({
    operationId: 'calendarAuthRequest',
    method: 'GET',
    path: calendarLinkPaths.authRequest,
    reply: ZAuthUrlReply,
    errors: ['SERVICE_UNAVAILABLE'],
    // It records the authorisation in flight (its nonce): a write.
    access: installerWrite,
    summary: 'The consent URL that authorises the external calendar for the caller’s installer (row 67)',
    tags: calendarTags,
  }),
  auth: defineCall({
    operationId: 'calendarAuth',
    method: 'GET',
    path: calendarLinkPaths.auth,
    params: ZInstallerIdParams,
    reply: ZAuthUrlReply,
    errors: ['SERVICE_UNAVAILABLE'],
    access: installerWrite,
    summary: 'The consent URL that authorises the external calendar for an installer (row 68)',
    tags: calendarTags,
  }),
  callback: defineCall({
    operationId: 'calendarAuthCallback',
    method: 'GET',
    path: calendarLinkPaths.callback,
    query: ZCallbackQuery,
    reply: ZCallbackReply,
    errors: [],
    access: { public: true },
    summary: 'Return from the calendar authorisation',
    description:
      'Checks the signed state (400 when forged, stale or used), stores the grant encrypted, lists the calendars and answers 302 to /calendar?calendar_selection=1&calendars=<json>&installer_id=<id> (or calendar_error=… when the user declined or the exchange failed).',
    tags: calendarTags,
  }),
  select: defineCall({
    operationId: 'calendarSelect',
    method: 'POST',
    path: calendarLinkPaths.select,
    body: ZSelectBody,
    reply: ZUpdateLocationResponse,
    errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
    access: installerWrite,
    summary: 'Select the business calendar among the connected account’s calendars (row 69)',
    tags: calendarTags,
  }),
  connection: defineCall({
    operationId: 'calendarConnection',
    method: 'GET',
    path: calendarLinkPaths.connection,
    params: ZInstallerIdParams,
    reply: ZConnectionReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Where the installer’s calendar link stands (not connected, selection, connected, expired)',
    tags: calendarTags,
  }),
  disconnect: defineCall({
    operationId: 'calendarDisconnect',
    method: 'DELETE',
    path: calendarLinkPaths.disconnect,
    params: ZInstallerIdParams,
    reply: ZDisconnectReply,
    errors: ['NOT_FOUND'],
    access: installerWrite,
    summary: 'Disconnect the external calendar and revoke its grant (row 70)',
    tags: calendarTags,
  }),
  addAppt: defineCall({
    operationId: 'addAppt',
    method: 'PUT',
    path: calendarLinkPaths.addAppt,
    body: ZAddApptBody,
    reply: ZAddApptReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
    access: installerWrite,
    summary: 'Add the job’s appointment to the installer’s calendar (row 59; Sync All sends colorId 6)',
    tags: calendarTags,
  }),
  delAppt: defineCall({
    operationId: 'delAppt',
    method: 'PUT',
    path: calendarLinkPaths.delAppt,
    body: ZDelApptBody,
    reply: ZDelApptReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
    access: installerWrite,
    summary: 'Remove a job’s appointment from the installer’s calendar (row 60)',
    tags: calendarTags,
  }),
  readAppt: defineCall({
    operationId: 'readAppt',
    method: 'GET',
    path: calendarLinkPaths.readAppt,
    params: ZRequestIdParams,
    reply: ZReadApptReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'The job’s appointment on the installer’s calendar (row 58)',
    tags: calendarTags,
  }),
};
