import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Page views (labels dealerRequests, dealerJobs, dealerPickups, installerRequests, installerJobs,
 * installerPickups, dealerReferralDetail, … 000 §2). `companyId` is a dealer id or an installer id,
 * as `companyType` says. `requestId` is the request shown (no foreign key: a view is a record of what
 * was looked at and must not fail or vanish with the request). Dealer monthly statements are derived
 * from invoices and payments (no table).
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    label: text('label').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id'),
    companyType: text('company_type'),
    path: text('path'),
    requestId: integer('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'page_views_company_type_check',
      sql`${t.companyType} is null or ${t.companyType} in ('dealer','installer')`,
    ),
    index('page_views_label_created_idx').on(t.label, t.createdAt),
    index('page_views_user_created_idx').on(t.userId, t.createdAt),
    index('page_views_request_idx').on(t.requestId),
  ],
);
