import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { installers, users } from './identity';

/**
 * The ICS subscription feed of an installer (location): `/api/calendar/{token}.ics` (issue 12,
 * docs/decisions/025-calendar-feed.md). One row per installer while its feed is on; resetting replaces the
 * salt and the hash in place (the old token finds nothing at once), turning it off deletes the row.
 *
 * The token is never stored: it is HMAC-SHA256(server key, `tokenSalt`), so the server can show the link
 * again, while a copy of the database alone opens no feed. `tokenHash` (SHA-256 of the token) finds the row.
 * `contentEtag` / `contentChangedAt` remember the last body served, for ETag and Last-Modified.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    /** 32 random bytes (base64url) the token is derived from. */
    tokenSalt: text('token_salt').notNull(),
    /** SHA-256 (hex) of the token. */
    tokenHash: text('token_hash').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The ETag of the last body served (null until the first fetch). */
    contentEtag: text('content_etag'),
    /** When the served body last changed (the feed's Last-Modified). */
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_installer_unique').on(t.installerId),
    uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash),
  ],
);
