import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildTestApp, signIn } from '../../../test/build-test-app';
import { createRetailCustomer, createUsers } from '../../../test/world';
import type { Db } from '../../db/client';
import {
  addServiceInclusion,
  type CatalogService,
  createCatalogServices,
  createServiceTrimOverride,
} from '../../db/factories/catalog';
import {
  addPreferredInstaller,
  createDealerVendorPreference,
  linkInstallerDealer,
} from '../../db/factories/customers';
import { createDealer, createInstaller, createInstallerLocation } from '../../db/factories/identity';
import { insertVehicleReference } from '../../db/factories/vehicles';
import { vehicleReference } from '../../db/seed-data/vehicles';

export const CREATION_PASSWORD = 'creation-test-password';

/** 2025-03-03 10:00 UTC: the creation tests' "now". */
export const CREATION_NOW = new Date('2025-03-03T10:00:00.000Z');

/** The wire date (YYYY/MM/DD 09:00:00) `n` days after CREATION_NOW. */
export function creationDay(n: number) {
  const d = new Date(CREATION_NOW.getTime() + n * 86_400_000);
  return `${d.toISOString().slice(0, 10).replace(/-/g, '/')} 09:00:00`;
}

/** Retail dollars L/M/S → cents. */
const prices = (l: number, m: number, s: number) => ({ L: l * 100, M: m * 100, S: s * 100 });

/**
 * The creation tests' world (Tampa Bay): the product's reference vehicles; dealers Sun (all specialists) and
 * Bay (preferred mode, prefers Two only); installers One (PPF + tint, retail + wholesale, tax 7.5 %), Two (PPF
 * + tint, cheaper), Tint (tint only), Retail (retail only) and Far (Miami, 200+ miles away).
 */
export async function buildCreationFixture(db: Db) {
  const reference = await insertVehicleReference(db, vehicleReference);
  const sun = await createDealer(db, {
    name: 'Sun Motors',
    zip: '33609',
    latitude: 27.9447,
    longitude: -82.5152,
  });
  const bay = await createDealer(db, {
    name: 'Bay Autos',
    zip: '33713',
    latitude: 27.7989,
    longitude: -82.6793,
    vendorVisibilityMode: 'preferred',
  });
  const tampa = { latitude: 27.9594, longitude: -82.5059 };
  const one = await createInstaller(db, { name: 'One Film', taxRateBps: 750, capacity: 2, ...tampa });
  const two = await createInstaller(db, { name: 'Two Film', taxRateBps: 700, ...tampa });
  const tint = await createInstaller(db, { name: 'Tint Only', ...tampa });
  const retail = await createInstaller(db, { name: 'Retail Only', offersWholesale: false, ...tampa });
  const far = await createInstaller(db, { name: 'Far Away', latitude: 25.7617, longitude: -80.1918 });
  await createInstallerLocation(db, { installerId: one.id, name: 'One Film HQ', capacity: 2 });

  const [oneFront, oneBody, oneTint, oneCustom] = (await createCatalogServices(db, [
    {
      installerId: one.id,
      serviceCategory: 'PPF',
      description: 'Full Front PPF',
      durationTenths: 10,
      retail: prices(2200, 1900, 1700),
    },
    {
      installerId: one.id,
      serviceCategory: 'PPF',
      description: 'Full Body PPF',
      durationTenths: 30,
      retail: prices(6500, 5800, 5200),
    },
    {
      installerId: one.id,
      serviceCategory: 'Glass/Tint',
      description: 'Ceramic Tint',
      durationTenths: 5,
      retail: prices(650, 550, 450),
    },
    {
      installerId: one.id,
      serviceCategory: 'Other Services',
      description: 'Custom Work',
      durationTenths: 10,
      retail: prices(0, 0, 0),
      wholesale: prices(0, 0, 0),
    },
  ])) as [CatalogService, CatalogService, CatalogService, CatalogService];
  await addServiceInclusion(db, oneBody.master.id, oneFront.master.id);
  const [twoFront, twoTint] = (await createCatalogServices(db, [
    {
      installerId: two.id,
      serviceCategory: 'PPF',
      description: 'Full Front PPF',
      durationTenths: 10,
      retail: prices(2000, 1800, 1600),
    },
    {
      installerId: two.id,
      serviceCategory: 'Glass/Tint',
      description: 'Ceramic Tint',
      durationTenths: 5,
      retail: prices(600, 500, 400),
    },
  ])) as [CatalogService, CatalogService];
  await createCatalogServices(db, [
    {
      installerId: tint.id,
      serviceCategory: 'Glass/Tint',
      description: 'Ceramic Tint',
      durationTenths: 5,
      retail: prices(500, 450, 400),
    },
    {
      installerId: retail.id,
      serviceCategory: 'PPF',
      description: 'Full Front PPF',
      durationTenths: 10,
      retail: prices(2100, 1850, 1650),
      wholesale: null,
    },
    {
      installerId: far.id,
      serviceCategory: 'PPF',
      description: 'Full Front PPF',
      durationTenths: 10,
      retail: prices(1500, 1400, 1300),
    },
    {
      installerId: far.id,
      serviceCategory: 'Glass/Tint',
      description: 'Ceramic Tint',
      durationTenths: 5,
      retail: prices(300, 300, 300),
    },
  ]);
  // A per-trim price: One's wholesale Full Front PPF on the 2019 Camry LE.
  const camry = reference.find('Toyota', 'Camry', 'LE');
  await createServiceTrimOverride(db, {
    serviceId: oneFront.row('WHOLE', 'M').id,
    trimId: camry.trimId ?? 0,
    installerId: one.id,
    overridePriceCents: 150_000,
  });

  await addPreferredInstaller(db, bay.id, two.id);
  await createDealerVendorPreference(db, {
    dealerId: bay.id,
    categoryName: 'Glass/Tint',
    vendorVisibilityMode: 'all',
  });
  await linkInstallerDealer(db, one.id, sun.id);

  const customer = await createRetailCustomer(db, one.id);
  const users = await createUsers(db, CREATION_PASSWORD, {
    dealer: ['c-dealer@example.test', { dealerId: sun.id }],
    assist: ['c-assist@example.test', { dealerId: sun.id }, 'ASSIST'],
    bay: ['c-bay@example.test', { dealerId: bay.id }],
    one: ['c-one@example.test', { installerId: one.id }, 'ADMIN'],
    two: ['c-two@example.test', { installerId: two.id }],
    tint: ['c-tint@example.test', { installerId: tint.id }],
    far: ['c-far@example.test', { installerId: far.id }],
  });

  return {
    reference,
    sun,
    bay,
    one,
    two,
    tint,
    retail,
    far,
    customer,
    oneFront,
    oneBody,
    oneTint,
    oneCustom,
    twoFront,
    twoTint,
    users,
    /** The dealers' truck of the reference vehicles (size L); each test registers it under a VIN of its own. */
    f150: { year: 2021, make: 'Ford', model: 'F-150', trim: 'XLT' },
  };
}
export type CreationFixture = Awaited<ReturnType<typeof buildCreationFixture>>;

