import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays } from '../../db/schema/calendar';
import { type CalendarConnectionStatus, calendarConnections } from '../../db/schema/calendar-link';
import { installers } from '../../db/schema/identity';
import { serviceRequests } from '../../db/schema/service-requests';
import { createLifecycleRepository } from '../lifecycle/lifecycle.repository';

export type ConnectionRow = typeof calendarConnections.$inferSelect;
type ExternalCalendars = NonNullable<ConnectionRow['calendars']>;

/** Work statuses whose days get an appointment (the lifecycle's rule: booked or started). */
const APPOINTABLE = ['booked', 'started'];

/**
 * The calendar link's reads and writes: the connection row and the installer's `calendar_id` /
 * `calendar_authenticated`, always changed together in one transaction, and the event ids of a job's days.
 */
export function createCalendarLinkRepository(db: Db) {
  const lifecycleDays = createLifecycleRepository();
  /** The installer's link columns follow the connection: set only while connected. */
  async function setInstallerLink(tx: Db | Tx, installerId: number, calendarId: string | null) {
    await tx
      .update(installers)
      .set({ calendarId, calendarAuthenticated: calendarId !== null })
      .where(eq(installers.id, installerId));
  }

  /**
   * Writes the installer's connection, in one transaction with its link columns (`calendarId`): a new row
   * (with `provider`) gets `set`, and so does the existing one, where `setWhere` holds when given.
   */
  async function saveConnection(
    installerId: number,
    provider: string,
    set: Partial<typeof calendarConnections.$inferInsert>,
    calendarId: string | null,
    setWhere?: SQL,
  ) {
    await db.transaction(async (tx) => {
      await tx
        .insert(calendarConnections)
        .values({ installerId, provider, ...set })
        .onConflictDoUpdate({ target: calendarConnections.installerId, set, setWhere });
      await setInstallerLink(tx, installerId, calendarId);
    });
  }

  return {
    async findInstaller(installerId: number) {
      const [row] = await db
        .select(pickColumns(installers, 'id', 'calendarId', 'calendarAuthenticated'))
        .from(installers)
        .where(eq(installers.id, installerId));
      return row ?? null;
    },

    async findConnection(installerId: number): Promise<ConnectionRow | null> {
      const [row] = await db
        .select()
        .from(calendarConnections)
        .where(eq(calendarConnections.installerId, installerId));
      return row ?? null;
    },

    /** Records the nonce of a new authorisation (the previous one, if any, can no longer return). */
    async startAuthorisation(installerId: number, provider: string, nonce: string, now: Date) {
      await db
        .insert(calendarConnections)
        .values({ installerId, provider, stateNonce: nonce, status: 'disconnected', updatedAt: now })
        .onConflictDoUpdate({
          target: calendarConnections.installerId,
          set: { stateNonce: nonce, updatedAt: now },
        });
    },

    /** Uses up the nonce: true for the one return that carries it. */
    async consumeNonce(installerId: number, nonce: string): Promise<boolean> {
      const rows = await db
        .update(calendarConnections)
        .set({ stateNonce: null })
        .where(
          and(eq(calendarConnections.installerId, installerId), eq(calendarConnections.stateNonce, nonce)),
        )
        .returning({ id: calendarConnections.installerId });
      return rows.length > 0;
    },

    /** A new grant: the calendar is picked next (002 §4: selection of a calendar). */
    async saveGrant(
      installerId: number,
      grant: {
        provider: string;
        ciphertext: string;
        calendars: ExternalCalendars;
        userId: number;
        now: Date;
      },
    ) {
      await saveConnection(
        installerId,
        grant.provider,
        {
          provider: grant.provider,
          status: 'needs_selection',
          refreshTokenCiphertext: grant.ciphertext,
          calendarId: null,
          calendars: grant.calendars,
          connectedByUserId: grant.userId,
          expiredAt: null,
          updatedAt: grant.now,
        },
        null,
      );
    },

    async saveCalendars(installerId: number, calendars: ExternalCalendars) {
      await db
        .update(calendarConnections)
        .set({ calendars })
        .where(eq(calendarConnections.installerId, installerId));
    },

    /** The chosen calendar: connected (a local link may be made without a grant). */
    async select(installerId: number, input: { provider: string; calendarId: string; now: Date }) {
      await saveConnection(
        installerId,
        input.provider,
        {
          status: 'connected',
          calendarId: input.calendarId,
          connectedAt: input.now,
          expiredAt: null,
          updatedAt: input.now,
        },
        input.calendarId,
      );
    },

    /**
     * The grant stopped working (401 / invalid_grant): the location shows not linked (M133, M138). The
     * calendar days keep no event id, so their jobs still need sync. A link made before connections were
     * recorded (no row) gets one, expired.
     */
    async markExpired(installerId: number, provider: string, now: Date): Promise<void> {
      const linked: CalendarConnectionStatus[] = ['connected', 'needs_selection'];
      await saveConnection(
        installerId,
        provider,
        { status: 'expired', expiredAt: now, updatedAt: now },
        null,
        inArray(calendarConnections.status, linked),
      );
    },

    async disconnect(installerId: number, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(calendarConnections)
          .set({
            status: 'disconnected',
            refreshTokenCiphertext: null,
            calendarId: null,
            calendars: null,
            stateNonce: null,
            disconnectedAt: now,
            updatedAt: now,
          })
          .where(eq(calendarConnections.installerId, installerId));
        await setInstallerLink(tx, installerId, null);
      });
    },

    /** The job's days on the installer's calendar, in date order. */
    async jobDays(requestId: number, installerId: number) {
      return db
        .select(pickColumns(calendarDays, 'workDate', 'workStatus', 'eventId'))
        .from(calendarDays)
        .where(and(eq(calendarDays.requestId, requestId), eq(calendarDays.installerId, installerId)))
        .orderBy(asc(calendarDays.workDate), asc(calendarDays.id));
    },

    async findRequestText(requestId: number) {
      const [row] = await db
        .select(
          pickColumns(serviceRequests, 'vehicleYear', 'vehicleMake', 'vehicleModel', 'serviceRequested'),
        )
        .from(serviceRequests)
        .where(eq(serviceRequests.id, requestId));
      return row ?? null;
    },

    /** The job whose days carry this event on the installer's calendar. */
    async findRequestOfEvent(installerId: number, eventId: string): Promise<number | null> {
      const [row] = await db
        .select({ requestId: calendarDays.requestId })
        .from(calendarDays)
        .where(and(eq(calendarDays.installerId, installerId), eq(calendarDays.eventId, eventId)))
        .limit(1);
      return row?.requestId ?? null;
    },

    /** Writes the event id on the job's booked or started days that have none; how many rows. */
    setEventId: (requestId: number, installerId: number, eventId: string) =>
      lifecycleDays.setCalendarEventId(db, requestId, installerId, eventId),

    async clearEventIds(requestId: number, installerId: number, eventIds: string[]) {
      if (eventIds.length === 0) return;
      await db
        .update(calendarDays)
        .set({ eventId: null })
        .where(
          and(
            eq(calendarDays.requestId, requestId),
            eq(calendarDays.installerId, installerId),
            inArray(calendarDays.eventId, eventIds),
          ),
        );
    },
  };
}
export type CalendarLinkRepository = ReturnType<typeof createCalendarLinkRepository>;
export { APPOINTABLE };
