import type { FastifyInstance } from 'fastify';
import { type signIn, signInAll } from '../../../test/build-test-app';
import { createRetailCustomer, createUsers } from '../../../test/world';
import type { Db } from '../../db/client';
import { createDealer, createInstaller } from '../../db/factories/identity';
import { createServiceRequest } from '../../db/factories/service-requests';
import { invoices, payments } from '../../db/schema/money';

export const PASSWORD = 'financials-test-password';
/** The screen opens on this month: the tests run on a fixed clock in it. */
export const NOW = new Date('2026-03-15T12:00:00Z');

type Session = Awaited<ReturnType<typeof signIn>>;

type InvoiceSpec = {
  installerId: number;
  requestId: number;
  dealerId?: number | null;
  customerId?: number | null;
  /** The name written on the invoice (what the row shows when it names no dealership or customer). */
  customerName?: string | null;
  type?: 'deposit' | 'final';
  status: 'draft' | 'open' | 'paid' | 'void';
  state: 'invoiced' | 'pending' | 'paid' | 'covered';
  cents: number;
  feeCents: number;
  date: string;
  paidDate?: string;
  method?: 'check' | 'card' | 'cash' | 'settle' | null;
  checkNumber?: string | null;
  cardLast4?: string | null;
  po?: string | null;
};

/**
 * Two installers (A with a payment account and a company e-mail, B), two dealerships (Sunrise, Harbor) and a
 * retail customer whose name needs escaping, with hand-made invoices and payments (`addInvoice`): every
 * figure the tests expect is computed by hand in the test from these.
 */
export async function buildFinancialsWorld(app: FastifyInstance, db: Db) {
  const sunrise = await createDealer(db, { name: 'Sunrise Fin Motors' });
  const harbor = await createDealer(db, { name: 'Harbor Fin Autos' });
  const elite = await createInstaller(db, {
    name: 'Elite Fin Film',
    email: 'Owner@Elite-Fin.test',
    stripeAccountId: 'acct_fin_elite',
    onboardingComplete: true,
  });
  const clear = await createInstaller(db, { name: 'Clearview Fin Tint', email: 'clear@fin.test' });
  const customer = await createRetailCustomer(db, elite.id, {
    name: `Rita <b>"&"</b> O'Neil`,
    email: 'rita@fin.test',
  });
  const users = await createUsers(db, PASSWORD, {
    owner: ['owner@elite-fin.test', { installerId: elite.id }, 'ADMIN'],
    staff: ['staff@elite-fin.test', { installerId: elite.id }],
    clear: ['clear@fin.test', { installerId: clear.id }],
    sunrise: ['buyer@sunrise-fin.test', { dealerId: sunrise.id }],
    harbor: ['buyer@harbor-fin.test', { dealerId: harbor.id }],
  });
  const sessions = await signInAll(app, PASSWORD, users);
  const dealerJob = async (dealerId: number, installerId: number) =>
    (
      await createServiceRequest(db, {
        requestType: 'dealer',
        requestorDealerId: dealerId,
        assignedInstallerId: installerId,
        currentState: 'finished',
        history: 'none',
        vehicleYear: 2024,
        vehicleMake: 'Porsche',
        vehicleModel: '911',
        vin: 'WP0AA2A99RS200001',
      })
    ).request.id;
  const retailJob = async () =>
    (
      await createServiceRequest(db, {
        requestType: 'installer',
        requestorInstallerId: elite.id,
        customerId: customer.id,
        currentState: 'finished',
        history: 'none',
      })
    ).request.id;

  let n = 0;
  async function addInvoice(spec: InvoiceSpec) {
    n += 1;
    const [invoice] = await db
      .insert(invoices)
      .values({
        requestId: spec.requestId,
        installerId: spec.installerId,
        dealerId: spec.dealerId ?? null,
        customerId: spec.customerId ?? null,
        customerName: spec.customerName ?? null,
        invoiceType: spec.type ?? 'final',
        number: `FIN-${spec.installerId}-${1000 + n}`,
        status: spec.status,
        amountDueCents: spec.cents,
        amountRemainingCents: spec.status === 'paid' ? 0 : spec.cents,
        amountPaidCents: spec.status === 'paid' ? spec.cents : 0,
        poNumber: spec.po ?? null,
        invoiceDate: new Date(spec.date),
        paidAt: spec.paidDate ? new Date(spec.paidDate) : null,
      })
      .returning();
    if (!invoice) throw new Error('invoice not inserted');
    await db.insert(payments).values({
      requestId: spec.requestId,
      invoiceId: invoice.id,
      installerId: spec.installerId,
      paymentType: spec.type ?? 'final',
      paymentState: spec.state,
      amountCents: spec.cents,
      platformFeeCents: spec.feeCents,
      method: spec.method ?? null,
      checkNumber: spec.checkNumber ?? null,
      cardLast4: spec.cardLast4 ?? null,
      cardType: spec.cardLast4 ? 'visa' : null,
      paymentDate: spec.paidDate ? new Date(spec.paidDate) : null,
    });
    return invoice;
  }

  function call(who: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    return app.inject({
      method,
      url,
      headers: who ? who.headers : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  return { sunrise, harbor, elite, clear, customer, sessions, dealerJob, retailJob, addInvoice, call };
}
export type FinancialsWorld = Awaited<ReturnType<typeof buildFinancialsWorld>>;
