import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Installer groups: locations of one business that may transfer jobs between them (000 §6). */
export const installerGroups = pgTable('installer_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Dealerships (000 §3, 001 §3, 002 §3). */
export const dealers = pgTable(
  'dealers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    billingEmail: text('billing_email'),
    dealerType: text('dealer_type'),
    stripeCustomerId: text('stripe_customer_id'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    customerContract: text('customer_contract').notNull().default('N'),
    installerCategories: text('installer_categories'),
    isActive: boolean('is_active').notNull().default(true),
    vendorVisibilityMode: text('vendor_visibility_mode').notNull().default('all'),
    /** Installer who created this dealership as its customer (installer wizard, 001 §2.3); null for self-registered dealers. */
    createdByInstallerId: integer('created_by_installer_id').references((): AnyPgColumn => installers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check('dealers_customer_contract_check', sql`${t.customerContract} in ('Y','N')`),
    check('dealers_vendor_visibility_check', sql`${t.vendorVisibilityMode} in ('all','preferred')`),
    index('dealers_name_idx').on(t.name),
    index('dealers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The dealerships an installer added (one arm of its dealerships list, beside installer_dealers).
    index('dealers_created_by_installer_idx')
      .on(t.createdByInstallerId)
      .where(sql`${t.createdByInstallerId} is not null`),
  ],
);

/** Installer companies (specialists). Each is one location of an optional installer group (001 §3, 002 §3). */
export const installers = pgTable(
  'installers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    category: text('category'),
    offersRetail: boolean('offers_retail').notNull().default(true),
    offersWholesale: boolean('offers_wholesale').notNull().default(true),
    /** Job-days the shop can work per calendar day (decision 28; default 8). */
    capacity: integer('capacity').notNull().default(8),
    /** Sales tax for retail work, in basis points (825 = 8.25 %). */
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    stripeTaxRate: text('stripe_tax_rate'),
    stripeAccountId: text('stripe_account_id'),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    /** When the provider's event that set onboarding_complete happened: an older event arriving later is ignored. */
    onboardingEventAt: timestamp('onboarding_event_at', { withTimezone: true }),
    isTrial: boolean('is_trial').notNull().default(false),
    trialJobsCompleted: integer('trial_jobs_completed').notNull().default(0),
    subscription: text('subscription').notNull().default('ASSIST'),
    calendarId: text('calendar_id'),
    calendarAuthenticated: boolean('calendar_authenticated').notNull().default(false),
    customerContract: text('customer_contract').notNull().default('N'),
    installerGroupId: integer('installer_group_id').references(() => installerGroups.id),
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [
    check('installers_capacity_check', sql`${t.capacity} > 0`),
    check('installers_tax_rate_check', sql`${t.taxRateBps} >= 0 and ${t.taxRateBps} <= 10000`),
    check('installers_customer_contract_check', sql`${t.customerContract} in ('Y','N')`),
    check('installers_subscription_check', sql`${t.subscription} in ('ASSIST','DIRECT','STANDARD','ADMIN')`),
    index('installers_group_idx').on(t.installerGroupId),
  ],
);

/** Physical locations of an installer, with the card reader configured there (000 §3). */
export const installerLocations = pgTable(
  'installer_locations',
  {
    id: serial('id').primaryKey(),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Card reader id (Stripe Terminal reader, or a simulated reader id of the local payment adapter). */
    cardReaderId: text('card_reader_id'),
    /** Overrides the installer's capacity when set. */
    capacity: integer('capacity'),
    createdAt: createdAt(),
  },
  (t) => [index('installer_locations_installer_idx').on(t.installerId)],
);

/**
 * Users of both kinds, and dealer team contacts (login disabled, status 'contact', 001 §3).
 * A user belongs to one primary company: a dealer for dealer users, an installer otherwise.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    userType: text('user_type').notNull(),
    access: text('access').notNull().default('STANDARD'),
    dealerId: integer('dealer_id').references(() => dealers.id),
    installerId: integer('installer_id').references(() => installers.id),
    passwordHash: text('password_hash'),
    status: text('status').notNull().default('active'),
    loginEnabled: boolean('login_enabled').notNull().default(true),
    contactRole: text('contact_role'),
    createdByUserId: integer('created_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_login_unique').on(sql`lower(${t.email})`).where(sql`${t.loginEnabled}`),
    index('users_dealer_idx').on(t.dealerId),
    index('users_installer_idx').on(t.installerId),
    check('users_user_type_check', sql`${t.userType} in ('dealer','installer')`),
    check('users_access_check', sql`${t.access} in ('ASSIST','DIRECT','STANDARD','ADMIN')`),
    check('users_status_check', sql`${t.status} in ('active','pending','disabled','contact')`),
    check(
      'users_company_check',
      sql`(${t.userType} = 'dealer' and ${t.dealerId} is not null and ${t.installerId} is null) or (${t.userType} = 'installer' and ${t.installerId} is not null and ${t.dealerId} is null)`,
    ),
  ],
);

/** Additional companies a user may reach (002 §2.11 Company Access), of the user's own company type. */
export const userCompanyAccess = pgTable(
  'user_company_access',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'cascade' }),
    installerId: integer('installer_id').references(() => installers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_company_access_unique').on(t.userId, t.dealerId, t.installerId).nullsNotDistinct(),
    check('user_company_access_one_company', sql`(${t.dealerId} is null) <> (${t.installerId} is null)`),
  ],
);

/**
 * The W-9 an installer keeps on file (decision 023): at most one per installer, the stored object's key in the
 * storage port and what was uploaded. Dealerships that pay the installer by check or cash download it.
 */
export const installerW9s = pgTable(
  'installer_w9s',
  {
    installerId: integer('installer_id')
      .primaryKey()
      .references(() => installers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'installer_w9s_content_type_check',
      sql`${t.contentType} in ('application/pdf','image/jpeg','image/png')`,
    ),
    check('installer_w9s_size_check', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 10485760`),
  ],
);

/** Rotating refresh tokens. Each use replaces the token; a reused token revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company this session is scoped to (company switching, 002 §2.3). */
    companyId: integer('company_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Sign-in and reset attempts, shared by every API process so rate limits hold across them. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.hitAt)],
);

/**
 * Sign-in throttles (docs/decisions/006-sign-in-throttling.md), one counter row per bucket, shared by every
 * API process. An attempt is reserved by one INSERT … ON CONFLICT DO UPDATE … RETURNING before the password
 * is checked, so parallel attempts cannot pass a limit. `account` (the e-mail) lets a password reset clear
 * every throttle of that account.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    bucket: text('bucket').primaryKey(),
    account: text('account'),
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    index('auth_throttles_account_idx').on(t.account),
    index('auth_throttles_window_idx').on(t.windowStart),
  ],
);

/** Key/value settings kept in the database (e.g. the development JWT secret is kept in DATA_DIR instead). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
