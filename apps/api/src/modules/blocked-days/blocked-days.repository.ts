import { and, asc, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calendarBlockedDays, calendarDays } from '../../db/schema/calendar';

type Conn = Db | Tx;

export type BlockedDayRow = typeof calendarBlockedDays.$inferSelect;

/** Work statuses that commit a day (K20): such work must be moved before the day can be blocked. */
const committedStatuses = ['pending', 'booked', 'started'] as const;

/**
 * The blocked days of an installer (row 66). Free functions over a connection, so the lifecycle, request
 * creation and scheduling read them inside their own transactions (one indexed read of the unique
 * (installer_id, work_date) index each).
 */
export const blockedDaysRepository = {
  /** Blocked days from `from` (to `to` when given), in date order. */
  list(conn: Conn, installerId: number, from: string, to: string | null): Promise<BlockedDayRow[]> {
    return conn
      .select()
      .from(calendarBlockedDays)
      .where(
        and(
          eq(calendarBlockedDays.installerId, installerId),
          gte(calendarBlockedDays.workDate, from),
          to === null ? undefined : lte(calendarBlockedDays.workDate, to),
        ),
      )
      .orderBy(asc(calendarBlockedDays.workDate));
  },

  /**
   * Serialises blocking a day with booking work onto it: both take the transaction-scoped lock of each
   * (installer, day) before they read the other's rows, so one of them always sees what the other committed
   * (without it, a block and a booking of the same day could each pass its check and both commit). The
   * days are locked in date order, so two bookings that share days wait for each other instead of
   * deadlocking. The two-integer advisory key space is this lock's alone.
   */
  async lockDays(conn: Conn, installerId: number, days: readonly string[]): Promise<void> {
    const sorted = [...new Set(days)].sort();
    if (sorted.length === 0) return;
    await conn.execute(
      sql`select count(pg_advisory_xact_lock(${installerId}::int, (d::date - date '2000-01-01')))
          from unnest(string_to_array(${sorted.join(',')}, ',')) as d`,
    );
  },

  /** Which of `days` are blocked for the installer, in date order. */
  async findAmong(
    conn: Conn,
    installerId: number,
    days: readonly string[],
  ): Promise<{ workDate: string; reason: string }[]> {
    if (days.length === 0) return [];
    return conn
      .select({ workDate: calendarBlockedDays.workDate, reason: calendarBlockedDays.reason })
      .from(calendarBlockedDays)
      .where(
        and(
          eq(calendarBlockedDays.installerId, installerId),
          inArray(calendarBlockedDays.workDate, [...days]),
        ),
      )
      .orderBy(asc(calendarBlockedDays.workDate));
  },

  /** Blocks the day, or replaces the reason of a day already blocked; `created` tells which. */
  async upsert(
    conn: Conn,
    values: { installerId: number; workDate: string; reason: string; now: Date },
  ): Promise<{ row: BlockedDayRow; created: boolean }> {
    const [row] = await conn
      .insert(calendarBlockedDays)
      .values({
        installerId: values.installerId,
        workDate: values.workDate,
        reason: values.reason,
        createdAt: values.now,
      })
      .onConflictDoUpdate({
        target: [calendarBlockedDays.installerId, calendarBlockedDays.workDate],
        set: { reason: values.reason },
      })
      .returning({ ...getTableColumns(calendarBlockedDays), created: sql<boolean>`(xmax = 0)` });
    const { created, ...rest } = row as BlockedDayRow & { created: boolean };
    return { row: rest, created: Boolean(created) };
  },

  /** Unblocks the day; false when it was not blocked. */
  async remove(conn: Conn, installerId: number, workDate: string): Promise<boolean> {
    const removed = await conn
      .delete(calendarBlockedDays)
      .where(
        and(eq(calendarBlockedDays.installerId, installerId), eq(calendarBlockedDays.workDate, workDate)),
      )
      .returning({ id: calendarBlockedDays.id });
    return removed.length > 0;
  },

  /** The jobs with committed work (pending, booked, started) on the installer's day, in id order. */
  async listCommittedJobs(conn: Conn, installerId: number, workDate: string): Promise<number[]> {
    const rows = await conn
      .selectDistinct({ requestId: calendarDays.requestId })
      .from(calendarDays)
      .where(
        and(
          eq(calendarDays.installerId, installerId),
          eq(calendarDays.workDate, workDate),
          inArray(calendarDays.workStatus, [...committedStatuses]),
        ),
      )
      .orderBy(asc(calendarDays.requestId));
    return rows.map((r) => r.requestId);
  },
};
