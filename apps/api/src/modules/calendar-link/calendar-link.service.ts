import { randomBytes } from 'node:crypto';
import {
  CALENDAR_RETURN_PATH,
  calendarLinkMessages as M,
  type TConnectionReply,
} from '@app/contracts/calendar-link.contract';
import { AppError } from '@app/contracts/errors.contract';
import { diffDays } from '@app/domain/scheduling/dates';
import {
  CalendarAuthError,
  type CalendarPort,
  CalendarUnavailableError,
} from '../../adapters/calendar/calendar-port';
import type { AuthContext } from '../../platform/security/auth-context';
import type { AuthService } from '../auth/auth.service';
import { publicViews } from '../companies/companies.repository';
import { appointmentText, describeVehicle } from '../lifecycle/lifecycle.messages';
import type { CalendarLinks, ResolvedLink } from './calendar-link.links';
import { APPOINTABLE, type CalendarLinkRepository } from './calendar-link.repository';
import { STATE_TTL_SECONDS, type StateSigner, type TokenCipher } from './calendar-link.secrets';

export type CalendarAccounts = Pick<AuthService, 'findUser' | 'mayActFor'>;

type Deps = {
  repository: CalendarLinkRepository;
  port: CalendarPort;
  links: CalendarLinks;
  cipher: TokenCipher;
  signer: StateSigner;
  accounts: CalendarAccounts;
  /** Where the provider sends the browser back (…/api/googlecal/callback). */
  redirectUri: string;
  clock: () => Date;
};

/**
 * The calendar link (issue 12; docs/decisions/026-calendar-link.md): connect (consent URL with a signed,
 * single-use, expiring state; the return stores the grant encrypted), select, disconnect (revokes), and the
 * job's appointment (rows 58–60). Only the installer's own users change it; ASSIST is refused by the guard.
 */
