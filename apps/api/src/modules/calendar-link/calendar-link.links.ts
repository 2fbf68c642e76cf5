import {
  CalendarAuthError,
  type CalendarCredentials,
  type CalendarPort,
  CalendarRequestError,
} from '../../adapters/calendar/calendar-port';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import { APPOINTABLE, type CalendarLinkRepository } from './calendar-link.repository';
import type { TokenCipher } from './calendar-link.secrets';

/** The calendar an installer's appointments go to, with the grant to reach it. */
export type ResolvedLink = { calendarId: string; credentials: CalendarCredentials | null };

/**
 * The installer's live link as the appointment writers need it (the outbox handlers and rows 58–60):
 * - `resolve`: the connected calendar and its decrypted grant, or null when not linked (disconnected,
 *   expired, waiting for a selection). A link recorded only on the installer (seeded, or made before
 *   connections were kept) has no grant: the local adapter needs none, Google's refuses it as expired.
 * - `expire`: a 401 / invalid_grant marks the link expired and the location not linked (M133, M138).
 * - `eventOf`: the appointment the job already has, if any (an add is then skipped: one event per job);
 * - `deliveryFailure`: what an outbox handler throws for a port failure: expiry and refusals are permanent
 *   (never retried forever; the job's days keep no event id, so it still needs sync), an unavailable
 *   service is retried with backoff.
 */
export function createCalendarLinks({
  repository,
  port,
  cipher,
  clock,
}: {
  repository: CalendarLinkRepository;
  port: CalendarPort;
  cipher: TokenCipher;
  clock: () => Date;
}) {
  async function resolve(installerId: number): Promise<ResolvedLink | null> {
    const connection = await repository.findConnection(installerId);
    if (connection) {
      if (connection.status !== 'connected' || !connection.calendarId) return null;
      const token = connection.refreshTokenCiphertext
        ? cipher.decrypt(connection.refreshTokenCiphertext)
        : null;
      return { calendarId: connection.calendarId, credentials: token ? { refreshToken: token } : null };
    }
    const installer = await repository.findInstaller(installerId);
    if (installer?.calendarAuthenticated && installer.calendarId) {
      return { calendarId: installer.calendarId, credentials: null };
    }
    return null;
  }

  async function expire(installerId: number): Promise<void> {
    await repository.markExpired(installerId, port.kind, clock());
  }

  async function deliveryFailure(installerId: number, error: unknown): Promise<unknown> {
    if (error instanceof CalendarAuthError) {
      await expire(installerId);
      return new PermanentDeliveryError(`Calendar of installer ${installerId}: connection expired`, {
        cause: error,
      });
    }
    if (error instanceof CalendarRequestError) {
      return new PermanentDeliveryError(error.message, { cause: error });
    }
    return error;
  }

  /** The event already on the job's booked or started days (a Sync All may have added it first). */
  async function eventOf(requestId: number, installerId: number): Promise<string | null> {
    const days = await repository.jobDays(requestId, installerId);
    return days.find((d) => d.eventId !== null && APPOINTABLE.includes(d.workStatus))?.eventId ?? null;
  }

  return { resolve, expire, deliveryFailure, eventOf };
}
export type CalendarLinks = ReturnType<typeof createCalendarLinks>;
