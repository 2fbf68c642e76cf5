/**
 * Test world of the lifecycle integration tests (not shipped): dealerships, installers (one in an installer
 * group, one with a linked calendar, one trial), users of every kind, and builders for requests in any
 * state. Sessions are minted with the app's signer (the guard still loads the user on every call), which
 * keeps 20+ users clear of the sign-in rate limit.
 */

import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildTestApp } from '../../../test/build-test-app';
import { createRetailCustomer } from '../../../test/world';
import type { Db } from '../../db/client';
import { createCustomer } from '../../db/factories/customers';
import {
  createDealer,
  createInstaller,
  createInstallerGroup,
  createInstallerLocation,
  createUser,
  type User,
} from '../../db/factories/identity';
import { createReferral } from '../../db/factories/referrals';
import { type CreateServiceRequestOptions, createServiceRequest } from '../../db/factories/service-requests';
import { pickColumns } from '../../db/pick-columns';
import { calendarDays, requestSchedules } from '../../db/schema/calendar';
import { invoices } from '../../db/schema/money';
import { outbox } from '../../db/schema/outbox';
import { referrals } from '../../db/schema/referrals';
import {
  requestOffers,
  requestServices,
  requestStateHistory,
  serviceRequests,
} from '../../db/schema/service-requests';
import { createTokenSigner } from '../../platform/security/tokens';

/** The tests' clock: 15:00 UTC on Monday 2025-03-10 ("today"). */
export const NOW = new Date('2025-03-10T15:00:00.000Z');
export const TODAY = '2025-03-10';
export const VALID_VIN = '1HGCM82633A004352';

export type Session = { userId: number; companyId: number; headers: { authorization: string } };

export async function mintSession(jwtSecret: string, user: User): Promise<Session> {
  const signer = createTokenSigner(jwtSecret);
  const companyId = (user.userType === 'dealer' ? user.dealerId : user.installerId) as number;
  const token = await signer.sign({
    sub: String(user.id),
    groups: [user.userType === 'dealer' ? 'Dealer' : 'Installer'],
    companyId,
    access: user.access as 'ASSIST' | 'DIRECT' | 'STANDARD' | 'ADMIN',
    userType: user.userType as 'dealer' | 'installer',
    sid: randomUUID(),
  });
  return { userId: user.id, companyId, headers: { authorization: `Bearer ${token}` } };
}

/** `count` installers named `${name} 0…`, each with a signed-in user (races between installers). */
export async function installersWithSessions(db: Db, jwtSecret: string, count: number, name: string) {
  const installers = [];
  const sessions: Session[] = [];
  for (let i = 0; i < count; i++) {
    const installer = await createInstaller(db, { name: `${name} ${i}` });
    installers.push(installer);
    sessions.push(await mintSession(jwtSecret, await createUser(db, { installerId: installer.id })));
  }
  return { installers, sessions };
}

/** An open dealer request of `dealerId` offered to every one of `installers` (the claim races' start). */
export async function openRequestOfferedTo(db: Db, dealerId: number, installers: { id: number }[]) {
  const { request } = await createServiceRequest(db, {
    requestType: 'dealer',
    requestorDealerId: dealerId,
    currentState: 'new',
    assignedInstallerId: null,
    dueDate: new Date('2099-04-30T10:00:00Z'),
    offers: installers.map((installer) => ({ installerId: installer.id, currentStatus: 'offered' })),
  });
  return request;
}

