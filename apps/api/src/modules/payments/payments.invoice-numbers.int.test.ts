import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/build-test-app';
import { createLocalPaymentAdapter } from '../../adapters/payments/local-payment-adapter';
import { type PaymentPort, PaymentProviderError } from '../../adapters/payments/payment-port';
import { createInstaller, createUser } from '../../db/factories/identity';
import { createInvoice } from '../../db/factories/money';
import { resolveMigrationsFolder } from '../../db/migrate';
import { pickColumns } from '../../db/pick-columns';
import { invoiceNumberSeries, invoices } from '../../db/schema/money';
import { serviceRequests } from '../../db/schema/service-requests';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed';
import { buildPaymentsWorld, PASSWORD } from './payments.fixture';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsService } from './payments.service';

/**
 * One invoice-number series per installer (issue 17 defect 6, decision 009): PREFIX-n, number = customer-facing
 * number, taken in the invoice's own transaction, so concurrent creations never collide or skip and a
 * rolled-back one gives its number back; the demo's installers continue their seeded series; the migration's
 * backfill continues a series that existing invoices show.
 */
describe('invoice numbers: one gap-free series per installer', () => {
  let w: Awaited<ReturnType<typeof buildPaymentsWorld>>;
  let eliteId: number;
  let eliteSession: Awaited<ReturnType<typeof signIn>>;

  const t = useTestApp({ timeout: 120_000 });
  beforeAll(async () => {
    await seedDemoData(t.database.db, { now: new Date('2025-06-18T15:30:00.000Z') });
    w = await buildPaymentsWorld(t.app, t.database.db);
    eliteSession = await signIn(t.app, 'installer@demo.test', DEMO_PASSWORD);
    eliteId = eliteSession.user.companyId;
  }, 120_000);

  const db = () => t.database.db;

  async function seriesOf(installerId: number) {
    const [row] = await db()
      .select()
      .from(invoiceNumberSeries)
      .where(eq(invoiceNumberSeries.installerId, installerId));
    return row ?? null;
  }

  async function numbersOf(installerId: number) {
    return db()
      .select({ number: invoices.number, customerFacingNumber: invoices.customerFacingNumber })
      .from(invoices)
      .where(eq(invoices.installerId, installerId))
      .orderBy(asc(invoices.id));
  }

  function range(prefix: string, first: number, count: number): string[] {
    return Array.from({ length: count }, (_, i) => `${prefix}-${first + i}`);
  }

  /** The sequence part of PREFIX-n, for sorting. */
  const seq = (number: string | null) => Number(number?.split('-')[1]);

  it('the demo seed numbers each installer’s invoices in its own series from 1040, and the series keeps the last', async () => {
    const seeded = [
      { email: 'installer@demo.test', prefix: 'EAF' },
      { email: 'installer2@demo.test', prefix: 'EAFN' },
      { email: 'installer3@demo.test', prefix: 'CVT' },
    ];
    let total = 0;
    for (const { email, prefix } of seeded) {
      const { user } = await signIn(t.app, email, DEMO_PASSWORD);
      const numbers = await numbersOf(user.companyId);
      expect(numbers.map((n) => n.number)).toEqual(range(prefix, 1040, numbers.length));
      for (const n of numbers) expect(n.customerFacingNumber).toBe(n.number);
      expect(await seriesOf(user.companyId)).toMatchObject({ prefix, lastNumber: 1039 + numbers.length });
      total += numbers.length;
    }
    expect((await numbersOf(eliteId)).length).toBeGreaterThan(1);
    expect(total).toBe((await db().select({ id: invoices.id }).from(invoices)).length);
  });

  it('concurrent creations for two installers: each gets exactly the next numbers of its own series, no gap, no duplicate; the seeded one continues its seeded numbers', async () => {
    const MINE = 16;
    const ELITE = 6;
    const mine = await Promise.all(Array.from({ length: MINE }, () => w.retailJob()));
    const elites = await Promise.all(
      Array.from({ length: ELITE }, () => w.dealerJob({ assignedInstallerId: eliteId })),
    );
    const eliteBefore = (await seriesOf(eliteId))?.lastNumber ?? 0;
    const eliteSeeded = await numbersOf(eliteId);
    expect(eliteBefore).toBe(1039 + eliteSeeded.length);
    const myBefore = (await seriesOf(w.installer.id))?.lastNumber ?? 1000;

    // Interleaved, all at once: the installer's sixteen and Elite's six.
    const sends = [
      ...mine.map((job) => ({ session: w.sessions.installer, job, requestType: 'installer' })),
      ...elites.map((job) => ({ session: eliteSession, job, requestType: 'dealer' })),
    ].sort((a, b) => a.job.id - b.job.id);
    const replies = await Promise.all(
      sends.map(({ session, job, requestType }) =>
        w.call(session, 'POST', '/api/invoices/', { requestId: job.id, requestType }),
      ),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    const bodies = replies.map((r) => r.json() as { number: string; customer_facing_number: string });
    for (const body of bodies) expect(body.customer_facing_number).toBe(body.number);

    const mineNumbers = bodies.filter((b) => b.number.startsWith('EPF-')).map((b) => b.number);
    const eliteNumbers = bodies.filter((b) => b.number.startsWith('EAF-')).map((b) => b.number);
    expect(mineNumbers.sort((a, b) => seq(a) - seq(b))).toEqual(range('EPF', myBefore + 1, MINE));
    expect(eliteNumbers.sort((a, b) => seq(a) - seq(b))).toEqual(range('EAF', eliteBefore + 1, ELITE));
    // Elite's whole history is one series: the seeded EAF-1040… and then these, no gap. (A number is taken
    // after the invoice row is written, so concurrent invoices' ids and numbers need not be in one order.)
    expect((await numbersOf(eliteId)).map((n) => n.number).sort((a, b) => seq(a) - seq(b))).toEqual(
      range('EAF', 1040, eliteSeeded.length + ELITE),
    );
    expect(await seriesOf(w.installer.id)).toMatchObject({ prefix: 'EPF', lastNumber: myBefore + MINE });
    // Each job shows its invoice's number (invoiceId / customer_facing_invoice on the wire).
    const jobs = await db()
      .select(pickColumns(serviceRequests, 'id', 'invoiceNumber', 'customerFacingInvoice'))
      .from(serviceRequests)
      .where(
        inArray(
          serviceRequests.id,
          sends.map((s) => s.job.id),
        ),
      );
    for (const job of jobs) expect(job.customerFacingInvoice).toBe(job.invoiceNumber);
    expect(new Set(jobs.map((j) => j.invoiceNumber)).size).toBe(MINE + ELITE);
  });

  it('a creation rolled back with its caller’s transaction gives its number back', async () => {
    const job = await w.retailJob();
    const before = (await seriesOf(w.installer.id))?.lastNumber ?? 1000;
    let taken: string | null = null;
    await expect(
      db().transaction(async (tx) => {
        const { invoice } = await t.app.payments.service.createInvoiceForRequest(tx, {
          requestId: job.id,
          invoiceType: 'final',
          idempotencyKey: null,
        });
        taken = invoice.number;
        throw new Error('the transition failed after invoicing');
      }),
    ).rejects.toThrow('the transition failed after invoicing');
    expect(taken).toBe(`EPF-${before + 1}`);
    expect(await w.rows.invoices(job.id)).toEqual([]);
    expect((await seriesOf(w.installer.id))?.lastNumber).toBe(before);

    const next = await w.call(w.sessions.installer, 'POST', '/api/invoices/', {
      requestId: job.id,
      requestType: 'installer',
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().number).toBe(`EPF-${before + 1}`);
  });

  it('a creation that fails after taking its number (the provider is down at finalizing) leaves no gap', async () => {
    const job = await w.retailJob();
    const before = (await seriesOf(w.installer.id))?.lastNumber ?? 1000;
    const local = createLocalPaymentAdapter({ db: db() });
    const providerDown: PaymentPort = {
      ...local,
      kind: 'stripe',
      finalizeInvoice: async () => {
        throw new PaymentProviderError('Stripe is unavailable', 'api_connection_error');
      },
    };
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const service = createPaymentsService({
      db: db(),
      port: providerDown,
      repository: createPaymentsRepository(),
      publicUrl: t.config.publicUrl,
      clock: () => new Date(),
      logger: quiet,
    });
    const failed = await service.tryCreateInvoiceForRequest(db(), {
      requestId: job.id,
      invoiceType: 'final',
      idempotencyKey: null,
      finalize: true,
      completedKind: 'job',
    });
    expect(failed).toMatchObject({ ok: false, code: 'INTERNAL' });
    expect(await w.rows.invoices(job.id)).toEqual([]);
    expect((await seriesOf(w.installer.id))?.lastNumber).toBe(before);

    const next = await w.call(w.sessions.installer, 'POST', '/api/invoices/', {
      requestId: job.id,
      requestType: 'installer',
    });
    expect(next.json().number).toBe(`EPF-${before + 1}`);
  });

  it('the migration’s backfill continues the series existing invoices show; old numbers stay resolvable', async () => {
    const legacy = await createInstaller(db(), { name: 'Legacy Wraps' });
    const rival = await createInstaller(db(), { name: 'Lakeside Wraps' });
    const runtimeOnly = await createInstaller(db(), { name: 'Old Runtime Only' });
    await createUser(db(), { email: 'legacy@installers.test', password: PASSWORD, installerId: legacy.id });
    const job = (installerId: number) => w.dealerJob({ assignedInstallerId: installerId });
    // The old schemes: the seed's INV-<seq> with a customer-facing <PREFIX>-<seq>, the runtime INV-(100000 + id).
    const old = async (installerId: number, number: string, customerFacingNumber: string) =>
      createInvoice(db(), {
        requestId: (await job(installerId)).id,
        number,
        customerFacingNumber,
        linkToRequest: false,
      });
    await old(legacy.id, 'INV-1050', 'LW-1050');
    await old(legacy.id, 'INV-100077', 'INV-100077');
    await old(legacy.id, 'INV-1052', 'LW-1052');
    await old(rival.id, 'INV-1051', 'LW-1051');
    await old(runtimeOnly.id, 'INV-100078', 'INV-100078');

    const sqlFile = readFileSync(
      path.join(resolveMigrationsFolder(), '0006_invoice_number_series.sql'),
      'utf8',
    );
    const backfill = sqlFile.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('INSERT INTO invoice_number_series');
    await t.database.exec(backfill);

    expect(await seriesOf(legacy.id)).toMatchObject({ prefix: 'LW', lastNumber: 1052 });
    // LW is the lower id's; the rival and the runtime-only installer start a series of their own.
    expect(await seriesOf(rival.id)).toBeNull();
    expect(await seriesOf(runtimeOnly.id)).toBeNull();
    // The series the run had already are untouched.
    expect(await seriesOf(eliteId)).toMatchObject({ prefix: 'EAF' });

    const invoiceFor = async (installerId: number) => {
      const { invoice } = await t.app.payments.service.createInvoiceForRequest(db(), {
        requestId: (await job(installerId)).id,
        invoiceType: 'final',
        idempotencyKey: null,
      });
      return invoice.number;
    };
    expect(await invoiceFor(legacy.id)).toBe('LW-1053');
    expect(await invoiceFor(rival.id)).toBe('LW2-1001');
    expect(await invoiceFor(runtimeOnly.id)).toBe('ORO-1001');

    const session = await signIn(t.app, 'legacy@installers.test', PASSWORD);
    for (const ref of ['LW-1050', 'INV-1050', 'INV-100077', 'LW-1053']) {
      const found = await w.call(session, 'GET', `/api/invoices/${ref}`);
      expect(found.statusCode, ref).toBe(200);
      expect([found.json().number, found.json().customer_facing_number]).toContain(ref);
    }
  });
});
