import { toIsoDate } from '@app/domain/scheduling/dates';
import { makePlaceholderVin } from '@app/domain/vehicles/vin';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../platform/security/password';
import type { Db, Tx } from './client';
import { createPageView } from './factories/analytics';
import {
  addServiceInclusion,
  assignTemplateToDealer,
  type Catalog,
  type CatalogService,
  createCatalogServices,
  createCatalogTemplate,
  createServiceTrimOverride,
  type SizePrices,
  type VehicleSize,
  wholesaleFromRetail,
} from './factories/catalog';
import { addDaysToInstant, startOfUtcDay } from './factories/common';
import { createContract } from './factories/contracts';
import {
  addPreferredInstaller,
  type Customer,
  createCustomer,
  createDealerVendorPreference,
  linkInstallerDealer,
} from './factories/customers';
import {
  createDealer,
  createInstaller,
  createInstallerGroup,
  createInstallerLocation,
  createUser,
  type Dealer,
  grantCompanyAccess,
  type Installer,
  type User,
} from './factories/identity';
import { createCardPaymentAttempt, createInvoice, createPayment } from './factories/money';
import { createReferral } from './factories/referrals';
import {
  type CalendarInput,
  type CreateServiceRequestOptions,
  createServiceRequest,
  jobDays,
  type OfferInput,
  type ServiceLineInput,
} from './factories/service-requests';
import { createVehicle, insertVehicleReference, type Vehicle } from './factories/vehicles';
import { setInvoiceSeries } from './invoice-numbers';
import { calendarBlockedDays } from './schema/calendar';
import { installerW9s, users } from './schema/identity';
import { referralPayouts, referrals } from './schema/referrals';
import { listDemoVehicles, vehicleReference } from './seed-data/vehicles';
import { seedFinancialHistory } from './seed-financials';

/** Password of every demo account (CONVENTIONS "Demo data"). */
export const DEMO_PASSWORD = 'demo1234';

/** Advisory lock taken by the seeding transaction, so two processes booting together seed once. */
const SEED_LOCK_KEY = 727_275;

type ServiceDef = {
  category: string;
  description: string;
  durationTenths: number;
  retail: [number, number, number];
};

/** The demo service catalog: retail dollars for L, M, S; durations in tenths of a day. */
const SERVICE_CATALOG: ServiceDef[] = [
  { category: 'PPF', description: 'Full Front PPF', durationTenths: 10, retail: [2200, 1900, 1700] },
  { category: 'PPF', description: 'Full Body PPF', durationTenths: 30, retail: [6500, 5800, 5200] },
  { category: 'PPF', description: 'Partial Front PPF', durationTenths: 5, retail: [1100, 950, 850] },
  { category: 'PPF', description: 'Track Pack PPF', durationTenths: 15, retail: [3200, 2900, 2600] },
  {
    category: 'Glass/Tint',
    description: 'Ceramic Window Tint (all sides)',
    durationTenths: 5,
    retail: [650, 550, 450],
  },
  {
    category: 'Glass/Tint',
    description: 'Carbon Window Tint (all sides)',
    durationTenths: 4,
    retail: [420, 360, 300],
  },
  { category: 'Glass/Tint', description: 'Windshield Tint', durationTenths: 3, retail: [300, 250, 220] },
  { category: 'Glass/Tint', description: 'Sunroof Tint', durationTenths: 2, retail: [150, 150, 120] },
  { category: 'Paint', description: 'Paint Correction 1-Step', durationTenths: 10, retail: [750, 600, 500] },
  {
    category: 'Paint',
    description: 'Paint Correction 2-Step',
    durationTenths: 15,
    retail: [1200, 1000, 850],
  },
  { category: 'Paint', description: 'Ceramic Coating', durationTenths: 10, retail: [1500, 1200, 1000] },
  { category: 'Paint', description: 'Bumper Repaint', durationTenths: 10, retail: [650, 600, 550] },
  { category: 'Other Services', description: 'Full Wrap', durationTenths: 40, retail: [5200, 4500, 3800] },
  { category: 'Other Services', description: 'Chrome Delete', durationTenths: 10, retail: [900, 800, 700] },
  { category: 'Other Services', description: 'Full Detail', durationTenths: 5, retail: [450, 375, 300] },
  {
    category: 'Other Services',
    description: 'Headlight Restoration',
    durationTenths: 2,
    retail: [180, 150, 150],
  },
  // Priced 0: the installer wizard's custom service (description, cost and time entered per job, 001 §4).
  { category: 'Other Services', description: 'Custom Work', durationTenths: 10, retail: [0, 0, 0] },
];

/** Clearview is a tint shop: its smaller catalog. */
const CLEARVIEW_SERVICES = new Set([
  'Partial Front PPF',
  'Ceramic Window Tint (all sides)',
  'Carbon Window Tint (all sides)',
  'Windshield Tint',
  'Sunroof Tint',
  'Ceramic Coating',
  'Full Detail',
  'Headlight Restoration',
]);

type InstallerCatalog = Map<string, CatalogService>;

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ n: count() }).from(users);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Seeds the demo data set (CONVENTIONS "Demo data") into a database without users, in one transaction.
 * Returns seeded false, touching nothing, when any user exists. Dates are relative to `options.now`.
 */
export async function seedDemoData(db: Db, options: { now?: Date } = {}): Promise<{ seeded: boolean }> {
  if (await hasUsers(db)) return { seeded: false };
  const now = options.now ?? new Date();
  // Hash once, outside the transaction: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasUsers(tx)) return { seeded: false };
    await seedInto(tx, now, passwordHash);
    return { seeded: true };
  });
}

async function seedCatalog(
  tx: Tx,
  installer: Installer,
  options: { priceFactor: number; only?: Set<string> },
): Promise<InstallerCatalog> {
  const defs = SERVICE_CATALOG.filter((def) => !options.only || options.only.has(def.description));
  const created = await createCatalogServices(
    tx,
    defs.map((def) => {
      const [l, m, s] = def.retail.map((dollars) => Math.round(dollars * options.priceFactor) * 100) as [
        number,
        number,
        number,
      ];
      const retail: SizePrices = { L: l, M: m, S: s };
      return {
        installerId: installer.id,
        serviceCategory: def.category,
        description: def.description,
        durationTenths: def.durationTenths,
        installerCategory: def.category,
        retail,
        wholesale: wholesaleFromRetail(retail),
      };
    }),
  );
  const catalog: InstallerCatalog = new Map(created.map((service) => [service.master.description, service]));
  const fullBody = catalog.get('Full Body PPF');
  for (const included of ['Full Front PPF', 'Partial Front PPF']) {
    const inner = catalog.get(included);
    if (fullBody && inner) await addServiceInclusion(tx, fullBody.master.id, inner.master.id);
  }
  return catalog;
}

type LineSpec = string | [string, { discountCents?: number; serviceState?: string; serviceDate?: Date }];

/** Service lines priced from an installer's catalog for a vehicle size. */
function linesFrom(
  catalog: InstallerCatalog,
  kind: Catalog,
  size: VehicleSize,
  specs: LineSpec[],
): ServiceLineInput[] {
  return specs.map((spec) => {
    const [description, extra] = typeof spec === 'string' ? [spec, {}] : spec;
    const service = catalog.get(description);
    if (!service) throw new Error(`Demo catalog has no ${description}`);
    const row = service.row(kind, size);
    return {
      serviceId: row.id,
      masterServiceId: service.master.id,
      serviceCategory: service.master.serviceCategory,
      description,
      amountCents: row.priceCents,
      retailPriceCents: service.row('RETAIL', size).priceCents,
      durationTenths: service.master.durationTenths,
      ...extra,
    };
  });
}

