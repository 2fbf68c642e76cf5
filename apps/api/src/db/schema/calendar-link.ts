import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { installers, users } from './identity';

/** What the connection's status means (002 §4: not connected → selection of a calendar → connected). */
export const CALENDAR_CONNECTION_STATUSES = [
  'needs_selection',
  'connected',
  'expired',
  'disconnected',
] as const;
export type CalendarConnectionStatus = (typeof CALENDAR_CONNECTION_STATUSES)[number];

/**
 * An installer location's link to its external calendar (issue 12; docs/decisions/026-calendar-link.md): one
 * row per installer. The refresh token is stored only encrypted (AES-256-GCM, `v1.iv.tag.ciphertext`);
 * `stateNonce` is the nonce of the one authorisation in flight (a return must carry it, once). The installer's
 * `calendar_id` / `calendar_authenticated` follow this row (set when connected, cleared otherwise): the menu
 * counts, row 55 and the lifecycle read them.
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    installerId: integer('installer_id')
      .primaryKey()
      .references(() => installers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status').$type<CalendarConnectionStatus>().notNull().default('disconnected'),
    refreshTokenCiphertext: text('refresh_token_ciphertext'),
    calendarId: text('calendar_id'),
    /** The account's calendars as last listed (id, name, primary): what may be selected. */
    calendars: jsonb('calendars').$type<{ id: string; name: string; primary: boolean }[]>(),
    stateNonce: text('state_nonce'),
    connectedByUserId: integer('connected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('calendar_connections_provider_check', sql`${t.provider} in ('google','local')`),
    check(
      'calendar_connections_status_check',
      sql`${t.status} in ('needs_selection','connected','expired','disconnected')`,
    ),
  ],
);
