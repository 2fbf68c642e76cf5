import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { installerLocations, installers } from './identity';
import { requestServices, serviceRequests } from './service-requests';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The schedule of a request (requestId, installerId, installerCapacity, startDate; PUT|POST /schedule/,
 * decision 6): one per request, replaced when the job is rescheduled or reassigned.
 */
export const requestSchedules = pgTable(
  'request_schedules',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    /** The capacity the installer had when booking (job-days per day). */
    installerCapacity: integer('installer_capacity'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /** Start + duration − 1 day (decision 8). */
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'request_schedules_capacity_check',
      sql`${t.installerCapacity} is null or ${t.installerCapacity} > 0`,
    ),
    uniqueIndex('request_schedules_request_unique').on(t.requestId),
    index('request_schedules_installer_start_idx').on(t.installerId, t.startDate),
  ],
);

/**
 * Calendar days (requestId, serviceId, workDate, workStatus, daily_work, installerId, event_id): one row per
 * service line and work date. `dailyWorkTenths` is the part of the line's duration worked that day, in
 * tenths of a day (10 = a full day); the rows of a job add up to its duration. `eventId` is the external
 * calendar's appointment id (present = synced).
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    requestServiceId: integer('request_service_id').references(() => requestServices.id, {
      onDelete: 'cascade',
    }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => installerLocations.id, { onDelete: 'set null' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    workStatus: text('work_status').notNull().default('draft'),
    /** Work on that day in tenths of a day (10 = 1 day). */
    dailyWorkTenths: integer('daily_work_tenths').notNull().default(10),
    eventId: text('event_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'calendar_days_work_status_check',
      sql`${t.workStatus} in ('draft','pending','booked','started','finished')`,
    ),
    check('calendar_days_daily_work_check', sql`${t.dailyWorkTenths} >= 0`),
    index('calendar_days_installer_date_idx').on(t.installerId, t.workDate),
    index('calendar_days_request_idx').on(t.requestId),
    index('calendar_days_service_idx').on(t.requestServiceId),
  ],
);

/**
 * Days an installer closed (holiday, training; row 66, decision 022): availability, the wizards' date pickers
 * and claims refuse them, and the calendar screen shows them. One row per installer and day.
 */
export const calendarBlockedDays = pgTable(
  'calendar_blocked_days',
  {
    id: serial('id').primaryKey(),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    /** Why the day is closed, shown on the calendar ('' when not given). */
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_blocked_days_installer_date_unique').on(t.installerId, t.workDate),
    check('calendar_blocked_days_reason_check', sql`length(${t.reason}) <= 120`),
  ],
);
