import { expect } from 'vitest';
import { buildTestApp, type signIn, signInAll } from '../../../test/build-test-app';
import { createRetailCustomer, createUsers } from '../../../test/world';
import type { Db } from '../../db/client';
import { createDealer, createInstaller } from '../../db/factories/identity';
import { createInvoice, createPayment } from '../../db/factories/money';
import { createReferral } from '../../db/factories/referrals';
import {
  type CreateServiceRequestOptions,
  createServiceRequest,
  type OfferInput,
} from '../../db/factories/service-requests';

export const FIXTURE_PASSWORD = 'service-requests-test-password';

export type FixtureSession = Awaited<ReturnType<typeof signIn>>;

/** 10:00 UTC on day `n` after 2025-01-01: available dates, so every list has a known order. */
export function day(n: number): Date {
  return new Date(Date.UTC(2025, 0, 1 + n, 10, 0, 0));
}

/**
 * Two dealerships (A, B), three installers (I1–I3) and their users, requests of both types in every state,
 * offers in several statuses, a deleted and a reviewed request of each kind. Request keys say what each one
 * is: `A_*` dealer A's requests, `B_*` dealer B's, `E1_*` / `E2_*` estimates of I1 / I2.
 */
export async function buildServiceRequestsFixture(db: Db) {
  const dealerA = await createDealer(db, { name: 'Alpha Motors', email: 'alpha@dealers.test' });
  const dealerB = await createDealer(db, { name: 'Bravo Autos', email: 'bravo@dealers.test' });
  const i1 = await createInstaller(db, {
    name: 'One Film',
    email: 'one@installers.test',
    phone: '8135550001',
  });
  const i2 = await createInstaller(db, { name: 'Two Tint', email: 'two@installers.test' });
  const i3 = await createInstaller(db, { name: 'Three Paint', email: 'three@installers.test' });
  const customer = await createRetailCustomer(db, i1.id, { phone: '8135550999' });

  const users = await createUsers(db, FIXTURE_PASSWORD, {
    dealerA: ['sr-dealer-a@example.test', { dealerId: dealerA.id }],
    assistA: ['sr-assist-a@example.test', { dealerId: dealerA.id }, 'ASSIST'],
    dealerB: ['sr-dealer-b@example.test', { dealerId: dealerB.id }],
    i1: ['sr-installer-1@example.test', { installerId: i1.id }, 'ADMIN'],
    i2: ['sr-installer-2@example.test', { installerId: i2.id }],
    i3: ['sr-installer-3@example.test', { installerId: i3.id }],
  });

  const ids: Record<string, number> = {};
  const dealerRequest = async (
    key: string,
    dealerId: number,
    state: string,
    availableDay: number,
    options: { assigned?: number; offers?: OfferInput[] } & CreateServiceRequestOptions = {},
  ) => {
    const { assigned, ...rest } = options;
    const created = await createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: dealerId,
      currentState: state,
      assignedInstallerId: assigned ?? null,
      availableDate: day(availableDay),
      createdDate: day(availableDay - 30),
      ...rest,
    });
    ids[key] = created.request.id;
    return created;
  };
  const estimate = async (
    key: string,
    installerId: number,
    state: string,
    availableDay: number,
    options: CreateServiceRequestOptions = {},
  ) => {
    const created = await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: installerId,
      customerId: customer.id,
      currentState: state,
      availableDate: day(availableDay),
      createdDate: day(availableDay - 30),
      ...options,
    });
    ids[key] = created.request.id;
    return created;
  };

  // Dealer A: one request per state, plus an open one, one whose I1 offer was rejected and one assigned directly.
  await dealerRequest('A_new1', dealerA.id, 'new', 10, {
    offers: [
      { installerId: i1.id, currentStatus: 'offered', startDate: day(10) },
      { installerId: i2.id, currentStatus: 'offered', startDate: day(11) },
    ],
    lines: [
      {
        serviceCategory: 'PPF',
        description: 'Full Front',
        amountCents: 123_456,
        discountCents: 1_000,
        durationTenths: 15,
        retailPriceCents: 150_000,
      },
      { serviceCategory: 'Glass/Tint', description: 'Windshield', amountCents: 5_000, durationTenths: 5 },
    ],
    notes: [{ noteText: 'Please call first' }],
  });
  await dealerRequest('A_new2_open', dealerA.id, 'new', 3, { offers: [] });
  await dealerRequest('A_new3_rej', dealerA.id, 'new', 7, {
    offers: [
      { installerId: i1.id, currentStatus: 'rejected' },
      { installerId: i2.id, currentStatus: 'offered' },
    ],
  });
  await dealerRequest('A_answered', dealerA.id, 'answered', 5, {
    offers: [
      { installerId: i1.id, currentStatus: 'accepted', startDate: day(20) },
      { installerId: i2.id, currentStatus: 'offered' },
      { installerId: i3.id, currentStatus: 'rejected' },
    ],
    calendar: [
      { installerId: i1.id, startDate: '2025-01-21', workStatus: 'pending' },
      { installerId: i2.id, startDate: '2025-01-22', workStatus: 'draft' },
    ],
  });
  await dealerRequest('A_sched', dealerA.id, 'scheduled', 12, {
    assigned: i1.id,
    calendar: { startDate: '2025-01-13', workStatus: 'booked' },
  });
  await dealerRequest('A_recv', dealerA.id, 'received', 2, { assigned: i2.id });
  await dealerRequest('A_started', dealerA.id, 'started', 8, { assigned: i1.id });
  await dealerRequest('A_finished', dealerA.id, 'finished', 6, { assigned: i1.id });
  await dealerRequest('A_collected', dealerA.id, 'collected', 4, { assigned: i1.id });
  await dealerRequest('A_reviewed', dealerA.id, 'reviewed', 1, { assigned: i1.id, reviewScore: 5 });
  await dealerRequest('A_deleted', dealerA.id, 'deleted', 9, {
    offers: [{ installerId: i1.id, currentStatus: 'offered' }],
  });
  await dealerRequest('A_direct', dealerA.id, 'new', 14, { assigned: i1.id });

  // Dealer B.
  await dealerRequest('B_new', dealerB.id, 'new', 11, {
    offers: [
      { installerId: i1.id, currentStatus: 'offered' },
      { installerId: i3.id, currentStatus: 'offered' },
    ],
  });
  await dealerRequest('B_sched', dealerB.id, 'scheduled', 13, { assigned: i3.id });
  await dealerRequest('B_finished', dealerB.id, 'finished', 15, { assigned: i1.id });
  await dealerRequest('B_started', dealerB.id, 'started', 0, { assigned: i1.id });

  // I1's estimates; E1_new shares A_new1's available date (the tie goes to the lower id).
  await estimate('E1_new', i1.id, 'new', 10);
  await estimate('E1_new2', i1.id, 'new', 1, { customerId: null, dealerId: dealerB.id });
  await estimate('E1_sched', i1.id, 'scheduled', 16, { depositAmountCents: 20_000 });
  await estimate('E1_recv', i1.id, 'received', 3);
  await estimate('E1_started', i1.id, 'started', 17);
  await estimate('E1_finished', i1.id, 'finished', 18);
  await estimate('E1_collected', i1.id, 'collected', 19);
  await estimate('E1_reviewed', i1.id, 'reviewed', 20);
  await estimate('E1_deleted', i1.id, 'deleted', 2);
  // I2's estimates.
  await estimate('E2_new', i2.id, 'new', 0, { customerId: null });
  await estimate('E2_started', i2.id, 'started', 5, { customerId: null });

  // Money and referral links.
  const deposit = await createInvoice(db, {
    requestId: ids.E1_sched as number,
    invoiceType: 'deposit',
    status: 'paid',
  });
  await createPayment(db, { invoiceId: deposit.id });
  await createInvoice(db, {
    requestId: ids.E1_finished as number,
    status: 'open',
    number: 'INV-77',
    customerFacingNumber: 'CF-77',
  });
  const referral = await createReferral(db, {
    dealerId: dealerA.id,
    requestId: ids.A_new1 as number,
    status: 'OFFERED',
  });

  const key = (id: number) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? `#${id}`;
  return { dealerA, dealerB, i1, i2, i3, customer, users, ids, key, referral };
}
export type ServiceRequestsFixture = Awaited<ReturnType<typeof buildServiceRequestsFixture>>;

/**
 * One test file's app, data set and signed-in users, with GET as a named user. Call it in `beforeAll`, close
 * `t` in `afterAll`.
 */
export async function startServiceRequestsSuite() {
  const t = await buildTestApp();
  const f = await buildServiceRequestsFixture(t.database.db);
  const s: Record<string, FixtureSession> = await signInAll(t.app, FIXTURE_PASSWORD, f.users);
  const get = (who: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: (s[who] as FixtureSession).headers });
  /** Each [who, url] is refused with `status` and the error `code`. */
  const expectRefusals = async (cases: [string, string][], status: number, code: string) => {
    for (const [who, url] of cases) {
      const res = await get(who, url);
      expect({ url, status: res.statusCode }).toEqual({ url, status });
      expect(res.json().code).toBe(code);
    }
  };
  return { t, f, s, get, expectRefusals };
}

export type ServiceRequestsSuite = Awaited<ReturnType<typeof startServiceRequestsSuite>>;
