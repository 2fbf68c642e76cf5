import { sql } from 'drizzle-orm';
import { buildTestApp, type signIn, signInAll } from '../../../test/build-test-app';
import { createUsers } from '../../../test/world';
import { type CatalogService, createCatalogService } from '../../db/factories/catalog';
import { createDealer, createInstaller } from '../../db/factories/identity';

const PASSWORD = 'service-catalog-password';
type Json = Record<string, unknown>;
type Session = Awaited<ReturnType<typeof signIn>>;

/** Retail dollars L/M/S → cents. */
export const prices = (l: number, m: number, s: number) => ({ L: l * 100, M: m * 100, S: s * 100 });

/**
 * The service catalog tests' world: installers Ace (with Full Front PPF, retail + wholesale) and Bolt, Ace's
 * ASSIST user, and a dealership. One app per test file; close `t` in afterAll.
 */
export async function startServiceCatalogSuite() {
  const t = await buildTestApp();
  const db = t.database.db;
  const ace = await createInstaller(db, { name: 'Ace Film' });
  const bolt = await createInstaller(db, { name: 'Bolt Tint' });
  const dealer = await createDealer(db, { name: 'Catalog Motors' });
  const front: CatalogService = await createCatalogService(db, {
    installerId: ace.id,
    serviceCategory: 'PPF',
    description: 'Full Front PPF',
    durationTenths: 10,
    retail: prices(2200, 1900, 1700),
  });
  const users = await createUsers(db, PASSWORD, {
    ace: ['sc-ace@example.test', { installerId: ace.id }, 'ADMIN'],
    assist: ['sc-assist@example.test', { installerId: ace.id }, 'ASSIST'],
    bolt: ['sc-bolt@example.test', { installerId: bolt.id }],
    dealer: ['sc-dealer@example.test', { dealerId: dealer.id }],
  });
  const s: Record<string, Session> = await signInAll(t.app, PASSWORD, users);

  /** Sends a call as the named user. */
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as Json, headers: (s[who] as Session).headers });
  /** How many rows a table holds. */
  const count = async (table: string, where = 'true') => {
    const result = await db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };
  return { t, db, ace, bolt, dealer, front, call, count };
}
export type ServiceCatalogSuite = Awaited<ReturnType<typeof startServiceCatalogSuite>>;

/** The service form of the Add Service modal as the web sends it. */
export function serviceForm(installerId: number, overrides: Json = {}): Json {
  return {
    installerId,
    serviceCategory: 'PPF',
    description: 'Hood PPF',
    durationDays: 1.5,
    retailPrices: { L: '500.00', M: '450.50', S: '400' },
    wholesalePrices: { L: '425', M: '383', S: '340' },
    ...overrides,
  };
}
