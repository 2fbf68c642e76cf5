import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { verifyPassword } from '../platform/security/password';
import type { Db } from './client';
import { createInstaller, createUser } from './factories/identity';
import { createInvoice, createPayment } from './factories/money';
import { createReferral } from './factories/referrals';
import { createServiceRequest } from './factories/service-requests';
import { calendarDays } from './schema/calendar';
import { catalogTemplateDealers, catalogTemplates, masterServices, services } from './schema/catalog';
import { dealers, installerLocations, installers, userCompanyAccess, users } from './schema/identity';
import { invoices, payments } from './schema/money';
import { referrals } from './schema/referrals';
import {
  requestOffers,
  requestServices,
  requestStateHistory,
  serviceRequests,
} from './schema/service-requests';
import { vehicleMakes, vehicleTrims } from './schema/vehicles';
import { DEMO_PASSWORD, seedDemoData } from './seed';

const NOW = new Date('2025-06-18T15:30:00.000Z');
const TODAY = '2025-06-18';
const REQUEST_STATES = [
  'new',
  'answered',
  'scheduled',
  'received',
  'started',
  'finished',
  'collected',
  'reviewed',
  'deleted',
];

/** Rows of a raw query: both drivers answer `{ rows }`. */
async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Row counts of the tables the seed fills. */
async function countRows(db: Db): Promise<Record<string, number>> {
  const tables = [
    'users',
    'dealers',
    'installers',
    'vehicle_trims',
    'services',
    'customers',
    'service_requests',
    'request_services',
    'request_offers',
    'request_state_history',
    'calendar_days',
    'invoices',
    'payments',
    'referrals',
    'contracts',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The quoted values of a CHECK constraint, e.g. ['new','answered',…]. */
async function checkValues(db: Db, name: string): Promise<string[] | null> {
  const rows = await queryRows<{ def: string }>(
    db,
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name} and contype = 'c'`,
  );
  const def = rows[0]?.def;
  if (def === undefined) return null;
  return [...def.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
}

describe('demo seed', () => {
  let database: TestDatabase;
  let db: Db;
  let seedMs = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const started = performance.now();
    const result = await seedDemoData(db, { now: NOW });
    seedMs = performance.now() - started;
    expect(result).toEqual({ seeded: true });
    console.info(`seedDemoData took ${Math.round(seedMs)} ms on ${database.kind}`);
  });
  afterAll(() => database.drop());

  it('seeds only once', async () => {
    const before = await countRows(db);
    expect(before.users).toBeGreaterThan(0);
    expect(before.service_requests).toBeGreaterThan(18);
    expect(await seedDemoData(db, { now: NOW })).toEqual({ seeded: false });
    expect(await countRows(db)).toEqual(before);
  });

  it('creates the demo accounts with their companies and access', async () => {
    const rows = await db
      .select({
        email: users.email,
        userType: users.userType,
        access: users.access,
        dealer: dealers.name,
        installer: installers.name,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .leftJoin(dealers, eq(users.dealerId, dealers.id))
      .leftJoin(installers, eq(users.installerId, installers.id))
      .where(eq(users.loginEnabled, true));
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(Object.keys(byEmail).sort()).toEqual([
      'assist@demo.test',
      'dealer2@demo.test',
      'dealer@demo.test',
      'dealeradmin@demo.test',
      'installer2@demo.test',
      'installer3@demo.test',
      'installer@demo.test',
    ]);
    const expected: [string, string, string, string][] = [
      ['dealer@demo.test', 'dealer', 'STANDARD', 'Sunrise Motors'],
      ['dealeradmin@demo.test', 'dealer', 'ADMIN', 'Sunrise Motors'],
      ['assist@demo.test', 'dealer', 'ASSIST', 'Sunrise Motors'],
      ['dealer2@demo.test', 'dealer', 'STANDARD', 'Harbor Auto Group'],
      ['installer@demo.test', 'installer', 'ADMIN', 'Elite Auto Film'],
      ['installer2@demo.test', 'installer', 'STANDARD', 'Elite Auto Film North'],
      ['installer3@demo.test', 'installer', 'STANDARD', 'Clearview Tint'],
    ];
    for (const [email, userType, access, company] of expected) {
      const row = byEmail[email];
      expect(row?.userType).toBe(userType);
      expect(row?.access).toBe(access);
      expect(userType === 'dealer' ? row?.dealer : row?.installer).toBe(company);
    }
    expect(await verifyPassword(byEmail['dealer@demo.test']?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);

    // installer@demo.test reaches both Elite locations; they share an installer group.
    const access = await db
      .select({ name: installers.name, groupId: installers.installerGroupId })
      .from(userCompanyAccess)
      .innerJoin(users, eq(userCompanyAccess.userId, users.id))
      .innerJoin(installers, eq(userCompanyAccess.installerId, installers.id))
      .where(eq(users.email, 'installer@demo.test'));
    expect(access.map((a) => a.name).sort()).toEqual(['Elite Auto Film', 'Elite Auto Film North']);
    expect(access[0]?.groupId).not.toBeNull();
    expect(access[0]?.groupId).toBe(access[1]?.groupId);

    const [clearview] = await db.select().from(installers).where(eq(installers.name, 'Clearview Tint'));
    expect(clearview).toMatchObject({
      isTrial: true,
      onboardingComplete: false,
      stripeAccountId: null,
      installerGroupId: null,
    });
    const readers = await db
      .select({ installer: installers.name, reader: installerLocations.cardReaderId })
      .from(installerLocations)
      .innerJoin(installers, eq(installerLocations.installerId, installers.id));
    expect(readers.find((r) => r.installer === 'Elite Auto Film')?.reader).toBe('sim_reader_elite_main');
    expect(readers.find((r) => r.installer === 'Elite Auto Film North')?.reader).toBeNull();
  });

  it('has reference data, catalogs in the four categories and a template for Sunrise', async () => {
    expect((await db.select().from(vehicleMakes)).length).toBeGreaterThan(10);
    expect((await db.select().from(vehicleTrims)).length).toBeGreaterThan(100);
    const categories = await db
      .selectDistinct({ installerId: masterServices.installerId, category: masterServices.serviceCategory })
      .from(masterServices);
    const installerRows = await db.select({ id: installers.id }).from(installers);
    for (const { id } of installerRows) {
      expect(
        categories
          .filter((c) => c.installerId === id)
          .map((c) => c.category)
          .sort(),
      ).toEqual(['Glass/Tint', 'Other Services', 'PPF', 'Paint']);
    }
    const priceRows = await db.select().from(services);
    expect(new Set(priceRows.map((r) => `${r.catalog}${r.vehicleSize}`))).toEqual(
      new Set(['RETAILS', 'RETAILM', 'RETAILL', 'WHOLES', 'WHOLEM', 'WHOLEL']),
    );
    const assigned = await db
      .select({ template: catalogTemplates.name, dealer: dealers.name })
      .from(catalogTemplateDealers)
      .innerJoin(catalogTemplates, eq(catalogTemplateDealers.templateId, catalogTemplates.id))
      .innerJoin(dealers, eq(catalogTemplateDealers.dealerId, dealers.id));
    expect(assigned).toEqual([{ template: 'Dealer Standard Package', dealer: 'Sunrise Motors' }]);
  });

  it('has requests in every state for both request types, and one open discovery job', async () => {
    const rows = await db
      .selectDistinct({ type: serviceRequests.requestType, state: serviceRequests.currentState })
      .from(serviceRequests);
    for (const type of ['dealer', 'installer']) {
      expect(
        rows
          .filter((r) => r.type === type)
          .map((r) => r.state)
          .sort(),
      ).toEqual([...REQUEST_STATES].sort());
    }
    const open = await db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(and(isNull(serviceRequests.assignedInstallerId), eq(serviceRequests.currentState, 'new')));
    expect(open).toHaveLength(1);
    const openOffers = await db
      .select()
      .from(requestOffers)
      .where(eq(requestOffers.requestId, open[0]?.id ?? 0));
    expect(openOffers.length).toBeGreaterThan(1);
    expect(openOffers.every((o) => o.currentStatus === 'offered')).toBe(true);

    const deleted = await db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.currentState, 'deleted'));
    expect(deleted.every((r) => r.deletedAt !== null)).toBe(true);
    const history = await db.select().from(requestStateHistory);
    const all = await db.select().from(serviceRequests);
    for (const request of all) {
      const mine = history.filter((h) => h.requestId === request.id).sort((a, b) => a.id - b.id);
      const records = mine.map((h) => h.requestStatus);
      expect(records[0]).toBe('created');
      if (request.currentState !== 'new') expect(records).toContain(request.currentState);
      // Lifecycle records are in time order, from creation up to now.
      const lifecycle = mine.filter(
        (h) => REQUEST_STATES.includes(h.requestStatus) || h.requestStatus === 'created',
      );
      const times = lifecycle.map((h) => h.stateDate.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(request.createdDate.getTime());
      expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('keeps totals consistent with the service lines', async () => {
    const all = await db.select().from(serviceRequests);
    const lines = await db.select().from(requestServices);
    const rates = new Map((await db.select().from(installers)).map((i) => [i.id, i.taxRateBps]));
    for (const request of all) {
      const mine = lines.filter((l) => l.requestId === request.id);
      expect(mine.length).toBeGreaterThan(0);
      const total = mine.reduce((s, l) => s + l.amountCents, 0);
      const discount = mine.reduce((s, l) => s + l.discountCents, 0);
      expect(request.totalCents).toBe(total);
      expect(request.discountCents).toBe(discount);
      expect(request.feeCents).toBe(Math.round((total - discount) * 0.05));
      const rate = request.requestType === 'dealer' ? 0 : (rates.get(request.requestorInstallerId ?? 0) ?? 0);
      expect(request.taxesCents).toBe(Math.round(((total - discount) * rate) / 10_000));
      if (request.requestType === 'installer') expect(request.taxesCents).toBeGreaterThan(0);
      expect(request.durationTenths).toBe(mine.reduce((s, l) => s + l.durationTenths, 0));
    }

    const allInvoices = await db.select().from(invoices);
    for (const invoice of allInvoices.filter((i) => i.invoiceType === 'final')) {
      const request = all.find((r) => r.id === invoice.requestId);
      const depositPaid = allInvoices
        .filter((i) => i.requestId === invoice.requestId && i.invoiceType === 'deposit')
        .reduce((s, i) => s + i.amountPaidCents, 0);
      expect(invoice.amountDueCents).toBe(
        (request?.totalCents ?? 0) - (request?.discountCents ?? 0) + (request?.taxesCents ?? 0) - depositPaid,
      );
      expect(request?.invoiceNumber).toBe(invoice.number);
    }
    // Calendar days of a job add up to its duration, per installer.
    const days = await db.select().from(calendarDays);
    for (const request of all) {
      const byInstaller = new Map<number, number>();
      for (const d of days.filter((x) => x.requestId === request.id)) {
        byInstaller.set(d.installerId, (byInstaller.get(d.installerId) ?? 0) + d.dailyWorkTenths);
      }
      for (const tenths of byInstaller.values()) expect(tenths).toBe(request.durationTenths);
    }
  });

  it('has calendar work around today, deposits, invoices, payments and referrals', async () => {
    const days = await db.select().from(calendarDays);
    const statuses = (from: string, to: string) =>
      new Set(days.filter((d) => d.workDate >= from && d.workDate <= to).map((d) => d.workStatus));
    expect(statuses(TODAY, TODAY)).toEqual(new Set(['booked', 'started']));
    expect(statuses('2025-06-01', '2025-06-17').has('finished')).toBe(true);
    expect(statuses('2025-06-19', '2025-07-02').has('booked')).toBe(true);
    expect(statuses('2025-06-19', '2025-07-02').has('pending')).toBe(true);

    const deposits = await db.select().from(invoices).where(eq(invoices.invoiceType, 'deposit'));
    expect(deposits.map((d) => d.status).sort()).toEqual(['open', 'paid']);
    const finals = await db.select().from(invoices).where(eq(invoices.invoiceType, 'final'));
    expect(new Set(finals.map((f) => f.status))).toEqual(new Set(['open', 'paid']));
    const paymentRows = await db.select().from(payments);
    expect(new Set(paymentRows.map((p) => p.paymentState))).toEqual(
      new Set(['invoiced', 'pending', 'paid', 'settled']),
    );
    const referralStatuses = new Set((await db.select().from(referrals)).map((r) => r.status));
    for (const status of ['NEW', 'CONTACT', 'OFFERED', 'CLAIMED', 'COMPLETE']) {
      expect(referralStatuses.has(status)).toBe(true);
    }
  });

  it('declares a CHECK constraint with the exact value set on every state column', async () => {
    const expected: Record<string, string[]> = {
      service_requests_current_state_check: REQUEST_STATES,
      service_requests_request_type_check: ['dealer', 'installer'],
      request_offers_current_status_check: [
        'offered',
        'accepted',
        'scheduled',
        'rejected',
        'deleted',
        'new',
        'answered',
        'received',
        'started',
        'finished',
        'collected',
        'reviewed',
      ],
      request_services_service_state_check: ['new', 'started', 'finished'],
      calendar_days_work_status_check: ['draft', 'pending', 'booked', 'started', 'finished'],
      payments_payment_state_check: ['invoiced', 'pending', 'paid', 'settled', 'covered'],
      invoices_status_check: ['draft', 'open', 'paid', 'void'],
      invoices_invoice_type_check: ['deposit', 'final'],
      referrals_status_check: [
        'NEW',
        'CONTACT',
        'VIEWED',
        'OFFERED',
        'CLAIMED',
        'ESTIMATE_CREATED',
        'BOOKED',
        'SCHEDULED',
        'RECEIVED',
        'STARTED',
        'FINISHED',
        'COMPLETE',
      ],
      referrals_specialist_action_check: ['available', 'owned'],
      vehicle_models_size_check: ['S', 'M', 'L'],
      vehicle_trims_size_check: ['S', 'M', 'L'],
      vehicles_size_check: ['S', 'M', 'L'],
      services_vehicle_size_check: ['S', 'M', 'L'],
      service_requests_vehicle_size_check: ['S', 'M', 'L'],
      services_catalog_check: ['RETAIL', 'WHOLE'],
      vehicle_trims_body_style_check: [
        'Sedan',
        'Coupe',
        'SUV',
        'Wagon',
        'Convertible',
        'Hatchback',
        'Truck',
        'Crossover',
      ],
      dealers_customer_contract_check: ['Y', 'N'],
      contracts_signature_method_check: ['electronic', 'manual'],
      payments_method_check: ['card', 'online', 'check', 'cash', 'settle'],
    };
    for (const [name, values] of Object.entries(expected)) {
      expect(new Set(await checkValues(db, name)), name).toEqual(new Set(values));
    }
    for (const name of [
      'service_requests_review_score_check',
      'service_requests_amounts_check',
      'invoices_amounts_check',
    ]) {
      expect(await checkValues(db, name), name).not.toBeNull();
    }
  });

  it('refuses invalid states and values in the database', async () => {
    const [request] = await db.select().from(serviceRequests).limit(1);
    const id = request?.id ?? 0;
    const attempts: [string, () => Promise<unknown>][] = [
      [
        'request state',
        () => db.update(serviceRequests).set({ currentState: 'archived' }).where(eq(serviceRequests.id, id)),
      ],
      [
        'request type',
        () => db.update(serviceRequests).set({ requestType: 'retail' }).where(eq(serviceRequests.id, id)),
      ],
      [
        'review score',
        () => db.update(serviceRequests).set({ reviewScore: 6 }).where(eq(serviceRequests.id, id)),
      ],
      [
        'negative total',
        () => db.update(serviceRequests).set({ totalCents: -1 }).where(eq(serviceRequests.id, id)),
      ],
      ['offer status', () => db.update(requestOffers).set({ currentStatus: 'maybe' })],
      ['service state', () => db.update(requestServices).set({ serviceState: 'paused' })],
      ['work status', () => db.update(calendarDays).set({ workStatus: 'cancelled' })],
      ['payment state', () => db.update(payments).set({ paymentState: 'refunded' })],
      ['invoice status', () => db.update(invoices).set({ status: 'uncollectible' })],
      ['referral status', () => db.update(referrals).set({ status: 'LOST' })],
      ['vehicle size', () => db.update(vehicleTrims).set({ size: 'XL' })],
      ['catalog', () => db.update(services).set({ catalog: 'WHOLESALE' })],
      ['customer contract', () => db.update(dealers).set({ customerContract: 'maybe' })],
      ['factory input', () => createServiceRequest(db, { currentState: 'archived' })],
    ];
    for (const [what, attempt] of attempts) {
      await expect(attempt(), what).rejects.toThrow();
    }
  });

  it('lets tests build minimal rows with the same factories', async () => {
    const user = await createUser(db, { password: 'secret-pass' });
    expect(user.userType).toBe('dealer');
    expect(user.dealerId).not.toBeNull();
    expect(await verifyPassword(user.passwordHash ?? '', 'secret-pass')).toBe(true);

    const dealerJob = await createServiceRequest(db, { requestorDealerId: user.dealerId ?? undefined });
    expect(dealerJob.request).toMatchObject({
      requestType: 'dealer',
      assignedInstallerId: null,
      taxesCents: 0,
    });
    expect(dealerJob.history.map((h) => h.requestStatus)).toEqual(['created']);

    const installer = await createInstaller(db, { taxRateBps: 800 });
    const job = await createServiceRequest(db, {
      requestorInstallerId: installer.id,
      currentState: 'finished',
      lines: [
        {
          serviceCategory: 'Paint',
          description: 'Ceramic Coating',
          amountCents: 120_000,
          discountCents: 20_000,
        },
        {
          serviceCategory: 'Glass/Tint',
          description: 'Windshield Tint',
          amountCents: 25_050,
          durationTenths: 3,
        },
      ],
      calendar: { startDate: '2025-06-10', workStatus: 'finished' },
    });
    expect(job.request).toMatchObject({
      requestType: 'installer',
      assignedInstallerId: installer.id,
      totalCents: 145_050,
      discountCents: 20_000,
      feeCents: 6253,
      taxesCents: 10_004,
      durationTenths: 13,
      serviceRequested: 'Paint - Ceramic Coating + 1',
    });
    expect(job.schedule?.installerId).toBe(installer.id);
    expect(job.offers.map((o) => o.currentStatus)).toEqual(['finished']);
    const invoice = await createInvoice(db, { requestId: job.request.id, status: 'paid' });
    expect(invoice.amountDueCents).toBe(145_050 - 20_000 + 10_004);
    const payment = await createPayment(db, { invoiceId: invoice.id });
    expect(payment).toMatchObject({ paymentState: 'paid', amountCents: invoice.amountDueCents });
    // Fees follow the server's rule: 5 % of the pre-tax part (125_050 of 135_054), not of the whole amount.
    expect(payment.platformFeeCents).toBe(6253);
    // A deposit carries its share of the job's tax (largest remainder: 46_296 + 3_704 = 50_000).
    const deposit = await createInvoice(db, {
      requestId: job.request.id,
      invoiceType: 'deposit',
      amountDueCents: 50_000,
      linkToRequest: false,
    });
    expect(deposit.taxCents).toBe(3704);
    expect((await createPayment(db, { invoiceId: deposit.id })).platformFeeCents).toBe(2315);
    const referral = await createReferral(db, {
      requestedService: 'PPF - Full Front',
      benefitsToken: 'token',
    });
    expect(referral).toMatchObject({ status: 'NEW', bonusCents: 10_000, specialistAction: 'available' });
    expect(referral.benefitsTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('seeds in reasonable time', () => {
    expect(seedMs).toBeLessThan(20_000);
  });
});