export function createCalendarLinkService(deps: Deps) {
  const { repository, port, links, cipher, signer, accounts, clock } = deps;

  function requireOwn(auth: AuthContext, installerId: number) {
    if (auth.userType !== 'installer' || auth.companyId !== installerId) {
      throw new AppError('FORBIDDEN', `You may not manage the calendar of installer ${installerId}`);
    }
  }

  /** A port failure as the caller's answer: expiry unlinks and says M133; an outage says M132 (503). */
  async function portFailure(installerId: number, error: unknown): Promise<never> {
    if (error instanceof CalendarAuthError) {
      await links.expire(installerId);
      throw new AppError('CONFLICT', M.expired, { details: { reason: 'calendar_expired' } });
    }
    if (error instanceof CalendarUnavailableError) throw new AppError('SERVICE_UNAVAILABLE', M.googleFailed);
    throw new AppError('CONFLICT', M.googleFailed, { details: { reason: 'calendar_refused' } });
  }

  function grantOf(ciphertext: string | null) {
    const token = ciphertext ? cipher.decrypt(ciphertext) : null;
    return token ? { refreshToken: token } : null;
  }

  async function requireLink(installerId: number): Promise<ResolvedLink> {
    const link = await links.resolve(installerId);
    if (link) return link;
    const connection = await repository.findConnection(installerId);
    if (connection?.status === 'expired') {
      throw new AppError('CONFLICT', M.expired, { details: { reason: 'calendar_expired' } });
    }
    throw new AppError('CONFLICT', 'Connect a calendar first.', { details: { reason: 'not_connected' } });
  }

  async function authUrl(auth: AuthContext, installerId: number) {
    requireOwn(auth, installerId);
    const now = clock();
    const nonce = randomBytes(16).toString('base64url');
    const state = signer.sign({
      installerId,
      userId: auth.userId,
      nonce,
      exp: Math.floor(now.getTime() / 1000) + STATE_TTL_SECONDS,
    });
    await repository.startAuthorisation(installerId, port.kind, nonce, now);
    return { url: port.authorizationUrl({ state, redirectUri: deps.redirectUri }), provider: port.kind };
  }

  function returnTo(params: Record<string, string>): { location: string } {
    return { location: `${CALENDAR_RETURN_PATH}?${new URLSearchParams(params).toString()}` };
  }

  async function callback(query: { code?: string; state?: string; error?: string }) {
    if (!query.state) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The calendar authorisation has no state. Please connect again.',
      );
    }
    const state = signer.verify(query.state, Math.floor(clock().getTime() / 1000));
    if (state === 'forged') {
      throw new AppError(
        'VALIDATION_FAILED',
        'The calendar authorisation could not be verified. Please connect again.',
      );
    }
    if (state === 'expired') {
      throw new AppError(
        'VALIDATION_FAILED',
        'The calendar authorisation has expired. Please connect again.',
      );
    }
    const user = await accounts.findUser(state.userId);
    const allowed =
      user !== null &&
      user.userType === 'installer' &&
      user.status === 'active' &&
      user.access !== 'ASSIST' &&
      (await accounts.mayActFor(state.userId, state.installerId));
    if (!allowed) {
      throw new AppError('FORBIDDEN', `You may not connect the calendar of installer ${state.installerId}`);
    }
    if (!(await repository.consumeNonce(state.installerId, state.nonce))) {
      throw new AppError(
        'VALIDATION_FAILED',
        'This calendar authorisation was already used or replaced by a newer one. Please connect again.',
      );
    }
    const installer_id = String(state.installerId);
    if (query.error) return returnTo({ calendar_error: query.error.slice(0, 100), installer_id });
    if (!query.code) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The calendar authorisation returned no code. Please connect again.',
      );
    }
    try {
      const credentials = await port.exchangeCode({ code: query.code, redirectUri: deps.redirectUri });
      const calendars = await port.listCalendars(credentials);
      await repository.saveGrant(state.installerId, {
        provider: port.kind,
        ciphertext: cipher.encrypt(credentials.refreshToken),
        calendars,
        userId: state.userId,
        now: clock(),
      });
      return returnTo({ calendar_selection: '1', calendars: JSON.stringify(calendars), installer_id });
    } catch (error) {
      if (error instanceof AppError) throw error;
      return returnTo({ calendar_error: 'connect_failed', installer_id });
    }
  }

  /** Rows 56 and 69 (convention 16): the calendar must be one of the connected account's. */
  async function select(auth: AuthContext, installerId: number, calendarId: string) {
    requireOwn(auth, installerId);
    const connection = await repository.findConnection(installerId);
    const live = connection?.status === 'needs_selection' || connection?.status === 'connected';
    const credentials = live ? grantOf(connection?.refreshTokenCiphertext ?? null) : null;
    // Offline, the local account needs no grant: a selection alone links it.
    if (!credentials && port.kind !== 'local') {
      throw new AppError('CONFLICT', 'Connect a calendar first.', { details: { reason: 'not_connected' } });
    }
    let calendars: Awaited<ReturnType<CalendarPort['listCalendars']>>;
    try {
      calendars = await port.listCalendars(credentials);
    } catch (error) {
      return portFailure(installerId, error);
    }
    await repository.saveCalendars(installerId, calendars);
    if (!calendars.some((c) => c.id === calendarId)) {
      throw new AppError('VALIDATION_FAILED', `Calendar ${calendarId} is not one of your calendars.`, {
        userMessage: M.selectFailed,
      });
    }
    await repository.select(installerId, { provider: port.kind, calendarId, now: clock() });
    return { success: true, installer_id: installerId, calendar_id: calendarId };
  }

  async function connection(auth: AuthContext, installerId: number): Promise<TConnectionReply> {
    requireOwn(auth, installerId);
    // Both at once: the link's own row, and the installer (which must exist, and names a demo link).
    const [row, installer] = await Promise.all([
      repository.findConnection(installerId),
      repository.findInstaller(installerId),
    ]);
    if (!installer) throw new AppError('NOT_FOUND', `Installer ${installerId} not found`);
    const calendars = row?.calendars ?? [];
    if (!row) {
      // A link recorded only on the installer (the demo data's): offline, the local account names it.
      const linked = installer.calendarAuthenticated && installer.calendarId !== null;
      const known = linked && port.kind === 'local' ? await port.listCalendars(null) : [];
      return {
        installer_id: installerId,
        provider: port.kind,
        status: linked ? 'connected' : 'not_connected',
        calendar_id: linked ? installer.calendarId : null,
        calendar_name: known.find((c) => c.id === installer.calendarId)?.name ?? null,
        calendars: [],
      };
    }
    const status = row.status === 'disconnected' ? 'not_connected' : row.status;
    return {
      installer_id: installerId,
      provider: port.kind,
      status,
      calendar_id: status === 'connected' ? row.calendarId : null,
      calendar_name:
        status === 'connected' ? (calendars.find((c) => c.id === row.calendarId)?.name ?? null) : null,
      calendars: status === 'needs_selection' ? calendars : [],
    };
  }

  async function disconnect(auth: AuthContext, installerId: number) {
    requireOwn(auth, installerId);
    const row = await repository.findConnection(installerId);
    const credentials = grantOf(row?.refreshTokenCiphertext ?? null);
    let revoked = false;
    if (credentials) {
      try {
        await port.revoke(credentials);
        revoked = true;
      } catch {
        // Google unreachable: the grant is forgotten here anyway (the user can revoke it in their account).
      }
    }
    await repository.disconnect(installerId, clock());
    return { success: true as const, installer_id: installerId, revoked, message: M.disconnected };
  }

  async function jobOf(requestId: number, installerId: number) {
    const days = await repository.jobDays(requestId, installerId);
    if (days.length === 0) throw new AppError('NOT_FOUND', `Request ${requestId} is not on your calendar`);
    return days;
  }

  async function addAppt(
    auth: AuthContext,
    body: { request: number; installerId?: number; summary?: string; description?: string; colorId?: string },
  ) {
    const installerId = body.installerId ?? auth.companyId;
    requireOwn(auth, installerId);
    const days = (await jobOf(body.request, installerId)).filter((d) => APPOINTABLE.includes(d.workStatus));
    if (days.length === 0) {
      throw new AppError('CONFLICT', `Request ${body.request} has no booked days to add to the calendar.`);
    }
    const synced = days.find((d) => d.eventId !== null)?.eventId;
    if (synced)
      return { success: true as const, requestId: body.request, eventId: synced, alreadySynced: true };
    const link = await requireLink(installerId);
    const startDate = days[0]!.workDate;
    const durationDays = diffDays(startDate, days[days.length - 1]!.workDate) + 1;
    const request = await repository.findRequestText(body.request);
    const text = appointmentText({
      requestId: body.request,
      vehicle: request ? describeVehicle(request) : 'vehicle',
      serviceRequested: request?.serviceRequested ?? '',
    });
    let eventId: string;
    try {
      ({ eventId } = await port.addAppointment({
        calendarId: link.calendarId,
        credentials: link.credentials,
        requestId: body.request,
        installerId,
        summary: body.summary || text.summary,
        description: body.description || text.description,
        startDate,
        durationDays,
        colorId: body.colorId,
        idempotencyKey: `appt:${body.request}:${installerId}:${startDate}:${durationDays}`,
      }));
    } catch (error) {
      return portFailure(installerId, error);
    }
    await repository.setEventId(body.request, installerId, eventId);
    return { success: true as const, requestId: body.request, eventId, alreadySynced: false };
  }

  async function delAppt(
    auth: AuthContext,
    body: { eventId?: string; requestId?: number; installerId?: number },
  ) {
    const installerId = body.installerId ?? auth.companyId;
    requireOwn(auth, installerId);
    const requestId =
      body.requestId ??
      (body.eventId ? await repository.findRequestOfEvent(installerId, body.eventId) : null);
    if (requestId === null) throw new AppError('NOT_FOUND', `Appointment ${body.eventId} not found`);
    const days = await jobOf(requestId, installerId);
    const held = [...new Set(days.map((d) => d.eventId).filter((id): id is string => id !== null))];
    if (body.eventId && !held.includes(body.eventId)) {
      throw new AppError('NOT_FOUND', `Appointment ${body.eventId} is not on request ${requestId}`);
    }
    const eventIds = body.eventId ? [body.eventId] : held;
    const link = await links.resolve(installerId);
    if (link) {
      for (const eventId of eventIds) {
        try {
          await port.removeAppointment({
            calendarId: link.calendarId,
            eventId,
            credentials: link.credentials,
          });
        } catch (error) {
          return portFailure(installerId, error);
        }
      }
    }
    await repository.clearEventIds(requestId, installerId, eventIds);
    return { success: true as const, requestId, removed: eventIds };
  }

  async function readAppt(auth: AuthContext, requestId: number) {
    const installerId = auth.companyId;
    requireOwn(auth, installerId);
    const days = await jobOf(requestId, installerId);
    const eventId = days.find((d) => d.eventId !== null)?.eventId ?? null;
    const link = await links.resolve(installerId);
    let appointment = null;
    if (link && eventId) {
      try {
        appointment = await port.getAppointment({
          calendarId: link.calendarId,
          eventId,
          credentials: link.credentials,
        });
      } catch (error) {
        return portFailure(installerId, error);
      }
    }
    return { requestId, installerId, linked: link !== null, synced: eventId !== null, eventId, appointment };
  }

  /** Row 55: members read the link with its calendar id; a dealer choosing a specialist reads linked or not. */
  async function installerAuth(auth: AuthContext, installerId: number) {
    if (auth.userType === 'installer' && !(await accounts.mayActFor(auth.userId, installerId))) {
      throw new AppError('FORBIDDEN', `You may not read installer ${installerId}`);
    }
    const installer = await repository.findInstaller(installerId);
    if (!installer) throw new AppError('NOT_FOUND', `Installer ${installerId} not found`);
    const authenticated = installer.calendarAuthenticated ? 1 : 0;
    const view = { installer_id: installerId, authenticated, Authenticated: authenticated };
    return auth.userType === 'installer'
      ? { ...view, calendar_id: installer.calendarId }
      : publicViews.installerAuth(view);
  }

  /** Row 56 (PUT /updateLocation/{id}): the same selection as row 69. */
  async function updateLocation(
    auth: AuthContext,
    id: number,
    body: { installerId?: number; calendarId: string },
  ) {
    requireOwn(auth, id);
    if (body.installerId !== undefined && body.installerId !== id) {
      throw new AppError(
        'VALIDATION_FAILED',
        `installerId ${body.installerId} does not match the path id ${id}`,
      );
    }
    return select(auth, id, body.calendarId);
  }

  return {
    authUrl,
    callback,
    select,
    connection,
    disconnect,
    addAppt,
    delAppt,
    readAppt,
    installerAuth,
    updateLocation,
  };
}
export type CalendarLinkService = ReturnType<typeof createCalendarLinkService>;
