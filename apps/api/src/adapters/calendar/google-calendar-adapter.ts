import { createHash } from 'node:crypto';
import { addDays } from '@app/domain/scheduling/dates';
import { type calendar_v3, calendar as googleCalendar } from '@googleapis/calendar';
import { OAuth2Client } from 'google-auth-library';
import type { GoogleCalendarConfig } from '../../config';
import {
  type CalendarAppointment,
  CalendarAuthError,
  type CalendarCredentials,
  type CalendarPort,
  CalendarRequestError,
  CalendarUnavailableError,
  type StoredAppointment,
} from './calendar-port';

/** Read and write events on the calendars of the account (002 §7: appointments on a chosen calendar). */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
/** One call to Google never holds an action or an outbox lease longer than this. */
const TIMEOUT_MS = 10_000;
const CLIENT_CACHE_SIZE = 500;

/**
 * Google's event id for an idempotency key: base32hex characters (0-9, a-v) as events.insert requires, the same
 * for the same key and calendar, so an outbox item that runs twice inserts once (the second gets 409).
 */
export function googleEventId(calendarId: string, idempotencyKey: string): string {
  return `mp${createHash('sha256').update(`${calendarId}\u0000${idempotencyKey}`).digest('hex').slice(0, 40)}`;
}

type HttpFailure = {
  message?: string;
  status?: number;
  code?: string | number;
  response?: { status?: number; data?: unknown };
};

/** An error of the official client as the port's failure kinds (calendar-port.ts). */
export function classifyGoogleError(error: unknown, what: string): Error {
  const failure = (error ?? {}) as HttpFailure;
  const status = failure.response?.status ?? failure.status;
  let data = '';
  try {
    data = JSON.stringify(failure.response?.data ?? '');
  } catch {}
  const text = `${failure.message ?? ''} ${data}`;
  if (status === 401 || /invalid_grant|expired|no refresh token/i.test(text)) {
    return new CalendarAuthError(`${what}: the Google Calendar grant is expired or revoked`, {
      cause: error,
    });
  }
  if (status === undefined || status === 408 || status === 429 || status >= 500) {
    return new CalendarUnavailableError(
      `${what}: Google Calendar did not answer (${status ?? failure.code})`,
      {
        cause: error,
      },
    );
  }
  if (status === 403 && /rateLimitExceeded|userRateLimitExceeded/.test(text)) {
    return new CalendarUnavailableError(`${what}: Google Calendar rate limit`, { cause: error });
  }
  return new CalendarRequestError(`${what}: Google Calendar refused the call (${status})`, status, {
    cause: error,
  });
}

function statusOf(error: unknown): number | undefined {
  const failure = (error ?? {}) as HttpFailure;
  return failure.response?.status ?? failure.status;
}

/**
 * The Google Calendar adapter on the official client (`@googleapis/calendar` + `google-auth-library`). Each
 * installer's grant is a refresh token; an OAuth client per grant (kept in a small cache) refreshes the access
 * token. The client's own retries are off: the outbox retries with backoff, and a user action answers at once.
 */