export async function buildLifecycleWorld(db: Db, jwtSecret: string) {
  const dealer = await createDealer(db, {
    name: 'Sunrise Test Motors',
    email: 'sunrise@dealers.test',
    phone: '8135550100',
  });
  const otherDealer = await createDealer(db, { name: 'Harbor Test Auto', email: 'harbor@dealers.test' });
  const contractDealer = await createDealer(db, { name: 'Contract Motors', customerContract: 'Y' });
  const group = await createInstallerGroup(db, { name: 'Elite Test Group' });
  const installerA = await createInstaller(db, {
    name: 'Elite Film',
    installerGroupId: group.id,
    calendarAuthenticated: true,
    calendarId: 'elite@calendar.test',
    capacity: 3,
    onboardingComplete: true,
  });
  const installerA2 = await createInstaller(db, { name: 'Elite Film North', installerGroupId: group.id });
  const installerB = await createInstaller(db, { name: 'Bravo Tint', onboardingComplete: true });
  const installerC = await createInstaller(db, { name: 'Clear Outsider' });
  const trialInstaller = await createInstaller(db, {
    name: 'Trial Tint',
    isTrial: true,
    onboardingComplete: false,
  });
  const locationA = await createInstallerLocation(db, { installerId: installerA.id, capacity: 4 });
  const customer = await createRetailCustomer(db, installerA.id, { phone: '8135550999' });

  const user = (company: { dealerId?: number; installerId?: number }, access = 'STANDARD') =>
    createUser(db, { ...company, access });
  const users = {
    dealer: await user({ dealerId: dealer.id }),
    dealerAssist: await user({ dealerId: dealer.id }, 'ASSIST'),
    otherDealer: await user({ dealerId: otherDealer.id }),
    contractDealer: await user({ dealerId: contractDealer.id }),
    installerA: await user({ installerId: installerA.id }, 'ADMIN'),
    installerAAssist: await user({ installerId: installerA.id }, 'ASSIST'),
    installerA2: await user({ installerId: installerA2.id }),
    installerB: await user({ installerId: installerB.id }),
    installerC: await user({ installerId: installerC.id }),
    trial: await user({ installerId: trialInstaller.id }),
  };
  const sessions = Object.fromEntries(
    await Promise.all(
      Object.entries(users).map(async ([key, u]) => [key, await mintSession(jwtSecret, u)] as const),
    ),
  ) as Record<keyof typeof users, Session>;

  const lines = [
    { serviceCategory: 'PPF', description: 'Full Front PPF', amountCents: 150_000, durationTenths: 10 },
    { serviceCategory: 'Glass/Tint', description: 'Window Tint', amountCents: 40_000, durationTenths: 10 },
  ];

  /** A dealer request of `dealer` (or another dealership) in `state`, with its customer, two 1-day lines. */
  async function dealerRequest(options: CreateServiceRequestOptions = {}) {
    const customerOfDealer = await createCustomer(db, {
      dealerId: options.requestorDealerId ?? dealer.id,
      name: 'Dan Driver',
      phone: '8135550777',
    });
    return createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: dealer.id,
      customerId: customerOfDealer.id,
      availableDate: NOW,
      createdDate: new Date('2025-03-01T10:00:00Z'),
      dueDate: new Date('2025-04-30T10:00:00Z'),
      lines,
      ...options,
    });
  }

  /** An open dealer request (assignedTo 0) offered to the given installers. */
  function openRequest(offeredTo: number[], options: CreateServiceRequestOptions = {}) {
    return dealerRequest({
      currentState: 'new',
      assignedInstallerId: null,
      offers: offeredTo.map((installerId) => ({ installerId, currentStatus: 'offered' })),
      ...options,
    });
  }

  /** An estimate of installer A for its retail customer, 8.25 % tax. */
  function estimate(options: CreateServiceRequestOptions = {}) {
    return createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: installerA.id,
      customerId: customer.id,
      taxRateBps: 825,
      availableDate: NOW,
      createdDate: new Date('2025-03-01T10:00:00Z'),
      dueDate: new Date('2025-03-20T10:00:00Z'),
      lines,
      ...options,
    });
  }

  return {
    dealer,
    otherDealer,
    contractDealer,
    group,
    installerA,
    installerA2,
    installerB,
    installerC,
    trialInstaller,
    locationA,
    customer,
    users,
    sessions,
    dealerRequest,
    openRequest,
    estimate,
    createReferral: (requestId: number, requestedService = 'PPF') =>
      createReferral(db, { dealerId: dealer.id, requestId, status: 'ESTIMATE_CREATED', requestedService }),
  };
}
export type LifecycleWorld = Awaited<ReturnType<typeof buildLifecycleWorld>>;

