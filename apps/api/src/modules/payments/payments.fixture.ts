import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildTestApp, type signIn, signInAll } from '../../../test/build-test-app';
import { createRetailCustomer, createUsers } from '../../../test/world';
import type { Db } from '../../db/client';
import { createDealer, createInstaller, createInstallerLocation } from '../../db/factories/identity';
import { type CreateServiceRequestOptions, createServiceRequest } from '../../db/factories/service-requests';
import { cardPaymentAttempts, invoices, paymentFailures, payments } from '../../db/schema/money';
import { outbox } from '../../db/schema/outbox';

export const PASSWORD = 'payments-test-password';

type Session = Awaited<ReturnType<typeof signIn>>;

/**
 * Two dealerships, two installers (one with a card reader, a Connect account and sales tax), a retail
 * customer, their users and helpers to make jobs and read money rows. Every test makes its own jobs.
 */
export async function buildPaymentsWorld(
  app: FastifyInstance,
  db: Db,
  options: { readerId?: string; stripeAccountId?: string | null; stripeTaxRate?: string | null } = {},
) {
  const dealer = await createDealer(db, { name: 'Sunrise Pay Motors', billingEmail: 'ap@sunrise-pay.test' });
  const otherDealer = await createDealer(db, { name: 'Harbor Pay Autos' });
  const installer = await createInstaller(db, {
    name: 'Elite Pay Film',
    taxRateBps: 825,
    stripeAccountId: options.stripeAccountId === undefined ? 'acct_elite_test' : options.stripeAccountId,
    stripeTaxRate: options.stripeTaxRate ?? null,
    onboardingComplete: true,
  });
  const otherInstaller = await createInstaller(db, { name: 'Clearview Pay Tint' });
  const readerId = options.readerId ?? 'sim_reader_pay_main';
  const location = await createInstallerLocation(db, {
    installerId: installer.id,
    name: 'Elite Pay main',
    cardReaderId: readerId,
  });
  const customer = await createRetailCustomer(db, installer.id, { email: 'rita@customers.test' });

  const users = await createUsers(db, PASSWORD, {
    dealer: ['pay-dealer@example.test', { dealerId: dealer.id }],
    assist: ['pay-assist@example.test', { dealerId: dealer.id }, 'ASSIST'],
    dealer2: ['pay-dealer2@example.test', { dealerId: otherDealer.id }],
    installer: ['pay-installer@example.test', { installerId: installer.id }, 'ADMIN'],
    installer2: ['pay-installer2@example.test', { installerId: otherInstaller.id }],
  });
  const sessions = await signInAll(app, PASSWORD, users);

  /** A finished job with no state history (the money tests start at the end of the work). */
  async function finishedJob(values: CreateServiceRequestOptions) {
    const { request } = await createServiceRequest(db, {
      currentState: 'finished',
      history: 'none',
      ...values,
    });
    return request;
  }

  /** A retail job of the installer: lines 1,500.00 + 400.00 − 100.00 discount, 8.25 % tax. */
  const retailJob = (overrides: CreateServiceRequestOptions = {}) =>
    finishedJob({
      requestType: 'installer',
      requestorInstallerId: installer.id,
      customerId: customer.id,
      lines: [
        {
          serviceCategory: 'PPF',
          description: 'Full Front PPF',
          amountCents: 150_000,
          discountCents: 10_000,
        },
        { serviceCategory: 'Glass/Tint', description: 'Windshield Tint', amountCents: 40_000 },
      ],
      ...overrides,
    });

  /** A finished dealer job assigned to the installer (wholesale, no tax). */
  const dealerJob = (overrides: CreateServiceRequestOptions = {}) =>
    finishedJob({
      requestType: 'dealer',
      requestorDealerId: dealer.id,
      assignedInstallerId: installer.id,
      lines: [{ serviceCategory: 'PPF', description: 'Track Pack PPF', amountCents: 120_000 }],
      ...overrides,
    });

  const rows = {
    invoices: (requestId: number) =>
      db.select().from(invoices).where(eq(invoices.requestId, requestId)).orderBy(asc(invoices.id)),
    payments: (requestId: number) =>
      db.select().from(payments).where(eq(payments.requestId, requestId)).orderBy(asc(payments.id)),
    attempts: (invoiceId: number) =>
      db.select().from(cardPaymentAttempts).where(eq(cardPaymentAttempts.invoiceId, invoiceId)),
    failures: (requestId: number) =>
      db
        .select()
        .from(paymentFailures)
        .where(eq(paymentFailures.requestId, requestId))
        .orderBy(asc(paymentFailures.id)),
    outbox: (requestId: number) =>
      db.select().from(outbox).where(eq(outbox.requestId, requestId)).orderBy(asc(outbox.id)),
  };

  function call(
    who: Session | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return app.inject({
      method,
      url,
      headers: { ...(who ? who.headers : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  return {
    dealer,
    otherDealer,
    installer,
    otherInstaller,
    location,
    readerId,
    customer,
    sessions,
    retailJob,
    dealerJob,
    rows,
    call,
  };
}

export type PaymentsWorld = Awaited<ReturnType<typeof buildPaymentsWorld>>;

/** The hidden nonce and the action of the hosted page's form. */
export function formOf(html: string): { nonce: string; action: string } {
  const nonce = /name="nonce" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!nonce || !action) throw new Error('no payment form on the page');
  return { nonce, action };
}

/** A form post as a browser sends it. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * One test file's app and payments world, with the installer's invoice and reader calls the tests share.
 * Call it in `beforeAll`, close `t` in `afterAll`.
 */
export async function startPaymentsSuite() {
  const t = await buildTestApp();
  const w = await buildPaymentsWorld(t.app, t.database.db);
  const installer = () => w.sessions.installer;

  /** POST /invoices/ as the installer (a draft final invoice unless `extra` says otherwise). */
  async function createFinal(requestId: number, extra: Record<string, unknown> = {}, key?: string) {
    const res = await w.call(
      installer(),
      'POST',
      '/api/invoices/',
      { requestId, requestType: 'installer', ...extra },
      key ? { 'idempotency-key': key } : {},
    );
    return res;
  }

  /** A finalized (open) invoice of the job, as the installer; expects 201. */
  async function openInvoice(requestId: number, requestType: 'installer' | 'dealer' = 'installer') {
    const res = await w.call(installer(), 'POST', '/api/invoices/', {
      requestId,
      requestType,
      finalize: true,
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  /** Sets the simulated card reader's behaviour; expects 200. */
  async function setReader(behaviour: string, delayMs = 0) {
    const res = await w.call(installer(), 'PUT', `/api/dev/readers/${w.readerId}`, { behaviour, delayMs });
    expect(res.statusCode).toBe(200);
  }

  return { t, w, installer, createFinal, openInvoice, setReader };
}

export type PaymentsSuite = Awaited<ReturnType<typeof startPaymentsSuite>>;
