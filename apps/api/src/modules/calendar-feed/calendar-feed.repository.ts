import { FEED_WORK_STATUSES } from '@app/contracts/calendar-feed.contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarDays } from '../../db/schema/calendar';
import { calendarFeeds } from '../../db/schema/calendar-feed';
import { customers } from '../../db/schema/customers';
import { dealers, installers } from '../../db/schema/identity';
import { requestServices, serviceRequests } from '../../db/schema/service-requests';
import type { FeedJob } from './calendar-feed.ics';

export type FeedRow = typeof calendarFeeds.$inferSelect;

function vehicleOf(r: Record<string, unknown>): string | null {
  const parts = [r.vehicle_year, r.vehicle_make, r.vehicle_model, r.vehicle_trim].filter(
    (part) => part !== null && part !== undefined && String(part).trim() !== '',
  );
  return parts.length > 0 ? parts.join(' ') : null;
}

const text = (value: unknown): string | null => (value == null || value === '' ? null : String(value));

/** The feed's rows (calendar_feeds) and its one read of the jobs. */
export function createCalendarFeedRepository(db: Db) {
  async function findByInstaller(installerId: number): Promise<FeedRow | null> {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.installerId, installerId));
    return row ?? null;
  }

  return {
    findByInstaller,

    /** The feed a token's hash opens, with the installer's name (the calendar's name). */
    async findByTokenHash(tokenHash: string): Promise<{ feed: FeedRow; installerName: string } | null> {
      const [row] = await db
        .select({ feed: calendarFeeds, installerName: installers.name })
        .from(calendarFeeds)
        .innerJoin(installers, eq(installers.id, calendarFeeds.installerId))
        .where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Creates the feed unless the installer has one; the row either way, and whether it is new. */
    async insertIfAbsent(values: {
      installerId: number;
      tokenSalt: string;
      tokenHash: string;
      createdByUserId: number;
      now: Date;
    }): Promise<{ row: FeedRow; created: boolean }> {
      const { now, ...rest } = values;
      const [inserted] = await db
        .insert(calendarFeeds)
        .values({ ...rest, createdAt: now })
        .onConflictDoNothing({ target: calendarFeeds.installerId })
        .returning();
      if (inserted) return { row: inserted, created: true };
      const existing = await findByInstaller(values.installerId);
      if (!existing) throw new Error(`calendar feed of installer ${values.installerId} vanished`);
      return { row: existing, created: false };
    },

    /** A new token in place (the old hash is gone in the same statement); null when the feed is off. */
    async replaceToken(values: {
      installerId: number;
      tokenSalt: string;
      tokenHash: string;
      createdByUserId: number;
      now: Date;
    }): Promise<FeedRow | null> {
      const [row] = await db
        .update(calendarFeeds)
        .set({
          tokenSalt: values.tokenSalt,
          tokenHash: values.tokenHash,
          createdByUserId: values.createdByUserId,
          createdAt: values.now,
          contentEtag: null,
          contentChangedAt: null,
        })
        .where(eq(calendarFeeds.installerId, values.installerId))
        .returning();
      return row ?? null;
    },

    async delete(installerId: number): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.installerId, installerId));
    },

    /** Remembers a new body's ETag and when it changed (only written when the body changed). */
    async recordContent(feedId: number, etag: string, now: Date): Promise<void> {
      await db
        .update(calendarFeeds)
        .set({ contentEtag: etag, contentChangedAt: now })
        .where(eq(calendarFeeds.id, feedId));
    },

    /**
     * The installer's booked, started and finished jobs with work days in [from, to], in one statement: a
     * range scan of calendar_days_installer_date_idx grouped per job, then each job's request, customer,
     * dealership and service lines by primary key / index (no read per job from here).
     */
    async listFeedJobs(installerId: number, from: string, to: string): Promise<FeedJob[]> {
      const result = await db.execute(sql`
        with days as (
          select request_id,
            string_agg(distinct work_date::text, ',' order by work_date::text) as days,
            max(updated_at) as rows_changed
          from ${calendarDays}
          where installer_id = ${installerId} and work_date between ${from} and ${to}
            and work_status in ${[...FEED_WORK_STATUSES]}
          group by request_id
        )
        select d.request_id, d.days, sr.version, sr.request_type, sr.current_state,
          sr.vehicle_year, sr.vehicle_make, sr.vehicle_model, sr.vehicle_trim, sr.service_requested,
          to_char(sr.due_date at time zone 'UTC', 'YYYY-MM-DD') as due_day,
          extract(epoch from greatest(sr.updated_at, d.rows_changed))::float8 as changed_at,
          c.name as customer_name, dl.name as dealer_name,
          (select string_agg(coalesce(nullif(rs.custom_description, ''), rs.description), ', '
              order by rs.position, rs.id)
            from ${requestServices} rs where rs.request_id = d.request_id) as services
        from days d
        join ${serviceRequests} sr on sr.id = d.request_id and sr.deleted_at is null
        left join ${customers} c on c.id = sr.customer_id
        left join ${dealers} dl on dl.id = sr.dealer_id
        order by split_part(d.days, ',', 1), d.request_id`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return rows.map((r) => ({
        requestId: Number(r.request_id),
        days: String(r.days).split(','),
        version: Number(r.version),
        changedAt: new Date(Math.round(Number(r.changed_at) * 1000)),
        requestType: String(r.request_type),
        currentState: String(r.current_state),
        vehicle: vehicleOf(r),
        services: text(r.services) ?? text(r.service_requested) ?? '',
        customerName: text(r.customer_name),
        dealerName: text(r.dealer_name),
        dueDay: text(r.due_day),
      }));
    },
  };
}
export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;