/** Sends a call as `who`. */
export function caller(app: FastifyInstance) {
  return (
    who: Session,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/**
 * One test file's app (on the tests' clock) and world, with the callers the tests use; `action` posts a
 * named lifecycle action. Call it in `beforeAll`, close `t` in `afterAll`.
 */
export async function startLifecycleSuite() {
  const t = await buildTestApp({}, { clock: () => NOW });
  const w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
  const call = caller(t.app);
  const action = (who: Session, requestId: number, name: string, body: object = {}) =>
    call(who, 'POST', `/api/requestimates/${requestId}/actions/${name}`, body);
  return { t, w, call, action, db: inspector(t.database.db) };
}

export type LifecycleSuite = Awaited<ReturnType<typeof startLifecycleSuite>>;

/** What the database holds about a request after a call. */
export function inspector(db: Db) {
  return {
    async request(id: number) {
      const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      if (!row) throw new Error(`request ${id} missing`);
      return row;
    },
    offers: (id: number) =>
      db
        .select(pickColumns(requestOffers, 'installerId', 'currentStatus', 'startDate', 'endDate'))
        .from(requestOffers)
        .where(eq(requestOffers.requestId, id))
        .orderBy(asc(requestOffers.installerId)),
    async offerStatus(id: number, installerId: number) {
      const rows = await db
        .select(pickColumns(requestOffers, 'currentStatus'))
        .from(requestOffers)
        .where(and(eq(requestOffers.requestId, id), eq(requestOffers.installerId, installerId)));
      return rows[0]?.currentStatus ?? null;
    },
    services: (id: number) =>
      db
        .select(pickColumns(requestServices, 'id', 'serviceState'))
        .from(requestServices)
        .where(eq(requestServices.requestId, id))
        .orderBy(asc(requestServices.position)),
    calendar: (id: number) =>
      db
        .select(pickColumns(calendarDays, 'installerId', 'workDate', 'workStatus', 'eventId', 'locationId'))
        .from(calendarDays)
        .where(eq(calendarDays.requestId, id))
        .orderBy(asc(calendarDays.installerId), asc(calendarDays.workDate)),
    /** The calendar rows of a request as decision 022 lays them out: day, line, the line's tenths that day. */
    async calendarLines(id: number) {
      const rows = await db
        .select(pickColumns(calendarDays, 'workDate', 'requestServiceId', 'dailyWorkTenths', 'workStatus'))
        .from(calendarDays)
        .where(eq(calendarDays.requestId, id))
        .orderBy(asc(calendarDays.workDate), asc(calendarDays.id));
      return rows.map((r) => [r.workDate, r.requestServiceId, r.dailyWorkTenths, r.workStatus]);
    },
    async schedule(id: number) {
      const [row] = await db.select().from(requestSchedules).where(eq(requestSchedules.requestId, id));
      return row ?? null;
    },
    history: (id: number) =>
      db
        .select({
          ...pickColumns(
            requestStateHistory,
            'requestStatus',
            'changedByUserId',
            'changedByUserType',
            'stateDate',
          ),
          serviceId: requestStateHistory.requestServiceId,
        })
        .from(requestStateHistory)
        .where(eq(requestStateHistory.requestId, id))
        .orderBy(asc(requestStateHistory.id)),
    outbox: (id: number) =>
      db
        .select(pickColumns(outbox, 'channel', 'kind', 'payload', 'status'))
        .from(outbox)
        .where(eq(outbox.requestId, id))
        .orderBy(asc(outbox.id)),
    async invoices(id: number) {
      return db.select().from(invoices).where(eq(invoices.requestId, id)).orderBy(asc(invoices.id));
    },
    async referral(id: number) {
      const [row] = await db.select().from(referrals).where(eq(referrals.requestId, id));
      return row ?? null;
    },
  };
}