export function createGoogleCalendarAdapter(config: GoogleCalendarConfig): CalendarPort {
  const endpoints = {
    ...(config.authUrl ? { oauth2AuthBaseUrl: config.authUrl } : {}),
    ...(config.tokenUrl ? { oauth2TokenUrl: config.tokenUrl } : {}),
    ...(config.revokeUrl ? { oauth2RevokeUrl: config.revokeUrl } : {}),
  };
  const rootUrl = config.apiRootUrl ? `${config.apiRootUrl.replace(/\/$/, '')}/` : undefined;

  function oauthClient(redirectUri?: string) {
    return new OAuth2Client({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      ...(redirectUri ? { redirectUri } : {}),
      endpoints,
    });
  }

  const clients = new Map<string, calendar_v3.Calendar>();
  function api(credentials: CalendarCredentials | null | undefined): calendar_v3.Calendar {
    if (!credentials) throw new CalendarAuthError('No Google Calendar grant for this calendar');
    const key = createHash('sha256').update(credentials.refreshToken).digest('hex');
    const cached = clients.get(key);
    if (cached) return cached;
    const auth = oauthClient();
    auth.setCredentials({ refresh_token: credentials.refreshToken });
    const client = googleCalendar({
      version: 'v3',
      // The client bundles its own copy of google-auth-library; the installed one is the same API.
      auth: auth as unknown as calendar_v3.Options['auth'],
      ...(rootUrl ? { rootUrl } : {}),
      retry: false,
      timeout: TIMEOUT_MS,
    });
    if (clients.size >= CLIENT_CACHE_SIZE) clients.delete(clients.keys().next().value as string);
    clients.set(key, client);
    return client;
  }

  function toStored(event: calendar_v3.Schema$Event): StoredAppointment {
    return {
      id: event.id ?? '',
      summary: event.summary ?? '',
      description: event.description ?? '',
      startDate: event.start?.date ?? event.start?.dateTime?.slice(0, 10) ?? '',
      endDate: event.end?.date ?? event.end?.dateTime?.slice(0, 10) ?? '',
      status: event.status ?? 'confirmed',
      colorId: event.colorId ?? null,
      htmlLink: event.htmlLink ?? null,
    };
  }

  function eventBody(a: CalendarAppointment): calendar_v3.Schema$Event {
    return {
      summary: a.summary,
      description: a.description,
      start: { date: a.startDate },
      end: { date: addDays(a.startDate, a.durationDays) },
      ...(a.colorId ? { colorId: a.colorId } : {}),
      extendedProperties: {
        private: { requestId: String(a.requestId), installerId: String(a.installerId) },
      },
    };
  }

  return {
    kind: 'google',

    authorizationUrl({ state, redirectUri }) {
      return oauthClient(redirectUri).generateAuthUrl({
        access_type: 'offline',
        // Google sends a refresh token only on a consent screen: ask for it on every connect.
        prompt: 'consent',
        scope: [GOOGLE_CALENDAR_SCOPE],
        include_granted_scopes: true,
        state,
      });
    },

    async exchangeCode({ code, redirectUri }) {
      let refreshToken: string | null | undefined;
      try {
        const { tokens } = await oauthClient(redirectUri).getToken({ code, redirect_uri: redirectUri });
        refreshToken = tokens.refresh_token;
      } catch (error) {
        throw classifyGoogleError(error, 'exchanging the authorisation code');
      }
      if (!refreshToken) throw new CalendarRequestError('Google returned no refresh token', null);
      return { refreshToken };
    },

    async listCalendars(credentials) {
      const calendars: { id: string; name: string; primary: boolean }[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < 5; page++) {
          const { data } = await api(credentials).calendarList.list({
            minAccessRole: 'writer',
            maxResults: 250,
            ...(pageToken ? { pageToken } : {}),
          });
          for (const item of data.items ?? []) {
            if (!item.id) continue;
            calendars.push({
              id: item.id,
              name: item.summaryOverride ?? item.summary ?? item.id,
              primary: item.primary === true,
            });
          }
          pageToken = data.nextPageToken ?? undefined;
          if (!pageToken) break;
        }
      } catch (error) {
        throw error instanceof CalendarAuthError ? error : classifyGoogleError(error, 'listing calendars');
      }
      return calendars;
    },

    async addAppointment(appointment) {
      const client = api(appointment.credentials);
      const id = googleEventId(appointment.calendarId, appointment.idempotencyKey);
      const body = eventBody(appointment);
      try {
        const { data } = await client.events.insert({
          calendarId: appointment.calendarId,
          requestBody: { id, ...body },
        });
        return { eventId: data.id ?? id };
      } catch (error) {
        if (statusOf(error) !== 409) throw classifyGoogleError(error, 'adding an appointment');
      }
      // 409: the event exists (this key ran before). A deleted one is brought back with this content.
      try {
        const { data } = await client.events.get({ calendarId: appointment.calendarId, eventId: id });
        if (data.status === 'cancelled') {
          await client.events.patch({
            calendarId: appointment.calendarId,
            eventId: id,
            requestBody: { ...body, status: 'confirmed' },
          });
        }
        return { eventId: id };
      } catch (error) {
        throw classifyGoogleError(error, 'adding an appointment');
      }
    },

    async getAppointment({ calendarId, eventId, credentials }) {
      try {
        const { data } = await api(credentials).events.get({ calendarId, eventId });
        return toStored(data);
      } catch (error) {
        if (statusOf(error) === 404 || statusOf(error) === 410) return null;
        throw error instanceof CalendarAuthError
          ? error
          : classifyGoogleError(error, 'reading an appointment');
      }
    },

    async removeAppointment({ calendarId, eventId, credentials }) {
      if (!calendarId) return;
      try {
        await api(credentials).events.delete({ calendarId, eventId });
      } catch (error) {
        // Gone already (404) or deleted before (410): removing is idempotent.
        if (statusOf(error) === 404 || statusOf(error) === 410) return;
        throw error instanceof CalendarAuthError
          ? error
          : classifyGoogleError(error, 'removing an appointment');
      }
    },

    async revoke(credentials) {
      try {
        await oauthClient().revokeToken(credentials.refreshToken);
      } catch (error) {
        // A grant Google no longer knows (400 invalid_token) is as revoked as it gets.
        if (statusOf(error) === 400) return;
        throw classifyGoogleError(error, 'revoking the grant');
      }
    },
  };
}