async function seedInto(tx: Tx, now: Date, passwordHash: string): Promise<void> {
  const today = startOfUtcDay(now);
  /** `days` from today at `hour`:00 UTC. */
  const at = (days: number, hour = 9) => new Date(addDaysToInstant(today, days).getTime() + hour * 3_600_000);
  /** `hours` before now. */
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const ymd = (days: number) => toIsoDate(addDaysToInstant(today, days));

  // ── Companies and users ────────────────────────────────────────────────────────────────────────
  const sunrise = await createDealer(tx, {
    name: 'Sunrise Motors',
    email: 'service@sunrisemotors.test',
    billingEmail: 'accounting@sunrisemotors.test',
    phone: '8135550142',
    dealerType: 'Franchise',
    stripeCustomerId: 'cus_demo_sunrise',
    addressLine1: '4200 W Kennedy Blvd',
    city: 'Tampa',
    state: 'FL',
    zip: '33609',
    latitude: 27.9447,
    longitude: -82.5152,
    customerContract: 'N',
    installerCategories: 'PPF,Glass/Tint,Paint,Other Services',
    vendorVisibilityMode: 'preferred',
  });
  const harbor = await createDealer(tx, {
    name: 'Harbor Auto Group',
    email: 'service@harborautogroup.test',
    billingEmail: 'ap@harborautogroup.test',
    phone: '7275550187',
    dealerType: 'Independent',
    stripeCustomerId: 'cus_demo_harbor',
    addressLine1: '2901 34th St N',
    city: 'St. Petersburg',
    state: 'FL',
    zip: '33713',
    latitude: 27.7989,
    longitude: -82.6793,
    customerContract: 'Y',
    installerCategories: 'PPF,Glass/Tint,Paint',
    vendorVisibilityMode: 'all',
  });

  const eliteGroup = await createInstallerGroup(tx, { name: 'Elite Auto Film Group' });
  const elite = await createInstaller(tx, {
    name: 'Elite Auto Film',
    // The owner's sign-in e-mail, so installer@demo.test may open the payment dashboard (002 §6, row 108).
    email: 'installer@demo.test',
    phone: '8135550110',
    category: 'PPF',
    capacity: 8,
    taxRateBps: 750,
    stripeTaxRate: 'txr_demo_fl_hillsborough',
    stripeAccountId: 'acct_demo_elite_main',
    onboardingComplete: true,
    subscription: 'STANDARD',
    calendarId: 'shop@calendar.local',
    calendarAuthenticated: true,
    installerGroupId: eliteGroup.id,
    addressLine1: '1802 N Dale Mabry Hwy',
    city: 'Tampa',
    state: 'FL',
    zip: '33607',
    latitude: 27.9594,
    longitude: -82.5059,
  });
  const north = await createInstaller(tx, {
    name: 'Elite Auto Film North',
    email: 'north@eliteautofilm.test',
    phone: '8135550177',
    category: 'PPF',
    capacity: 6,
    taxRateBps: 750,
    stripeTaxRate: 'txr_demo_fl_hillsborough',
    stripeAccountId: 'acct_demo_elite_north',
    onboardingComplete: true,
    subscription: 'STANDARD',
    installerGroupId: eliteGroup.id,
    addressLine1: '15405 N Dale Mabry Hwy',
    city: 'Tampa',
    state: 'FL',
    zip: '33618',
    latitude: 28.09,
    longitude: -82.5012,
  });
  const clearview = await createInstaller(tx, {
    name: 'Clearview Tint',
    email: 'hello@clearviewtint.test',
    phone: '7275550123',
    category: 'Glass/Tint',
    capacity: 4,
    taxRateBps: 700,
    isTrial: true,
    onboardingComplete: false,
    trialJobsCompleted: 0,
    addressLine1: '2455 Gulf to Bay Blvd',
    city: 'Clearwater',
    state: 'FL',
    zip: '33765',
    latitude: 27.959,
    longitude: -82.742,
  });
  const eliteMain = await createInstallerLocation(tx, {
    installerId: elite.id,
    name: 'Elite Auto Film - Westshore',
    latitude: elite.latitude,
    longitude: elite.longitude,
    cardReaderId: 'sim_reader_elite_main',
  });
  const northMain = await createInstallerLocation(tx, {
    installerId: north.id,
    name: 'Elite Auto Film North - Carrollwood',
    latitude: north.latitude,
    longitude: north.longitude,
  });
  const clearviewMain = await createInstallerLocation(tx, {
    installerId: clearview.id,
    name: 'Clearview Tint - Clearwater',
    latitude: clearview.latitude,
    longitude: clearview.longitude,
  });

  const demoUser = (values: Parameters<typeof createUser>[1]) => createUser(tx, { passwordHash, ...values });
  const dealerUser = await demoUser({
    email: 'dealer@demo.test',
    name: 'Dana Whitfield',
    phone: '8135550143',
    userType: 'dealer',
    access: 'STANDARD',
    dealerId: sunrise.id,
  });
  await demoUser({
    email: 'assist@demo.test',
    name: 'Alex Romero',
    phone: '8135550144',
    userType: 'dealer',
    access: 'ASSIST',
    dealerId: sunrise.id,
  });
  const dealer2User = await demoUser({
    email: 'dealer2@demo.test',
    name: 'Marcus Hale',
    phone: '7275550188',
    userType: 'dealer',
    access: 'STANDARD',
    dealerId: harbor.id,
  });
  const installerUser = await demoUser({
    email: 'installer@demo.test',
    name: 'Evan Brooks',
    phone: '8135550111',
    userType: 'installer',
    access: 'ADMIN',
    installerId: elite.id,
  });
  const installer2User = await demoUser({
    email: 'installer2@demo.test',
    name: 'Nina Patel',
    phone: '8135550178',
    userType: 'installer',
    access: 'STANDARD',
    installerId: north.id,
  });
  const installer3User = await demoUser({
    email: 'installer3@demo.test',
    name: 'Carlos Vega',
    phone: '7275550124',
    userType: 'installer',
    access: 'STANDARD',
    installerId: clearview.id,
  });
  // The company dropdown of installer@demo.test lists both Elite locations.
  await grantCompanyAccess(tx, { userId: installerUser.id, installerId: elite.id });
  await grantCompanyAccess(tx, { userId: installerUser.id, installerId: north.id });
  // A dealership administrator (002 §2.11): manages Sunrise Motors' users at /users.
  await demoUser({
    email: 'dealeradmin@demo.test',
    name: 'Priya Shah',
    phone: '8135550146',
    userType: 'dealer',
    access: 'ADMIN',
    dealerId: sunrise.id,
  });
  // Elite's W-9 on file (decision 023), North's missing: a dealership's "paid by check or cash" list shows
  // both. The profile module writes the file (a generated form) on the start that seeded, and its size.
  await tx.insert(installerW9s).values({
    installerId: elite.id,
    storageKey: `w9/demo/installer-${elite.id}.pdf`,
    fileName: 'Elite Auto Film W-9.pdf',
    contentType: 'application/pdf',
    sizeBytes: 1,
    uploadedAt: addDaysToInstant(now, -40),
    uploadedByUserId: installerUser.id,
  });
  // Dealer team contacts: users that cannot sign in (001 §3).
  for (const [dealer, name, email, phone, role] of [
    [sunrise, 'Greg Lawson', 'greg.lawson@sunrisemotors.test', '8135550145', 'Sales Manager'],
    [harbor, 'Tina Morales', 'tina.morales@harborautogroup.test', '7275550189', 'Service Advisor'],
  ] as const) {
    await createUser(tx, {
      email,
      name,
      phone,
      userType: 'dealer',
      dealerId: dealer.id,
      loginEnabled: false,
      status: 'contact',
      contactRole: role,
      createdByUserId: dealer.id === sunrise.id ? dealerUser.id : dealer2User.id,
    });
  }

  // Relationships between dealerships and specialists.
  await linkInstallerDealer(tx, elite.id, sunrise.id);
  await linkInstallerDealer(tx, elite.id, harbor.id);
  await linkInstallerDealer(tx, north.id, harbor.id);
  await linkInstallerDealer(tx, clearview.id, harbor.id);
  // A dealership Elite added itself and that has no users of its own: Elite keeps its contact details on the
  // customers screen (R19; a dealership with users keeps its own record).
  const bayshore = await createDealer(tx, {
    name: 'Bayshore Classics',
    email: 'office@bayshoreclassics.test',
    billingEmail: 'billing@bayshoreclassics.test',
    phone: '8135550177',
    addressLine1: '3310 W Bay to Bay Blvd',
    city: 'Tampa',
    state: 'FL',
    zip: '33629',
    latitude: 27.9225,
    longitude: -82.4986,
    createdByInstallerId: elite.id,
  });
  await linkInstallerDealer(tx, elite.id, bayshore.id);
  await addPreferredInstaller(tx, sunrise.id, elite.id);
  await addPreferredInstaller(tx, sunrise.id, north.id);
  await createDealerVendorPreference(tx, {
    dealerId: sunrise.id,
    categoryName: 'PPF',
    vendorVisibilityMode: 'preferred',
    defaultInstallerId: elite.id,
  });
  await createDealerVendorPreference(tx, {
    dealerId: sunrise.id,
    categoryName: 'Glass/Tint',
    vendorVisibilityMode: 'all',
  });
  await createDealerVendorPreference(tx, {
    dealerId: harbor.id,
    categoryName: 'Glass/Tint',
    vendorVisibilityMode: 'all',
    defaultInstallerId: clearview.id,
  });

  // ── Reference data and catalogs ────────────────────────────────────────────────────────────────
  const reference = await insertVehicleReference(tx, vehicleReference);
  const eliteCatalog = await seedCatalog(tx, elite, { priceFactor: 1 });
  const northCatalog = await seedCatalog(tx, north, { priceFactor: 0.95 });
  const clearviewCatalog = await seedCatalog(tx, clearview, { priceFactor: 0.9, only: CLEARVIEW_SERVICES });

  // Two per-trim prices at Elite: a large truck trim and a small hatchback trim.
  const overrideTargets: [string, string, string, Catalog, number][] = [
    ['Ford', 'F-150', 'Full Front PPF', 'RETAIL', 245_000],
    ['Toyota', 'GR Corolla', 'Full Front PPF', 'WHOLE', 130_000],
  ];
  for (const [make, model, description, kind, price] of overrideTargets) {
    const { modelId } = reference.find(make, model);
    const trim = reference.trims.find((t) => t.modelId === modelId);
    const service = eliteCatalog.get(description);
    if (!trim || !service) continue;
    await createServiceTrimOverride(tx, {
      serviceId: service.row(kind, trim.size as VehicleSize).id,
      trimId: trim.id,
      installerId: elite.id,
      overridePriceCents: price,
    });
  }

  const template = await createCatalogTemplate(tx, {
    installerId: elite.id,
    name: 'Dealer Standard Package',
    createdAt: at(-30, 14),
    masterServiceIds: ['Full Front PPF', 'Ceramic Window Tint (all sides)', 'Ceramic Coating'].map(
      (d) => eliteCatalog.get(d)?.master.id ?? 0,
    ),
  });
  await assignTemplateToDealer(tx, {
    templateId: template.id,
    installerId: elite.id,
    dealerId: sunrise.id,
    assignedAt: at(-29, 10),
  });

  // ── Customers ──────────────────────────────────────────────────────────────────────────────────
  const customer = (owner: Installer | null, name: string, phone: string, address: string, extra = {}) =>
    createCustomer(tx, {
      owningInstallerId: owner?.id ?? null,
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.test`,
      phone,
      address,
      ...extra,
    });
  const marcus = await customer(
    elite,
    'Marcus Bennett',
    '8135550201',
    '3412 W Bay to Bay Blvd, Tampa, FL 33629',
    {
      dealerId: sunrise.id,
    },
  );
  const olivia = await customer(elite, 'Olivia Chen', '8135550202', '901 S Rome Ave, Tampa, FL 33606', {
    customerType: 'Customer',
    stripeCustomerId: 'cus_demo_olivia',
  });
  const david = await customer(elite, 'David Thompson', '8135550203', '2708 W Azeele St, Tampa, FL 33609', {
    customerType: 'Customer',
  });
  const sophia = await customer(
    elite,
    'Sophia Martinez',
    '8135550204',
    '4812 S Westshore Blvd, Tampa, FL 33611',
    {
      customerType: 'Customer',
      dealerId: sunrise.id,
      stripeCustomerId: 'cus_demo_sophia',
    },
  );
  const james = await customer(elite, 'James Walker', '8135550205', '1507 E 7th Ave, Tampa, FL 33605', {
    customerType: 'Customer',
  });
  const emily = await customer(
    north,
    'Emily Rodriguez',
    '8135550206',
    '14302 N Dale Mabry Hwy, Tampa, FL 33618',
  );
  const michael = await customer(north, 'Michael Johnson', '8135550207', '5021 Ehrlich Rd, Tampa, FL 33624', {
    customerType: 'Customer',
  });
  const jordan = await customer(
    north,
    'Jordan Lee',
    '7275550208',
    '1150 62nd Ave N, St. Petersburg, FL 33702',
    {
      customerType: 'Customer',
      dealerId: harbor.id,
    },
  );
  const ashley = await customer(
    clearview,
    'Ashley Brooks',
    '7275550209',
    '612 Cleveland St, Clearwater, FL 33755',
  );
  const ryan = await customer(
    clearview,
    'Ryan Patel',
    '7275550210',
    '2901 Countryside Blvd, Clearwater, FL 33761',
    {
      customerType: 'Customer',
    },
  );
  const lauren = await customer(
    clearview,
    'Lauren Kim',
    '7275550211',
    '1480 Belleair Rd, Clearwater, FL 33756',
  );
  // Referral leads not yet owned by a specialist (owningInstaller 0 in the referral flow).
  const brian = await customer(null, 'Brian Foster', '8135550212', 'Tampa, FL 33609', {
    dealerId: sunrise.id,
  });
  const natalie = await customer(null, 'Natalie Green', '8135550213', 'Tampa, FL 33611', {
    dealerId: sunrise.id,
  });
  const kevin = await customer(null, 'Kevin Nguyen', '7275550214', 'St. Petersburg, FL 33713', {
    dealerId: harbor.id,
  });
  const tyler = await customer(null, 'Tyler Scott', '7275550215', 'St. Petersburg, FL 33704', {
    dealerId: harbor.id,
  });
  const rachel = await customer(clearview, 'Rachel Adams', '7275550216', 'Clearwater, FL 33763', {
    dealerId: sunrise.id,
  });
  const grace = await customer(null, 'Grace Lee', '7275550217', 'St. Petersburg, FL 33701', {
    dealerId: harbor.id,
  });
  const omar = await customer(null, 'Omar Haddad', '7275550218', 'St. Petersburg, FL 33710', {
    dealerId: harbor.id,
  });
  const priya = await customer(null, 'Priya Shah', '8135550219', 'Tampa, FL 33606', { dealerId: sunrise.id });
  const luis = await customer(null, 'Luis Ortega', '8135550220', 'Tampa, FL 33607', { dealerId: sunrise.id });
  const hannah = await customer(elite, 'Hannah Cole', '7275550221', 'St. Petersburg, FL 33704', {
    dealerId: harbor.id,
  });
  const wendy = await customer(north, 'Wendy Park', '8135550222', 'Tampa, FL 33618', { dealerId: harbor.id });
  // Referrals nobody claimed in their 30 days: expired.
  const ethan = await customer(null, 'Ethan Brooks', '8135550223', 'Tampa, FL 33609', {
    dealerId: sunrise.id,
  });
  const zoe = await customer(null, 'Zoe Adams', '7275550224', 'St. Petersburg, FL 33705', {
    dealerId: harbor.id,
  });
  // Retail buyers of the dealerships, named on dealer contracts.
  const harborBuyer = await customer(
    null,
    'Samuel Ortiz',
    '7275550217',
    '455 Central Ave, St. Petersburg, FL 33701',
    {
      dealerId: harbor.id,
    },
  );

  // ── Vehicles ───────────────────────────────────────────────────────────────────────────────────
  const demoVehicles = listDemoVehicles(40, 2025);
  let vehicleIndex = 0;
  const nextVehicle = async (
    owner: { dealerId?: number; installerId?: number },
    options: { placeholderAt?: Date; stockNumber?: string } = {},
  ): Promise<Vehicle> => {
    const v = demoVehicles[vehicleIndex++ % demoVehicles.length];
    if (!v) throw new Error('No demo vehicle');
    const ids = reference.find(v.make, v.model, v.trim);
    return createVehicle(tx, {
      year: v.year,
      make: v.make,
      model: v.model,
      trim: v.trim,
      bodyStyle: v.bodyStyle,
      size: v.size,
      vin: options.placeholderAt ? makePlaceholderVin('NV', options.placeholderAt) : v.vin,
      color: ['Pearl White', 'Midnight Black', 'Silver Metallic', 'Deep Blue', 'Ruby Red', 'Graphite Gray'][
        vehicleIndex % 6
      ],
      stockNumber: options.stockNumber ?? null,
      ...ids,
      ...owner,
    });
  };

  // ── Requests and jobs ──────────────────────────────────────────────────────────────────────────
  const catalogs = new Map<number, InstallerCatalog>([
    [elite.id, eliteCatalog],
    [north.id, northCatalog],
    [clearview.id, clearviewCatalog],
  ]);
  const catalogOf = (installer: Installer) => {
    const found = catalogs.get(installer.id);
    if (!found) throw new Error(`No demo catalog for ${installer.name}`);
    return found;
  };
  const locationOf = new Map([
    [elite.id, eliteMain.id],
    [north.id, northMain.id],
    [clearview.id, clearviewMain.id],
  ]);
  const installerUserOf = new Map<number, User>([
    [elite.id, installerUser],
    [north.id, installer2User],
    [clearview.id, installer3User],
  ]);
  const dealerUserOf = new Map<number, User>([
    [sunrise.id, dealerUser],
    [harbor.id, dealer2User],
  ]);
  const cal = (
    installer: Installer,
    startDay: number,
    workStatus: CalendarInput['workStatus'],
  ): CalendarInput => ({
    installerId: installer.id,
    locationId: locationOf.get(installer.id) ?? null,
    startDate: ymd(startDay),
    workStatus,
    isSynced: installer.calendarAuthenticated && workStatus !== 'draft',
  });

  const HOUR = 3_600_000;
  const LIFECYCLE = ['scheduled', 'received', 'started', 'finished', 'collected', 'reviewed'];
  /**
   * When each lifecycle step happened: booked soon after creation, received and started on the first work
   * day, finished on the last, collected the next morning, reviewed the day after; never after `now`.
   */
  const lifecycleDates = (
    type: 'dealer' | 'installer',
    state: string,
    created: Date,
    lines: ServiceLineInput[],
    calendar: CreateServiceRequestOptions['calendar'],
  ): Record<string, Date> => {
    const reached = (step: string) =>
      LIFECYCLE.includes(state) && LIFECYCLE.indexOf(state) >= LIFECYCLE.indexOf(step);
    const dates: Record<string, Date> = {};
    if (type === 'dealer' && (state === 'answered' || reached('scheduled'))) {
      dates.answered = new Date(created.getTime() + 4 * HOUR);
    }
    if (reached('scheduled'))
      dates.scheduled = new Date(created.getTime() + (type === 'dealer' ? 20 : 1) * HOUR);
    const first = Array.isArray(calendar) ? calendar[0] : calendar;
    if (first && reached('received')) {
      const start = new Date(`${first.startDate}T00:00:00.000Z`).getTime();
      const days = jobDays(lines.reduce((sum, l) => sum + (l.durationTenths ?? 10), 0));
      const finished = start + (days - 1) * 24 * HOUR + 17 * HOUR;
      dates.received = new Date(start + 8 * HOUR);
      dates.started = new Date(start + 9 * HOUR);
      dates.finished = new Date(finished);
      dates.collected = new Date(finished + 18 * HOUR);
      dates.reviewed = new Date(finished + 41 * HOUR);
    }
    const latest = new Date(now.getTime() - 60_000);
    for (const [step, date] of Object.entries(dates)) if (date > latest) dates[step] = latest;
    return dates;
  };

  type DealerRequestSpec = {
    dealer: Dealer;
    /** Assigned specialist; null = open discovery job. */
    installer: Installer | null;
    /** Catalog the lines are priced from (defaults to the assigned installer). */
    pricedBy?: Installer;
    state: CreateServiceRequestOptions['currentState'];
    created: Date;
    available: Date;
    lines: LineSpec[];
    extra?: Partial<CreateServiceRequestOptions>;
    placeholderVin?: boolean;
  };
  let stockSeq = 4810;
  const dealerRequest = async (spec: DealerRequestSpec) => {
    const pricedBy = spec.pricedBy ?? spec.installer ?? elite;
    const stockNumber = `S${String(spec.available.getUTCFullYear()).slice(2)}-${stockSeq++}`;
    const vehicle = await nextVehicle(
      { dealerId: spec.dealer.id },
      { placeholderAt: spec.placeholderVin ? spec.created : undefined, stockNumber },
    );
    const dealerUserForSpec = dealerUserOf.get(spec.dealer.id);
    const lines = linesFrom(catalogOf(pricedBy), 'WHOLE', vehicle.size as VehicleSize, spec.lines);
    return createServiceRequest(tx, {
      requestType: 'dealer',
      requestorDealerId: spec.dealer.id,
      dealerId: spec.dealer.id,
      assignedInstallerId: spec.installer?.id ?? null,
      createdByUserId: dealerUserForSpec?.id ?? null,
      vehicleId: vehicle.id,
      currentState: spec.state,
      createdDate: spec.created,
      availableDate: spec.available,
      stockNumber,
      dealNumber: `D-${55_000 + stockSeq}`,
      latitude: spec.dealer.latitude,
      longitude: spec.dealer.longitude,
      installerCatalog: 'WHOLE',
      lines,
      historyUntil: now,
      stateDates: lifecycleDates('dealer', spec.state ?? 'new', spec.created, lines, spec.extra?.calendar),
      actors: {
        dealerUserId: dealerUserForSpec?.id ?? null,
        installerUserId: spec.installer ? (installerUserOf.get(spec.installer.id)?.id ?? null) : null,
      },
      ...spec.extra,
    });
  };

  type EstimateSpec = {
    installer: Installer;
    customer: Customer;
    state: CreateServiceRequestOptions['currentState'];
    created: Date;
    available: Date;
    lines: LineSpec[];
    extra?: Partial<CreateServiceRequestOptions>;
    vehicle?: Vehicle;
  };
  const estimate = async (spec: EstimateSpec) => {
    const vehicle = spec.vehicle ?? (await nextVehicle({ installerId: spec.installer.id }));
    const user = installerUserOf.get(spec.installer.id);
    const lines = linesFrom(catalogOf(spec.installer), 'RETAIL', vehicle.size as VehicleSize, spec.lines);
    return createServiceRequest(tx, {
      requestType: 'installer',
      requestorInstallerId: spec.installer.id,
      assignedInstallerId: spec.installer.id,
      customerId: spec.customer.id,
      createdByUserId: user?.id ?? null,
      vehicleId: vehicle.id,
      currentState: spec.state,
      createdDate: spec.created,
      availableDate: spec.available,
      latitude: spec.installer.latitude,
      longitude: spec.installer.longitude,
      installerCatalog: 'RETAIL',
      taxRateBps: spec.installer.taxRateBps,
      lines,
      historyUntil: now,
      stateDates: lifecycleDates('installer', spec.state ?? 'new', spec.created, lines, spec.extra?.calendar),
      actors: { installerUserId: user?.id ?? null },
      ...spec.extra,
    });
  };

  // Each installer's invoice series (decision 009) starts at 1040 in the demo, as if it had invoiced before:
  // EAF-1040, EAF-1041, … for Elite; the product's next invoice continues the series.
  for (const [installer, prefix] of [
    [elite, 'EAF'],
    [north, 'EAFN'],
    [clearview, 'CVT'],
  ] as const) {
    await setInvoiceSeries(tx, { installerId: installer.id, prefix, lastNumber: 1039 });
  }
  // A year of finished, invoiced work first (issue 13), so it takes the series' first numbers.
  await seedFinancialHistory(tx, {
    now,
    dealers: [sunrise, harbor],
    installers: [elite, north, clearview],
    vehicles: demoVehicles,
  });
  /** An invoice, numbered in its installer's series, and its payment row. */
  const bill = async (
    job: Awaited<ReturnType<typeof createServiceRequest>>,
    invoice: {
      type: 'deposit' | 'final';
      status: 'open' | 'paid';
      date: Date;
      /** When a paid invoice was paid (default: its date). */
      paidAt?: Date;
      poNumber?: string;
      payment: Partial<Parameters<typeof createPayment>[1]>;
    },
  ) => {
    const created = await createInvoice(tx, {
      requestId: job.request.id,
      invoiceType: invoice.type,
      status: invoice.status,
      providerInvoiceId: `in_demo_${job.request.id}_${invoice.type}`,
      idempotencyKey: `seed:invoice:${job.request.id}:${invoice.type}`,
      poNumber: invoice.poNumber ?? null,
      description: invoice.type === 'deposit' ? 'Deposit' : job.request.serviceRequested,
      invoiceDate: invoice.date,
      paidAt: invoice.status === 'paid' ? (invoice.paidAt ?? invoice.date) : null,
      createdAt: invoice.date,
      updatedAt: invoice.date,
    });
    // The platform fee is the server's: 5 % of the invoice's pre-tax part (the payment factory's default).
    const payment = await createPayment(tx, {
      invoiceId: created.id,
      idempotencyKey: `seed:payment:${job.request.id}:${invoice.type}`,
      createdAt: invoice.date,
      ...invoice.payment,
    });
    return { invoice: created, payment };
  };

  const note = (noteText: string, noteDate: Date) => ({ noteText, noteDate });

  type CreatedJob = Awaited<ReturnType<typeof createServiceRequest>>;
  /** What follows a job in the demo: its dealer contract and its invoices (each with its payment row). */
  type JobFollowUps = {
    /** A contract with the dealership's retail buyer, made by the dealership's user. */
    contract?: Omit<
      Parameters<typeof createContract>[1],
      'requestId' | 'dealerId' | 'customerId' | 'createdByUserId'
    > & { customer: Customer };
    bills?: (Parameters<typeof bill>[1] & {
      /** A card-reader attempt that paid the invoice (at the installer's main location). */
      cardAttempt?: { readerId: string; providerIntentId: string; at: Date };
    })[];
  };
  const followUp = async (job: CreatedJob, dealer: Dealer | null, spec: JobFollowUps) => {
    if (spec.contract) {
      const { customer: buyer, ...contract } = spec.contract;
      await createContract(tx, {
        requestId: job.request.id,
        dealerId: dealer?.id ?? null,
        customerId: buyer.id,
        ...contract,
        createdByUserId: dealer ? (dealerUserOf.get(dealer.id)?.id ?? null) : null,
      });
    }
    for (const { cardAttempt, ...invoice } of spec.bills ?? []) {
      const billed = await bill(job, invoice);
      if (cardAttempt) {
        await createCardPaymentAttempt(tx, {
          invoiceId: billed.invoice.id,
          locationId: locationOf.get(job.request.assignedInstallerId ?? elite.id) ?? null,
          readerId: cardAttempt.readerId,
          providerIntentId: cardAttempt.providerIntentId,
          status: 'succeeded',
          createdAt: cardAttempt.at,
          updatedAt: cardAttempt.at,
        });
      }
    }
  };
  /** Lines in a finished (or started) state, each with the day and hour its work was done. */
  const doneLines = (state: 'finished' | 'started', ...done: [string, number, number][]): LineSpec[] =>
    done.map(([description, day, hour]) => [
      description,
      { serviceState: state, serviceDate: at(day, hour) },
    ]);

  // Dealer requests (wholesale prices, no sales tax), in creation order.
  const dealerJobs: (DealerRequestSpec & JobFollowUps)[] = [
    // The open discovery job: assigned to nobody (assignedTo 0 on the wire), offered to every specialist.
    {
      dealer: sunrise,
      installer: null,
      state: 'new',
      created: at(-1, 14),
      available: at(2),
      lines: ['Ceramic Window Tint (all sides)', 'Windshield Tint'],
      placeholderVin: true,
      extra: {
        offers: [elite, north, clearview].map(
          (i): OfferInput => ({ installerId: i.id, currentStatus: 'offered' }),
        ),
        notes: [
          note(
            'Customer wants 35% on the sides and 70% on the windshield. Please confirm before starting.',
            at(-1, 14),
          ),
        ],
      },
    },
    {
      dealer: harbor,
      installer: elite,
      state: 'new',
      created: at(-2, 15),
      available: at(3),
      lines: [['Full Front PPF', { discountCents: 5_000 }]],
    },
    {
      dealer: sunrise,
      installer: null,
      pricedBy: elite,
      state: 'answered',
      created: at(-3, 11),
      available: at(4),
      lines: ['Paint Correction 1-Step', 'Ceramic Coating'],
      extra: {
        offers: [
          { installerId: elite.id, currentStatus: 'accepted', startDate: at(5, 8), endDate: at(6, 8) },
          { installerId: clearview.id, currentStatus: 'accepted', startDate: at(6, 8), endDate: at(7, 8) },
          { installerId: north.id, currentStatus: 'offered' },
        ],
        offerState: 'accepted',
        calendar: [cal(elite, 5, 'pending'), cal(clearview, 6, 'pending')],
        notes: [note('Lot car, ready any weekday after 8am.', at(-3, 11))],
      },
    },
    {
      dealer: sunrise,
      installer: elite,
      state: 'scheduled',
      created: at(-4, 10),
      available: at(1),
      lines: ['Full Front PPF', 'Ceramic Window Tint (all sides)'],
      extra: {
        calendar: cal(elite, 3, 'booked'),
        schedule: { startDate: at(3, 8), installerCapacity: elite.capacity },
      },
    },
    {
      dealer: harbor,
      installer: north,
      state: 'received',
      created: at(-6, 10),
      available: at(-1),
      lines: ['Full Body PPF'],
      extra: { calendar: cal(north, 0, 'booked') },
      contract: {
        customer: harborBuyer,
        signatureMethod: 'electronic',
        signedAt: at(-5, 16),
        createdAt: at(-5, 16),
      },
    },
    {
      dealer: sunrise,
      installer: elite,
      state: 'started',
      created: at(-7, 10),
      available: at(-2),
      lines: [...doneLines('started', ['Paint Correction 2-Step', -1, 9]), 'Ceramic Coating'],
      extra: { calendar: cal(elite, -1, 'started') },
    },
    {
      dealer: sunrise,
      installer: elite,
      state: 'finished',
      created: at(-10, 10),
      available: at(-5),
      lines: doneLines('finished', ['Full Front PPF', -4, 9], ['Windshield Tint', -3, 10]),
      extra: { calendar: cal(elite, -4, 'finished') },
      bills: [{ type: 'final', status: 'open', date: at(-3, 17), payment: {} }],
    },
    {
      dealer: harbor,
      installer: elite,
      state: 'collected',
      created: at(-14, 10),
      available: at(-10),
      lines: doneLines('finished', ['Track Pack PPF', -9, 9], ['Ceramic Window Tint (all sides)', -8, 13]),
      extra: { calendar: cal(elite, -9, 'finished') },
      contract: {
        customer: harborBuyer,
        signatureMethod: 'manual',
        downloadedAt: at(-13, 11),
        signedAt: at(-12, 15),
        createdAt: at(-13, 11),
      },
      bills: [
        {
          type: 'final',
          status: 'paid',
          date: at(-8, 17),
          paidAt: at(-7, 12),
          poNumber: 'HAG-PO-7781',
          payment: { method: 'check', checkNumber: '10452' },
        },
      ],
    },
    {
      dealer: sunrise,
      installer: elite,
      state: 'reviewed',
      created: at(-21, 10),
      available: at(-17),
      lines: doneLines('finished', ['Full Body PPF', -16, 9]),
      extra: { calendar: cal(elite, -16, 'finished'), reviewScore: 5 },
      bills: [
        {
          type: 'final',
          status: 'paid',
          date: at(-14, 17),
          paidAt: at(-12, 11),
          poNumber: 'SM-PO-3310',
          payment: {
            paymentState: 'settled',
            method: 'online',
            providerPaymentId: 'pi_demo_sunrise_3310',
            payoutId: 'po_demo_elite_0001',
            cardLast4: '4242',
            cardType: 'visa',
          },
        },
      ],
    },
    {
      dealer: sunrise,
      installer: null,
      pricedBy: elite,
      state: 'deleted',
      created: at(-5, 10),
      available: at(1),
      lines: ['Chrome Delete'],
      extra: { deletedAt: at(-4, 12), offers: [{ installerId: elite.id, currentStatus: 'deleted' }] },
    },
    {
      dealer: harbor,
      installer: north,
      state: 'finished',
      created: at(-8, 10),
      available: at(-4),
      lines: doneLines('finished', ['Ceramic Coating', -3, 9], ['Headlight Restoration', -3, 15]),
      extra: { calendar: cal(north, -3, 'finished') },
      contract: {
        customer: harborBuyer,
        signatureMethod: 'electronic',
        signedAt: at(-7, 15),
        createdAt: at(-7, 15),
      },
      bills: [
        {
          type: 'final',
          status: 'open',
          date: at(-2, 17),
          poNumber: 'HAG-PO-7790',
          payment: { paymentState: 'pending', method: 'online', providerPaymentId: 'pi_demo_harbor_7790' },
        },
      ],
    },
    {
      dealer: harbor,
      installer: clearview,
      state: 'scheduled',
      created: at(-2, 12),
      available: at(7),
      lines: ['Ceramic Window Tint (all sides)', 'Windshield Tint'],
      extra: { calendar: cal(clearview, 8, 'booked') },
      contract: {
        customer: harborBuyer,
        signatureMethod: 'manual',
        downloadedAt: at(-2, 13),
        signedAt: null,
        createdAt: at(-2, 13),
      },
    },
  ];
  for (const { contract, bills, ...spec } of dealerJobs) {
    await followUp(await dealerRequest(spec), spec.dealer, { contract, bills });
  }

  // Referral vehicles used again by the estimates made from them.
  const r5Vehicle = await nextVehicle({ dealerId: sunrise.id });
  const r6Vehicle = await nextVehicle({ dealerId: sunrise.id });
  const r8Vehicle = await nextVehicle({ dealerId: harbor.id });

  // Installer estimates and jobs (retail prices with sales tax), in creation order; `key` names the ones
  // the referrals below point at.
  const estimates: (EstimateSpec &
    JobFollowUps & { key?: 'i1' | 'i4' | 'i6' | 'i7' | 'i8' | 'i9' | 'i10' })[] = [
    {
      key: 'i1',
      installer: elite,
      customer: marcus,
      state: 'new',
      created: at(-1, 16),
      available: at(6),
      vehicle: r6Vehicle,
      lines: [['Full Front PPF', { discountCents: 10_000 }], 'Ceramic Coating'],
      extra: {
        calendar: cal(elite, 6, 'draft'),
        notes: [note('Referred by Sunrise Motors. Prefers Saturday drop-off.', at(-1, 16))],
      },
    },
    {
      installer: clearview,
      customer: ashley,
      state: 'new',
      created: ago(3),
      available: at(4),
      lines: ['Ceramic Window Tint (all sides)'],
    },
    {
      installer: north,
      customer: emily,
      state: 'answered',
      created: at(-2, 13),
      available: at(5),
      lines: ['Paint Correction 1-Step'],
      extra: { calendar: cal(north, 5, 'pending') },
    },
    {
      key: 'i4',
      installer: elite,
      customer: olivia,
      state: 'scheduled',
      created: at(-3, 10),
      available: at(2),
      lines: ['Full Body PPF'],
      extra: { calendar: cal(elite, 2, 'booked'), depositAmountCents: 150_000 },
      // Deposit invoice raised at BOOK JOB, not paid yet.
      bills: [{ type: 'deposit', status: 'open', date: at(-3, 11), payment: {} }],
    },
    {
      installer: clearview,
      customer: ryan,
      state: 'scheduled',
      created: at(-4, 10),
      available: at(9),
      lines: ['Carbon Window Tint (all sides)', 'Sunroof Tint'],
      extra: { calendar: cal(clearview, 9, 'booked') },
    },
    {
      key: 'i6',
      installer: north,
      customer: michael,
      state: 'received',
      created: at(-5, 10),
      available: at(0),
      lines: ['Full Front PPF', 'Ceramic Window Tint (all sides)'],
      extra: { calendar: cal(north, 0, 'booked'), depositAmountCents: 50_000 },
      bills: [
        {
          type: 'deposit',
          status: 'paid',
          date: at(-5, 11),
          paidAt: at(-4, 12),
          payment: {
            method: 'online',
            providerPaymentId: 'pi_demo_deposit_michael',
            cardLast4: '1881',
            cardType: 'visa',
          },
        },
      ],
    },
    {
      key: 'i7',
      installer: elite,
      customer: david,
      state: 'started',
      created: at(-6, 10),
      available: at(-1),
      lines: doneLines('started', ['Full Wrap', -1, 9]),
      extra: { calendar: cal(elite, -1, 'started') },
    },
    {
      key: 'i8',
      installer: elite,
      customer: james,
      state: 'finished',
      created: at(-9, 10),
      available: at(-4),
      lines: doneLines('finished', ['Ceramic Coating', -3, 9], ['Full Detail', -3, 14]),
      extra: { calendar: cal(elite, -3, 'finished') },
      bills: [{ type: 'final', status: 'open', date: at(-2, 17), payment: {} }],
    },
    {
      key: 'i9',
      installer: elite,
      customer: sophia,
      state: 'collected',
      created: at(-12, 10),
      available: at(-8),
      vehicle: r5Vehicle,
      lines: doneLines('finished', ['Full Front PPF', -7, 9], ['Ceramic Window Tint (all sides)', -7, 15]),
      extra: { calendar: cal(elite, -7, 'finished') },
      bills: [
        {
          type: 'final',
          status: 'paid',
          date: at(-6, 17),
          paidAt: at(-5, 11),
          payment: {
            method: 'card',
            providerPaymentId: 'pi_demo_reader_sophia',
            cardLast4: '5454',
            cardType: 'mastercard',
          },
          cardAttempt: {
            readerId: 'sim_reader_elite_main',
            providerIntentId: 'pi_demo_reader_sophia',
            at: at(-5, 11),
          },
        },
      ],
    },
    {
      key: 'i10',
      installer: north,
      customer: jordan,
      state: 'reviewed',
      created: at(-25, 10),
      available: at(-20),
      vehicle: r8Vehicle,
      lines: doneLines('finished', ['Paint Correction 2-Step', -19, 9], ['Ceramic Coating', -18, 13]),
      extra: { calendar: cal(north, -19, 'finished'), reviewScore: 4 },
      bills: [
        {
          type: 'final',
          status: 'paid',
          date: at(-17, 17),
          paidAt: at(-16, 11),
          payment: { method: 'cash' },
        },
      ],
    },
    {
      installer: clearview,
      customer: lauren,
      state: 'deleted',
      created: at(-6, 10),
      available: at(-2),
      lines: ['Windshield Tint'],
      extra: { deletedAt: at(-5, 9) },
    },
  ];
  const estimateIds = new Map<string, number>();
  for (const { key, contract, bills, ...spec } of estimates) {
    const job = await estimate(spec);
    if (key) estimateIds.set(key, job.request.id);
    await followUp(job, null, { contract, bills });
  }
  const estimateId = (key: string) => {
    const id = estimateIds.get(key);
    if (id === undefined) throw new Error(`No demo estimate ${key}`);
    return id;
  };

  // Days Elite closed (row 66, decision 024): the calendar lists them and no work can be booked on them.
  await tx.insert(calendarBlockedDays).values([
    { installerId: elite.id, workDate: ymd(10), reason: 'Staff training' },
    { installerId: elite.id, workDate: ymd(17), reason: 'Shop holiday' },
  ]);

  // ── Referrals ──────────────────────────────────────────────────────────────────────────────────
  // Every status for both dealerships; leads offered to (and claimed by) the demo specialists. Links the demo
  // can open without an e-mail: /public/benefits?referral=ID&token=demo-benefits-<first name> for the customers
  // not yet interested, /referralclaim?referral=ID&token=<offer token> for the offered leads.
  const lastMonth = (day: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, day, 15));
  const referralSpecs: {
    dealer: Dealer;
    customer: Customer;
    /** The referred vehicle; default: the next demo vehicle, at the dealership. */
    vehicle?: Vehicle;
    status: string;
    dateAdded: Date;
    /** When it last moved (the request's step, or the completion). */
    updatedAt?: Date;
    zipCode: string;
    requestedService: string | null;
    /** Specialists the lead is offered to (OFFERED), nearest first, with their claim-link tokens. */
    offers?: { installerId: number; token: string }[];
    claimed?: { by: Installer; at: Date };
    /** The estimate made from the referral. */
    estimate?: string;
    /** Paid with last month's payout (completed last month). */
    paid?: boolean;
  }[] = [
    {
      dealer: sunrise,
      customer: brian,
      status: 'NEW',
      dateAdded: at(0, 8),
      zipCode: '33609',
      requestedService: null,
    },
    {
      dealer: sunrise,
      customer: natalie,
      status: 'CONTACT',
      dateAdded: at(-3, 15),
      zipCode: '33611',
      requestedService: null,
    },
    {
      dealer: sunrise,
      customer: priya,
      status: 'VIEWED',
      dateAdded: at(-2, 11),
      zipCode: '33606',
      requestedService: null,
    },
    {
      dealer: sunrise,
      customer: luis,
      status: 'OFFERED',
      dateAdded: at(-1, 10),
      zipCode: '33607',
      requestedService: 'PPF (Paint Protection Film), Ceramic Coating',
      offers: [
        { installerId: elite.id, token: 'demo-referral-claim-luis-elite' },
        { installerId: north.id, token: 'demo-referral-claim-luis-north' },
        { installerId: clearview.id, token: 'demo-referral-claim-luis-clearview' },
      ],
    },
    {
      dealer: sunrise,
      customer: rachel,
      status: 'CLAIMED',
      dateAdded: at(-6, 10),
      zipCode: '33763',
      requestedService: 'Window Tint',
      claimed: { by: clearview, at: at(-5, 10) },
    },
    {
      dealer: sunrise,
      customer: marcus,
      vehicle: r6Vehicle,
      status: 'ESTIMATE_CREATED',
      dateAdded: at(-3, 10),
      updatedAt: at(-1, 16),
      zipCode: '33629',
      requestedService: 'PPF (Paint Protection Film)',
      claimed: { by: elite, at: at(-2, 9) },
      estimate: 'i1',
    },
    {
      dealer: sunrise,
      customer: michael,
      status: 'RECEIVED',
      dateAdded: at(-9, 10),
      updatedAt: at(-1, 9),
      zipCode: '33618',
      requestedService: 'Ceramic Coating',
      claimed: { by: north, at: at(-8, 12) },
      estimate: 'i6',
    },
    {
      dealer: sunrise,
      customer: james,
      status: 'FINISHED',
      dateAdded: at(-12, 10),
      updatedAt: at(-3, 17),
      zipCode: '33602',
      requestedService: 'Ceramic Coating, Detailing',
      claimed: { by: elite, at: at(-11, 9) },
      estimate: 'i8',
    },
    {
      dealer: sunrise,
      customer: sophia,
      vehicle: r5Vehicle,
      status: 'COMPLETE',
      dateAdded: at(-15, 10),
      updatedAt: at(-5, 11),
      zipCode: '33611',
      requestedService: 'PPF (Paint Protection Film)',
      claimed: { by: elite, at: at(-14, 9) },
      estimate: 'i9',
    },
    {
      dealer: harbor,
      customer: grace,
      status: 'NEW',
      dateAdded: at(0, 7),
      zipCode: '33701',
      requestedService: null,
    },
    {
      dealer: harbor,
      customer: omar,
      status: 'CONTACT',
      dateAdded: at(-1, 14),
      zipCode: '33710',
      requestedService: null,
    },
    {
      dealer: harbor,
      customer: tyler,
      status: 'VIEWED',
      dateAdded: at(-2, 16),
      zipCode: '33704',
      requestedService: null,
    },
    {
      dealer: harbor,
      customer: kevin,
      status: 'OFFERED',
      dateAdded: at(-4, 11),
      zipCode: '33713',
      requestedService: 'Window Tint',
      offers: [
        { installerId: north.id, token: 'demo-referral-claim-north' },
        { installerId: elite.id, token: 'demo-referral-claim-elite' },
        { installerId: clearview.id, token: 'demo-referral-claim-clearview' },
      ],
    },
    {
      dealer: harbor,
      customer: hannah,
      status: 'CLAIMED',
      dateAdded: at(-3, 9),
      zipCode: '33704',
      requestedService: 'PPF (Paint Protection Film)',
      claimed: { by: elite, at: at(-2, 14) },
    },
    {
      dealer: harbor,
      customer: olivia,
      status: 'BOOKED',
      dateAdded: at(-5, 10),
      updatedAt: at(-4, 15),
      zipCode: '33606',
      requestedService: 'Window Tint',
      claimed: { by: elite, at: at(-4, 12) },
      estimate: 'i4',
    },
    {
      dealer: harbor,
      customer: david,
      status: 'STARTED',
      dateAdded: at(-8, 10),
      updatedAt: at(-1, 9),
      zipCode: '33629',
      requestedService: 'Paint Correction',
      claimed: { by: elite, at: at(-7, 10) },
      estimate: 'i7',
    },
    {
      dealer: harbor,
      customer: jordan,
      vehicle: r8Vehicle,
      status: 'COMPLETE',
      dateAdded: at(-28, 10),
      updatedAt: at(-16, 11),
      zipCode: '33702',
      requestedService: 'Ceramic Coating',
      claimed: { by: north, at: at(-27, 9) },
      estimate: 'i10',
    },
    {
      dealer: harbor,
      customer: wendy,
      status: 'COMPLETE',
      dateAdded: lastMonth(2),
      updatedAt: lastMonth(20),
      zipCode: '33618',
      requestedService: 'PPF (Paint Protection Film)',
      claimed: { by: north, at: lastMonth(3) },
      paid: true,
    },
    {
      dealer: sunrise,
      customer: ethan,
      status: 'OFFERED',
      dateAdded: at(-41, 10),
      zipCode: '33609',
      requestedService: 'Ceramic Coating',
      offers: [
        { installerId: elite.id, token: 'demo-referral-claim-expired-elite' },
        { installerId: clearview.id, token: 'demo-referral-claim-expired-clearview' },
      ],
    },
    {
      dealer: harbor,
      customer: zoe,
      status: 'VIEWED',
      dateAdded: at(-38, 12),
      zipCode: '33705',
      requestedService: null,
    },
  ];
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1, 12));
  const notInterestedYet = new Set(['NEW', 'CONTACT', 'VIEWED']);
  for (const {
    dealer,
    customer: referred,
    vehicle,
    claimed,
    estimate: key,
    paid,
    ...referral
  } of referralSpecs) {
    const v = vehicle ?? (await nextVehicle({ dealerId: dealer.id }));
    const created = await createReferral(tx, {
      dealerId: dealer.id,
      userId: dealerUserOf.get(dealer.id)?.id ?? null,
      customerId: referred.id,
      vehicleId: v.id,
      vin: v.vin,
      vehicleYear: v.year,
      vehicleMake: v.make,
      vehicleModel: v.model,
      ...referral,
      ...(notInterestedYet.has(referral.status)
        ? { benefitsToken: `demo-benefits-${referred.name.split(' ')[0]?.toLowerCase()}` }
        : {}),
      ...(claimed
        ? {
            claimedAt: claimed.at,
            claimedByInstallerId: claimed.by.id,
            claimedSpecialistName: installerUserOf.get(claimed.by.id)?.name ?? claimed.by.name,
            claimedSpecialistPhone: claimed.by.phone,
            claimedSpecialistEmail: claimed.by.email,
            claimedSpecialistBusiness: claimed.by.name,
          }
        : {}),
      ...(key ? { requestId: estimateId(key) } : {}),
    });
    if (paid && created.completedAt) {
      const [payout] = await tx
        .insert(referralPayouts)
        .values({
          dealerId: dealer.id,
          period: created.completedAt.toISOString().slice(0, 7),
          totalCents: created.bonusCents,
          referralCount: 1,
          createdAt: monthStart,
        })
        .returning({ id: referralPayouts.id });
      await tx
        .update(referrals)
        .set({ payoutId: payout?.id ?? null, paidOutAt: monthStart })
        .where(eq(referrals.id, created.id));
    }
  }

  // ── A few page views for the analytics screens ───────────────────────────────────────────────────
  for (const [label, user, companyId, companyType, path, hoursAgo] of [
    ['dealerRequests', dealerUser, sunrise.id, 'dealer', '/requestimates', 20],
    ['dealerJobs', dealerUser, sunrise.id, 'dealer', '/jobs', 19],
    ['dealerPickups', dealer2User, harbor.id, 'dealer', '/pickups', 6],
    ['installerRequests', installerUser, elite.id, 'installer', '/requestimates', 5],
    ['installerJobs', installerUser, elite.id, 'installer', '/jobs', 4],
  ] as const) {
    await createPageView(tx, {
      label,
      userId: user.id,
      companyId,
      companyType,
      path,
      createdAt: ago(hoursAgo),
    });
  }
}
