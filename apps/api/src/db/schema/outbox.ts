import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Durable outbox for side effects (e-mail, SMS, calendar, referral updates).
 * Rows are written in the same transaction as the change that causes them and delivered
 * by a worker in every API process; `FOR UPDATE SKIP LOCKED` lets several processes share it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(12),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The request (job) this effect belongs to, so its delivery state can be shown on the job. */
    requestId: integer('request_id'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_channel_check', sql`${t.channel} in ('email','sms','calendar','referral','webhook')`),
    check('outbox_status_check', sql`${t.status} in ('pending','sending','sent','failed','dead')`),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending','failed')`),
    index('outbox_request_idx').on(t.requestId),
    index('outbox_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'sending'`),
    uniqueIndex('outbox_dedupe_unique').on(t.dedupeKey),
  ],
);

/** What the local (offline) mail and SMS adapters delivered, read by the dev mailbox page. */
export const localMessages = pgTable(
  'local_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('local_messages_channel_check', sql`${t.channel} in ('email','sms')`),
    uniqueIndex('local_messages_outbox_unique').on(t.outboxId),
    index('local_messages_to_idx').on(t.to),
  ],
);