type Session = Awaited<ReturnType<typeof signIn>>;
type Json = Record<string, unknown>;

/** The fixture's users by the name the tests call them. */
type UserName = keyof CreationFixture['users'];

/**
 * One test file's app (on the creation clock unless `options` gives another, `{}` for the real one), world and
 * signed-in users (`names`, all by default), with the calls the tests share. Call it in `beforeAll`, close
 * `t` in `afterAll`.
 */
export async function startCreationSuite(
  names?: readonly UserName[],
  options: { clock?: () => Date } = { clock: () => CREATION_NOW },
) {
  const t = await buildTestApp({}, options);
  const f = await buildCreationFixture(t.database.db);
  const s: Record<string, Session> = {};
  for (const name of names ?? (Object.keys(f.users) as UserName[])) {
    s[name] = await signIn(t.app, f.users[name], CREATION_PASSWORD);
  }

  /** Sends a call as the named user. */
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as Json, headers: (s[who] as Session).headers });
  /** The rows of a raw query. */
  const rowsOf = async <T>(query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  /** How many rows a table holds. */
  const count = async (table: string) =>
    Number((await rowsOf<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n);
  /** POST /vehicles as the named user; expects 200. */
  const createVehicle = async (who: string, body: Json) => {
    const res = await call(who, 'POST', '/api/vehicles', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; VIN: string; size: string; id_car_trim: number | null };
  };
  return { t, f, s, call, rowsOf, count, createVehicle };
}

export type CreationSuite = Awaited<ReturnType<typeof startCreationSuite>>;

/** Cents → wire dollars. */
export const wireDollars = (cents: number) => cents / 100;
/** The 5 % request fee on an amount in cents. */
export const requestFee = (cents: number) => Math.round(cents * 0.05);
