import { buildTestApp, signInAll } from '../../../test/build-test-app';
import { createRetailCustomer, createUsers } from '../../../test/world';
import type { Db } from '../../db/client';
import { createCustomer, linkInstallerDealer } from '../../db/factories/customers';
import {
  createDealer,
  createInstaller,
  createInstallerGroup,
  createInstallerLocation,
} from '../../db/factories/identity';
import { createServiceRequest } from '../../db/factories/service-requests';

const ACCESS_PASSWORD = 'access-test-password';

/**
 * Who may reach which customer and company record (issue 19): dealerships Sun and Harbor with their own
 * users; installer One (its group also has North, which One transferred an estimate to) and the unrelated
 * installer Three; One works with Harbor and created Gulf (no users of its own) and Lake (which has a user).
 * Sun referred customer `referred` (no owner yet); One owns `retail`, whose estimate North now does.
 * Every company carries payment, reader and calendar ids that only its own users may read.
 */
export async function buildAccessFixture(db: Db) {
  const sun = await createDealer(db, { name: 'Sun Motors', stripeCustomerId: 'cus_sun' });
  const harbor = await createDealer(db, { name: 'Harbor Autos', stripeCustomerId: 'cus_harbor' });
  const group = await createInstallerGroup(db, { name: 'One Group' });
  const providerIds = { stripeAccountId: 'acct_one', calendarId: 'cal_one', calendarAuthenticated: true };
  const one = await createInstaller(db, { name: 'One Film', installerGroupId: group.id, ...providerIds });
  const north = await createInstaller(db, { name: 'One Film North', installerGroupId: group.id });
  const three = await createInstaller(db, { name: 'Three Tint', stripeAccountId: 'acct_three' });
  await createInstallerLocation(db, { installerId: one.id, name: 'One HQ', cardReaderId: 'tmr_one' });
  await linkInstallerDealer(db, one.id, harbor.id);
  await linkInstallerDealer(db, one.id, sun.id);
  const gulf = await createDealer(db, {
    name: 'Gulf Cars',
    createdByInstallerId: one.id,
    stripeCustomerId: 'cus_gulf',
  });
  const lake = await createDealer(db, { name: 'Lake Cars', createdByInstallerId: one.id });
  await linkInstallerDealer(db, one.id, gulf.id);
  await linkInstallerDealer(db, one.id, lake.id);

  const referred = await createCustomer(db, {
    owningInstallerId: null,
    dealerId: sun.id,
    name: 'Rick Referred',
    email: 'rick@example.test',
    stripeCustomerId: 'cus_rick',
  });
  const retail = await createRetailCustomer(db, one.id, { stripeCustomerId: 'cus_rita' });
  await createServiceRequest(db, {
    requestType: 'installer',
    requestorInstallerId: one.id,
    assignedInstallerId: north.id,
    customerId: retail.id,
    currentState: 'scheduled',
  });

  const users = await createUsers(db, ACCESS_PASSWORD, {
    sun: ['a-sun@example.test', { dealerId: sun.id }],
    harbor: ['a-harbor@example.test', { dealerId: harbor.id }],
    lake: ['a-lake@example.test', { dealerId: lake.id }],
    one: ['a-one@example.test', { installerId: one.id }],
    north: ['a-north@example.test', { installerId: north.id }],
    three: ['a-three@example.test', { installerId: three.id }],
  });
  return { sun, harbor, gulf, lake, one, north, three, referred, retail, users };
}
export type AccessFixture = Awaited<ReturnType<typeof buildAccessFixture>>;
export type AccessUser = keyof AccessFixture['users'];

/** One access test file's app, world and signed-in users. Call it in `beforeAll`, close `t` in `afterAll`. */
export async function startAccessSuite() {
  const t = await buildTestApp();
  const f = await buildAccessFixture(t.database.db);
  const sessions = await signInAll(t.app, ACCESS_PASSWORD, f.users);
  return { t, f, sessions };
}
export type AccessSuite = Awaited<ReturnType<typeof startAccessSuite>>;
