import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GoogleCalendarConfig } from '../../src/config';

/**
 * A small Google Calendar for tests, on loopback: the endpoints the Google adapter uses, answering with
 * Google's JSON shapes and error envelopes, so the official client (`@googleapis/calendar` +
 * `google-auth-library`) runs unchanged against it through `config()`'s endpoint overrides.
 *
 * Served: the consent page (GET /o/oauth2/v2/auth: approves at once, 302 to redirect_uri with a code and the
 * state), the token endpoint (authorization_code and refresh_token grants; `invalid_grant` for an unknown,
 * revoked or expired grant), revoke, calendarList.list, and events insert (409 for a used id) / get / patch /
 * delete (a deleted event is kept 'cancelled', as Google does: get shows it, delete again is 410).
 *
 * Test controls: `expireGrants()` (every refresh token and access token stops working: the next call is a 401
 * then invalid_grant), `setDown(status)` (every Calendar API call answers that status; null = up), the events
 * held, and the request log.
 */
export type FakeEvent = {
  id: string;
  calendarId: string;
  summary: string;
  description: string;
  start: { date: string };
  end: { date: string };
  colorId?: string;
  status: 'confirmed' | 'cancelled';
  extendedProperties?: unknown;
};

export type GoogleCalendarFake = {
  url: string;
  /** The adapter's config: client id/secret and every endpoint pointed here. */
  config(): GoogleCalendarConfig;
  calendars: { id: string; summary: string; primary?: boolean }[];
  /** Live (not cancelled) events of a calendar. */
  events(calendarId?: string): FakeEvent[];
  /** Every event held, cancelled ones included. */
  allEvents: Map<string, FakeEvent>;
  requests: { method: string; path: string }[];
  refreshTokens: Set<string>;
  revoked: string[];
  expireGrants(): void;
  setDown(status: number | null): void;
  /** Follows a consent URL as a user who approves: the callback URL with code and state. */
  approve(consentUrl: string): string;
  close(): Promise<void>;
};

const CLIENT_ID = 'fake-client-id.apps.googleusercontent.com';
const CLIENT_SECRET = 'fake-client-secret';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function apiError(res: ServerResponse, status: number, reason: string, message: string) {
  json(res, status, { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGoogleCalendarFake(): Promise<GoogleCalendarFake> {
  const calendars = [
    { id: 'shop@fake.calendar', summary: 'Elite Shop', primary: true },
    { id: 'team@fake.calendar', summary: 'Team Schedule' },
  ];
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const allEvents = new Map<string, FakeEvent>();
  const requests: { method: string; path: string }[] = [];
  const revoked: string[] = [];
  let down: number | null = null;

  const newToken = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
  const key = (calendarId: string, eventId: string) => `${calendarId}\u0000${eventId}`;

  function consent(url: URL): string {
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    const code = newToken('4/code-');
    codes.set(code, redirect.toString());
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
    return redirect.toString();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
      return json(res, 401, {
        error: 'invalid_client',
        error_description: 'The OAuth client was not found.',
      });
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!codes.has(code))
        return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      codes.delete(code);
      const refresh = newToken('1//refresh-');
      const access = newToken('ya29.');
      refreshTokens.add(refresh);
      accessTokens.add(access);
      return json(res, 200, {
        access_token: access,
        refresh_token: refresh,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/calendar',
      });
    }
    if (grant === 'refresh_token') {
      if (!refreshTokens.has(form.get('refresh_token') ?? '')) {
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      }
      const access = newToken('ya29.');
      accessTokens.add(access);
      return json(res, 200, { access_token: access, expires_in: 3599, token_type: 'Bearer' });
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  async function calendarApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!accessTokens.has(bearer)) {
      return apiError(res, 401, 'authError', 'Request had invalid authentication credentials.');
    }
    if (down !== null) return apiError(res, down, 'backendError', 'Backend Error');
    if (url.pathname === '/calendar/v3/users/me/calendarList' && req.method === 'GET') {
      return json(res, 200, {
        kind: 'calendar#calendarList',
        items: calendars.map((c) => ({ kind: 'calendar#calendarListEntry', accessRole: 'owner', ...c })),
      });
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return apiError(res, 404, 'notFound', 'Not Found');
    const calendarId = decodeURIComponent(match[1] ?? '');
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    if (!calendars.some((c) => c.id === calendarId)) return apiError(res, 404, 'notFound', 'Not Found');
    if (eventId === null && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as Partial<FakeEvent>;
      const id =
        body.id ??
        newToken('ev')
          .toLowerCase()
          .replace(/[^a-v0-9]/g, '');
      if (allEvents.has(key(calendarId, id))) {
        return apiError(res, 409, 'duplicate', 'The requested identifier already exists.');
      }
      const event: FakeEvent = {
        id,
        calendarId,
        summary: body.summary ?? '',
        description: body.description ?? '',
        start: body.start as { date: string },
        end: body.end as { date: string },
        ...(body.colorId ? { colorId: body.colorId } : {}),
        status: 'confirmed',
        extendedProperties: body.extendedProperties,
      };
      allEvents.set(key(calendarId, id), event);
      return json(res, 200, { kind: 'calendar#event', ...event, htmlLink: `https://calendar.fake/e/${id}` });
    }
    if (eventId === null) return apiError(res, 404, 'notFound', 'Not Found');
    const event = allEvents.get(key(calendarId, eventId));
    if (req.method === 'GET') {
      if (!event) return apiError(res, 404, 'notFound', 'Not Found');
      return json(res, 200, { kind: 'calendar#event', ...event });
    }
    if (req.method === 'PATCH') {
      if (!event) return apiError(res, 404, 'notFound', 'Not Found');
      Object.assign(event, JSON.parse(await readBody(req)));
      return json(res, 200, { kind: 'calendar#event', ...event });
    }
    if (req.method === 'DELETE') {
      if (!event) return apiError(res, 404, 'notFound', 'Not Found');
      if (event.status === 'cancelled') return apiError(res, 410, 'deleted', 'Resource has been deleted');
      event.status = 'cancelled';
      res.writeHead(204);
      return res.end();
    }
    return apiError(res, 405, 'notAllowed', 'Method not allowed');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname });
    const handle = async () => {
      if (url.pathname === '/o/oauth2/v2/auth') {
        res.writeHead(302, { location: consent(url) });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') return token(req, res);
      if (url.pathname === '/revoke' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const given = url.searchParams.get('token') ?? form.get('token') ?? '';
        if (!refreshTokens.delete(given) && !accessTokens.delete(given)) {
          return json(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
        }
        revoked.push(given);
        return json(res, 200, {});
      }
      if (url.pathname.startsWith('/calendar/v3/')) return calendarApi(req, res, url);
      return apiError(res, 404, 'notFound', 'Not Found');
    };
    handle().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    config: () => ({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authUrl: `${base}/o/oauth2/v2/auth`,
      tokenUrl: `${base}/token`,
      revokeUrl: `${base}/revoke`,
      apiRootUrl: `${base}/`,
    }),
    calendars,
    events: (calendarId) =>
      [...allEvents.values()].filter(
        (e) => e.status === 'confirmed' && (calendarId === undefined || e.calendarId === calendarId),
      ),
    allEvents,
    requests,
    refreshTokens,
    revoked,
    expireGrants() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    setDown(status) {
      down = status;
    },
    approve(consentUrl) {
      return consent(new URL(consentUrl));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
