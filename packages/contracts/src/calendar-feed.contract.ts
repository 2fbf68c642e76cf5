import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * The ICS subscription feed (issue 12; docs/decisions/025-calendar-feed.md): a secret, revocable URL per
 * installer (location), `/api/calendar/{token}.ics`, that Google, Apple and Outlook calendars subscribe to.
 * Every booked, started or finished job is an all-day event over its work days.
 *
 * The link calls have the calendar's access: the installer itself, another location of its group or a
 * company granted to the user (404 for anyone else); ASSIST may read the link but not create, reset or turn
 * it off (convention 22). The feed itself is public: whoever holds the URL reads it.
 */
export const calendarFeedPaths = {
  /** GET: the link (never creates); POST: turn the feed on (idempotent); DELETE: turn it off. */
  link: '/calendarFeed/:installerId',
  /** POST: a new token; the old one answers 404 at once. */
  reset: '/calendarFeed/:installerId/reset',
  /** The feed (public). */
  feed: '/calendar/:token.ics',
} as const;

/** The feed's window around today (UTC): a bounded, indexed read whatever the history. */
export const FEED_WINDOW = { daysBack: 90, daysAhead: 365 } as const;
/** How long a subscriber may reuse a copy before asking again (Cache-Control max-age, seconds). */
export const FEED_MAX_AGE_SECONDS = 900;
/** The refresh interval suggested in the feed (REFRESH-INTERVAL / X-PUBLISHED-TTL, seconds). */
export const FEED_REFRESH_SECONDS = 3600;
/** Calendar work statuses the feed shows (decision 025: draft and pending are not committed work). */
export const FEED_WORK_STATUSES = ['booked', 'started', 'finished'] as const;

export const calendarFeedMessages = {
  title: 'Subscribe in Google, Apple or Outlook Calendar',
  help: 'Add this link to your calendar app ("From URL" in Google Calendar, "New Calendar Subscription" in Apple Calendar, "Subscribe from web" in Outlook). Your booked jobs then appear there as all-day events and update by themselves; calendar apps check for changes every few hours.',
  secret: 'Anyone with this link can see your jobs. Share it only with your team.',
  none: 'No subscription link yet.',
  create: 'Create subscription link',
  created: 'Subscription link created.',
  copy: 'Copy link',
  copied: 'Link copied. Paste it into your calendar app.',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
  reset: 'Reset link',
  resetTitle: 'Reset subscription link?',
  resetConfirm:
    'The current link stops working at once: calendars subscribed to it stop updating until you subscribe them again with the new link.',
  resetDone: 'New link ready. The old link no longer works.',
  turnOff: 'Turn off link',
  turnOffTitle: 'Turn off subscription link?',
  turnOffConfirm:
    'The link stops working at once and calendars subscribed to it stop updating. You can create a new link later.',
  turnedOff: 'Subscription link turned off.',
  /** The link exists but was made under another server key: it cannot be shown again (decision 025). */
  unreadable: 'This link can no longer be shown. Reset link to get a new URL.',
  loadFailed: 'Failed to load the calendar subscription link.',
  saveFailed: 'Failed to update the subscription link. Please try again.',
  readOnly: 'Ask an administrator of your company to create or reset the link.',
  /** The feed's 404: an unknown, reset or turned-off token. */
  feedNotFound: 'This calendar link is not valid. It may have been reset or turned off.',
} as const;

const MAX_DB_ID = 2_147_483_647;

export const ZCalendarFeedParams = z.object({
  installerId: z.coerce.number().int().positive().max(MAX_DB_ID).describe("The installer (location)'s id"),
});

/** The installer's feed link. */
export const ZCalendarFeedLink = z.object({
  installerId: z.number().int(),
  /** The feed is on (a token exists). */
  active: z.boolean(),
  /** The feed's URL (PUBLIC_URL + /api/calendar/{token}.ics); null when off or when it cannot be shown. */
  url: z.string().nullable(),
  /** When the current token was issued (ISO 8601); null when off. */
  createdAt: z.string().nullable(),
});
export type TCalendarFeedLink = z.infer<typeof ZCalendarFeedLink>;

/** Feed tokens are 43 base64url characters (256 bits); anything else is refused 404 by the service. */
export const ZCalendarFeedToken = z.object({ token: z.string().max(200) });

const tags = ['calendar'] as const;

export const calendarFeedCalls = {
  getLink: defineCall({
    operationId: 'getCalendarFeedLink',
    method: 'GET',
    path: calendarFeedPaths.link,
    params: ZCalendarFeedParams,
    reply: ZCalendarFeedLink,
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['installer'] },
    summary: "The installer's ICS subscription link (active false until it is created)",
    tags,
  }),
  createLink: defineCall({
    operationId: 'createCalendarFeedLink',
    method: 'POST',
    path: calendarFeedPaths.link,
    params: ZCalendarFeedParams,
    reply: ZCalendarFeedLink,
    status: 201,
    otherStatuses: [200],
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Turns the ICS feed on: 201 with a new link, or 200 with the existing one',
    tags,
  }),
  resetLink: defineCall({
    operationId: 'resetCalendarFeedLink',
    method: 'POST',
    path: calendarFeedPaths.reset,
    params: ZCalendarFeedParams,
    reply: ZCalendarFeedLink,
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Issues a new feed token; the old URL answers 404 at once',
    tags,
  }),
  deleteLink: defineCall({
    operationId: 'deleteCalendarFeedLink',
    method: 'DELETE',
    path: calendarFeedPaths.link,
    params: ZCalendarFeedParams,
    reply: ZCalendarFeedLink,
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Turns the ICS feed off (idempotent); its URL answers 404 at once',
    tags,
  }),
  feed: defineCall({
    operationId: 'getCalendarFeed',
    method: 'GET',
    path: calendarFeedPaths.feed,
    params: ZCalendarFeedToken,
    reply: z.string().describe('text/calendar; charset=utf-8 (RFC 5545)'),
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
    access: { public: true },
    summary: "An installer's jobs as an iCalendar feed (all-day events over the work days)",
    description: `Public: the token in the path is the secret. Booked, started and finished jobs from ${FEED_WINDOW.daysBack} days back to ${FEED_WINDOW.daysAhead} days ahead; one event per run of consecutive work days (DTSTART;VALUE=DATE, exclusive DTEND), UID job-{requestId}-{run}@{host}, SEQUENCE the request's version. ETag and Last-Modified: If-None-Match / If-Modified-Since answer 304. An unknown, reset or turned-off token answers 404.`,
    tags,
  }),
};
