import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dealers, installers } from './identity';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Retail customers, owned by an installer (customer_id, customer_name, customer_Email_Address,
 * customer_phone_number, customer_address, customer_type, owning_installer, stripe_customer_id).
 * The referral flow creates customers with owningInstaller 0: stored as null (no owner yet). `dealerId` is
 * the dealership the customer bought from, for customers created by a dealer (referrals, dealer contracts).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    owningInstallerId: integer('owning_installer_id').references(() => installers.id, {
      onDelete: 'set null',
    }),
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    customerType: text('customer_type').notNull().default('Prospect'),
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lists' order (customers.repository.ts listCustomers): a page is one range, read in order.
    index('customers_owner_name_idx').on(t.owningInstallerId, sql`lower(${t.name})`, t.id),
    index('customers_email_idx').on(sql`lower(${t.email})`),
    index('customers_dealer_idx').on(t.dealerId, sql`lower(${t.name})`, t.id),
    // A name anywhere in the name (the financials' search over every date, decision 029): the trigrams of
    // the lowered name (pg_trgm), so `lower(name) like '%term%'` reads the names that hold the term.
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/**
 * Dealerships an installer works with: the "Dealerships" side of the installer's customers screen
 * (GET /dealerInstall/{typeId}, 002 §7) and the dealer customers of the installer wizard.
 */
export const installerDealers = pgTable(
  'installer_dealers',
  {
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.installerId, t.dealerId] }),
    index('installer_dealers_dealer_idx').on(t.dealerId),
  ],
);

/**
 * A dealer's vendor preference per service category (category_name, vendor_visibility_mode all|preferred,
 * default_vendor_id; 001 §3). The dealer-wide default mode is dealers.vendor_visibility_mode.
 */
export const dealerVendorPreferences = pgTable(
  'dealer_vendor_preferences',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    categoryName: text('category_name').notNull(),
    vendorVisibilityMode: text('vendor_visibility_mode').notNull().default('all'),
    defaultInstallerId: integer('default_installer_id').references(() => installers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'dealer_vendor_preferences_visibility_check',
      sql`${t.vendorVisibilityMode} in ('all','preferred')`,
    ),
    uniqueIndex('dealer_vendor_preferences_dealer_category_unique').on(t.dealerId, t.categoryName),
  ],
);

/** Specialists a dealer prefers (dealer_preferred = 1 in the proximity list, K39). */
export const dealerPreferredInstallers = pgTable(
  'dealer_preferred_installers',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    installerId: integer('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dealerId, t.installerId] }),
    index('dealer_preferred_installers_installer_idx').on(t.installerId),
  ],
);
