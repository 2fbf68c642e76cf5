import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { dealers, users } from './identity';
import { serviceRequests } from './service-requests';

/**
 * Customer contracts of dealer requests (002 §2.15; catalogue §3.10). A contract is created when the
 * PDF is first stored: electronically signed (`signedAt` set at upload), or downloaded for manual
 * signing (`downloadedAt`, then `signedAt` once the manual signature is confirmed). The state records
 * CONTRACT_SIGNED_ELECTRONIC / CONTRACT_DOWNLOADED / CONTRACT_SIGNED_MANUAL go to request_state_history.
 * `filePath` is relative to DATA_DIR (or an object-store key).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    signatureMethod: text('signature_method').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    filePath: text('file_path').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contracts_signature_method_check', sql`${t.signatureMethod} in ('electronic','manual')`),
    check(
      'contracts_electronic_signed_check',
      sql`${t.signatureMethod} <> 'electronic' or ${t.signedAt} is not null`,
    ),
    index('contracts_request_idx').on(t.requestId, t.createdAt),
    index('contracts_customer_idx').on(t.customerId),
  ],
);
